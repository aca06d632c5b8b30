// GET /api/account/sessions and DELETE /api/account/sessions/{sessionId}: the signed-in account's sessions and
// signing one out (browser session only). Signing out every other session is better-auth's
// POST /api/auth/revoke-other-sessions.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Guards } from '../platform/http/guards.js';
import { toHeaders } from '../platform/http/resolve-credentials.js';
import { COOKIE_ONLY, SuccessSchema } from '../platform/http/route-docs.js';
import type { AccountSessions } from './account-sessions.js';

export interface AccountSessionsRoutesDeps {
  readonly guards: Guards;
  readonly sessions: AccountSessions;
}

const AccountSessionSchema = z.object({
  id: z.string(),
  current: z.boolean().describe('true for the session making this call'),
  createdAt: z.string().describe('sign-in time, ISO 8601'),
  lastActiveAt: z.string().describe('last refresh by a request, ISO 8601 (at most an hour behind)'),
  expiresAt: z.string(),
  ipAddress: z.string().nullable().describe('client address recorded at sign-in, as given'),
  userAgent: z.string().nullable(),
  browser: z.string().describe('e.g. "Firefox 128"; empty when unknown'),
  operatingSystem: z.string().describe('e.g. "macOS"; empty when unknown'),
  deviceType: z.enum(['Desktop', 'Mobile', 'Tablet', 'Other']),
  description: z.string().describe('e.g. "Firefox 128 on macOS"'),
});

const SessionParams = z.object({ sessionId: z.string().min(1).max(200) });

export const accountSessionsRoutes: FastifyPluginAsyncZod<AccountSessionsRoutesDeps> = async (app, { guards, sessions }) => {
  const sessionOnly = guards.signedIn({ allow: ['session'] });

  app.get('/api/account/sessions', {
    onRequest: sessionOnly,
    schema: {
      tags: ['General'],
      summary: "The signed-in account's sessions that have not expired, the calling one first",
      security: COOKIE_ONLY,
      response: { 200: z.object({ sessions: z.array(AccountSessionSchema) }) },
    },
  }, async (request) => ({ sessions: await sessions.list(toHeaders(request)) }));

  app.delete('/api/account/sessions/:sessionId', {
    onRequest: sessionOnly,
    schema: {
      tags: ['General'],
      summary: 'Sign out one of the account\'s other sessions (404 for an id that is not one of them; 400 for the calling session)',
      security: COOKIE_ONLY,
      params: SessionParams,
      response: { 200: SuccessSchema },
    },
  }, async (request) => {
    await sessions.revoke(toHeaders(request), request.params.sessionId);
    return { success: true as const };
  });
};
