// The JSON body parser of every route: Fastify's own (prototype poisoning refused), except that an empty body is no body.
import type { FastifyInstance } from 'fastify';

/**
 * HTTP clients send `Content-Type: application/json` on a DELETE (or any call) without a body; Fastify's
 * default parser refuses that with FST_ERR_CTP_EMPTY_JSON_BODY. Here an empty body reads as no body (the
 * route's schema still decides whether one was required); anything else, whitespace included, goes to
 * Fastify's parser, so malformed JSON stays a 400.
 */
export function registerJsonBodyParser(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text === '') {
      done(null, undefined);
      return;
    }
    parseJson(request, text, done);
  });
}
