// The caller's report subscription of a site (GET/PUT /api/sites/:siteId/email-reports, viewers included: it is
// their own mailbox) and the one-click unsubscribe (/api/email-reports/unsubscribe?token=..., no sign-in: GET
// shows a button, POST, the RFC 8058 one-click request from the mail client, turns the report off).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Guards } from '../platform/http/guards.js';
import { principalOf, siteOf } from '../platform/http/guards.js';
import { ANY_CREDENTIAL } from '../platform/http/route-docs.js';
import type { ReportSubscriptionService } from './report-subscription-service.js';
import { SiteIdParams, SubscriptionAnswerSchema, SubscriptionBodySchema, UnsubscribeQuery } from './report-subscription.schema.js';

export interface EmailReportsRoutesDeps {
  readonly guards: Guards;
  readonly service: ReportSubscriptionService;
}

/** No credential: the link's signed token is the proof. */
const NO_CREDENTIAL: Array<Record<string, string[]>> = [{}];

const page = (title: string, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${title}</title></head><body><main><h1>${title}</h1>${body}</main></body></html>`;

export const emailReportsRoutes: FastifyPluginAsyncZod<EmailReportsRoutesDeps> = async (app, { guards, service }) => {
  const own = guards.site({ scope: 'analytics:read', role: 'viewer' });
  const docs = (summary: string) => ({ tags: ['Sites'], summary, security: ANY_CREDENTIAL });

  app.get('/api/sites/:siteId/email-reports', { onRequest: own, schema: { ...docs("The caller's weekly / monthly report mails of the site and their latest deliveries"), params: SiteIdParams, response: { 200: SubscriptionAnswerSchema } } },
    async (request) => ({ data: await service.get(principalOf(request), siteOf(request)) }));

  app.put('/api/sites/:siteId/email-reports', { onRequest: own, schema: { ...docs("Opt in to (or out of) the site's weekly and monthly report mails, sent to the caller's address"), params: SiteIdParams, body: SubscriptionBodySchema, response: { 200: SubscriptionAnswerSchema } } },
    async (request) => ({ data: await service.save(principalOf(request), siteOf(request), request.body) }));

  // Mail clients send `List-Unsubscribe=One-Click` form-encoded; the body says nothing the token does not.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 }, (_request, body, done) => done(null, body));

  app.get('/api/email-reports/unsubscribe', { schema: { tags: ['Sites'], summary: 'The unsubscribe page of a report mail (a button that confirms); the signed token is the credential', security: NO_CREDENTIAL, querystring: UnsubscribeQuery } },
    async (request, reply) => {
      const token = request.query.token;
      void reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');
      if (!/^[A-Za-z0-9_.-]+$/.test(token)) return reply.code(400).send(page('Invalid link', '<p>This unsubscribe link is not valid.</p>'));
      return page('Unsubscribe', `<form method="post" action="/api/email-reports/unsubscribe?token=${token}"><p>Stop receiving this report by email?</p><button type="submit">Unsubscribe</button></form>`);
    });

  app.post('/api/email-reports/unsubscribe', { schema: { tags: ['Sites'], summary: 'One-click unsubscribe (RFC 8058): turns the report of the signed token off', security: NO_CREDENTIAL, querystring: UnsubscribeQuery } },
    async (request, reply) => {
      void reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');
      if (!(await service.unsubscribe(request.query.token))) return reply.code(400).send(page('Invalid link', '<p>This unsubscribe link is not valid.</p>'));
      return page('Unsubscribed', '<p>You will no longer receive this report. You can turn it on again in the dashboard.</p>');
    });
};
