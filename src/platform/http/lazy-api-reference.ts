// The interactive API reference (Scalar) at /api/docs, loaded on its first request instead of at start.
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { API_REFERENCE_PREFIX } from './security-headers.js';

/** Headers of the reference's own answer that the outer reply sets itself (or must not repeat). */
const HOP_HEADERS = new Set(['content-length', 'connection', 'transfer-encoding', 'keep-alive', 'date']);

/**
 * Scalar's plugin holds its 4 MB browser bundle as one string and is read by hardly anyone; imported at start
 * it added about 50 MB to every process's resident memory (measured under tsx, decision 0028). Here the routes
 * under /api/docs are the outer app's own (so its hooks, security headers and policy apply as before), and
 * the first request imports the plugin into a small inner instance whose answers they pass on.
 */
export function registerLazyApiReference(app: FastifyInstance, openApiUrl: string): void {
  let inner: Promise<FastifyInstance> | undefined;
  const load = async (): Promise<FastifyInstance> => {
    const { default: scalar } = await import('@scalar/fastify-api-reference');
    const instance = Fastify({ logger: false });
    // Fonts from the bundle's own CDN would be refused by the page's policy (and leak the reader's address): system fonts.
    await instance.register(scalar, { routePrefix: API_REFERENCE_PREFIX, configuration: { url: openApiUrl, withDefaultFonts: false } });
    await instance.ready();
    return instance;
  };
  const serve = async (request: FastifyRequest, reply: FastifyReply): Promise<string> => {
    inner ??= load().catch((error: unknown) => {
      inner = undefined;
      throw error;
    });
    const answer = await (await inner).inject({ method: 'GET', url: request.url, headers: { accept: request.headers.accept ?? '*/*' } });
    reply.code(answer.statusCode);
    for (const [name, value] of Object.entries(answer.headers)) {
      if (value !== undefined && !HOP_HEADERS.has(name.toLowerCase())) reply.header(name, value);
    }
    // Text (the page, its script): the outer app's policy hashes the page's inline script from this string.
    return answer.payload;
  };
  for (const url of [API_REFERENCE_PREFIX, `${API_REFERENCE_PREFIX}/`, `${API_REFERENCE_PREFIX}/*`]) {
    app.get(url, { schema: { hide: true } }, serve);
  }
}
