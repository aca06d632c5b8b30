// Mounts the better-auth endpoints Loupe serves (forwarded-auth-endpoints.ts), one Fastify route each:
// Fastify request -> Web Request -> better-auth -> Fastify reply. Any other /api/auth path is a 404.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { MetadataDatabase } from '../metadata-store/metadata-schema.js';
import { UnauthorizedError } from '../http/app-errors.js';
import { presentedApiKey, toHeaders } from '../http/resolve-credentials.js';
import { CLIENT_IP_HEADER, type Auth } from './create-auth.js';
import { DOCUMENTED_AUTH_ROUTES } from './auth-route-docs.js';
import { relayAuthResponse } from './auth-response-relay.js';
import { FORWARDED_AUTH_ENDPOINTS } from './forwarded-auth-endpoints.js';
import { invitationReference, type InvitationTokens } from './invitation-tokens.js';
import { INVITATIONS_HIDDEN, organizationIdOf, seesInvitations, withoutInvitations } from './invitation-visibility.js';
import { decideSignUp, INVITED_SIGN_UP_HEADER, SIGN_UP_REFUSED } from './sign-up-gate.js';

/** Key management endpoints that accept a browser session only (never a bearer or query key). */
const COOKIE_ONLY = new Set(['/api/auth/api-key/list', '/api/auth/api-key/update', '/api/auth/api-key/delete']);

export const INVITATION_LINK_INVALID = { message: 'This invitation link is not valid or has expired', code: 'INVITATION_LINK_INVALID' } as const;

type AuthDb = Kysely<MetadataDatabase>;

export interface AuthRoutesDeps {
  readonly auth: Auth;
  readonly db: AuthDb;
  readonly baseUrl: string;
  readonly invitationTokens: InvitationTokens;
  /** DISABLE_SIGNUP=false: anyone may create an account (otherwise the first account and invitees only). */
  readonly openSignup: boolean;
}

function refusal(status: number, body: { message: string; code: string }): Response {
  return Response.json(body, { status });
}

export function registerAuthRoutes(app: FastifyInstance, deps: AuthRoutesDeps): void {
  const sessionUserOf = async (headers: Headers) => {
    const session = await deps.auth.api.getSession({ headers });
    return session ? { userId: session.user.id, activeOrganizationId: session.session.activeOrganizationId ?? undefined } : undefined;
  };

  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    const path = request.url.split('?')[0] ?? '';
    const route = request.routeOptions.url ?? path;
    if (COOKIE_ONLY.has(path) && presentedApiKey(request)) {
      throw new UnauthorizedError('This endpoint accepts a session cookie only');
    }
    const headers = toHeaders(request);
    headers.delete(INVITED_SIGN_UP_HEADER);
    headers.delete('content-length');
    headers.set(CLIENT_IP_HEADER, request.ip);
    let body = request.method === 'GET' || request.body === undefined || request.body === null ? undefined : request.body as Record<string, unknown>;

    if (route === '/api/auth/sign-up/email') {
      const decision = await decideSignUp(deps.db, deps.invitationTokens, deps.openSignup, body);
      if (decision.kind === 'refuse') return relayAuthResponse(refusal(403, SIGN_UP_REFUSED), reply);
      if (decision.kind === 'disguise') return reply.type('application/json; charset=utf-8').send(decision.answer);
      body = decision.body;
      if (decision.invited) headers.set(INVITED_SIGN_UP_HEADER, '1');
    } else if (route === '/api/auth/organization/accept-invitation') {
      const invitationId = typeof body?.invitationId === 'string' ? body.invitationId : '';
      const proven = invitationId.length > 0 && invitationId.length <= 300 ? await deps.invitationTokens.prove(invitationReference(invitationId, body?.token)) : undefined;
      if (!proven) return relayAuthResponse(refusal(403, INVITATION_LINK_INVALID), reply);
      body = { invitationId: proven.id };
    } else if (route === '/api/auth/organization/list-invitations') {
      const caller = await sessionUserOf(headers);
      const query = request.query as Record<string, unknown>;
      const organizationId = typeof query.organizationId === 'string' ? query.organizationId : caller?.activeOrganizationId;
      if (caller && organizationId && !(await seesInvitations(deps.db, caller.userId, organizationId))) {
        return relayAuthResponse(refusal(403, INVITATIONS_HIDDEN), reply);
      }
    }

    let response = await deps.auth.handler(
      new Request(new URL(request.url, deps.baseUrl), {
        method: request.method,
        headers,
        ...(body === undefined ? {} : { body: await serialisedBody(path, body, deps.db) }),
      }),
    );
    if (route === '/api/auth/organization/get-full-organization' && response.status === 200) {
      response = await hideInvitationsFromMembers(response, headers, deps.db, sessionUserOf);
    }
    return relayAuthResponse(response, reply);
  };

  const documented = new Map(DOCUMENTED_AUTH_ROUTES.map((route) => [`${route.method} ${route.url}`, route]));
  for (const endpoint of FORWARDED_AUTH_ENDPOINTS) {
    const docs = documented.get(`${endpoint.method} ${endpoint.url}`);
    app.route({
      method: endpoint.method,
      url: endpoint.url,
      handler,
      schema: docs
        ? { tags: [docs.tag], summary: docs.summary, security: [...docs.security], ...(docs.body ? { body: docs.body } : {}) }
        : { hide: true },
    });
  }
}

async function hideInvitationsFromMembers(
  response: Response,
  headers: Headers,
  db: AuthDb,
  sessionUserOf: (headers: Headers) => Promise<{ userId: string } | undefined>,
): Promise<Response> {
  const text = await response.text();
  const organizationId = organizationIdOf(text);
  const caller = await sessionUserOf(headers);
  const visible = caller !== undefined && organizationId !== undefined && (await seesInvitations(db, caller.userId, organizationId));
  return new Response(visible ? text : withoutInvitations(text), { status: response.status, headers: response.headers });
}

/** Re-serialises the parsed body; key update/delete get the key's configId so organization keys work too. */
async function serialisedBody(path: string, body: Record<string, unknown>, db: AuthDb): Promise<string> {
  if ((path === '/api/auth/api-key/update' || path === '/api/auth/api-key/delete') && typeof body.keyId === 'string' && body.configId === undefined) {
    const key = await db.selectFrom('apikey').select('configId').where('id', '=', body.keyId).executeTakeFirst();
    if (key) return JSON.stringify({ ...body, configId: key.configId });
  }
  return JSON.stringify(body);
}
