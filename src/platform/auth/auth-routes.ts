// Mounts better-auth at /api/auth/*: Fastify request -> Web Request -> better-auth -> Fastify reply.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { MetadataDatabase } from '../metadata-store/metadata-schema.js';
import { UnauthorizedError } from '../http/app-errors.js';
import { presentedApiKey, toHeaders } from '../http/resolve-credentials.js';
import { CLIENT_IP_HEADER, type Auth } from './create-auth.js';
import { DOCUMENTED_AUTH_ROUTES } from './auth-route-docs.js';
import { relayAuthResponse } from './auth-response-relay.js';

/** Key management endpoints that accept a browser session only (never a bearer or query key). */
const COOKIE_ONLY = new Set(['/api/auth/api-key/list', '/api/auth/api-key/update', '/api/auth/api-key/delete']);

export interface AuthRoutesDeps {
  readonly auth: Auth;
  readonly db: Kysely<MetadataDatabase & { apikey: { id: string; configId: string } }>;
  readonly baseUrl: string;
}

export function registerAuthRoutes(app: FastifyInstance, deps: AuthRoutesDeps): void {
  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    const path = request.url.split('?')[0] ?? '';
    if (COOKIE_ONLY.has(path) && presentedApiKey(request)) {
      throw new UnauthorizedError('This endpoint accepts a session cookie only');
    }
    const body = await bodyFor(request, path, deps.db);
    const headers = toHeaders(request);
    headers.set(CLIENT_IP_HEADER, request.ip);
    const response = await deps.auth.handler(
      new Request(new URL(request.url, deps.baseUrl), {
        method: request.method,
        headers,
        ...(body === undefined ? {} : { body }),
      }),
    );
    return relayAuthResponse(response, reply);
  };
  app.route({ method: ['GET', 'POST'], url: '/api/auth/*', handler, schema: { hide: true } });
  for (const route of DOCUMENTED_AUTH_ROUTES) {
    app.route({
      method: route.method,
      url: route.url,
      handler,
      schema: { tags: [route.tag], summary: route.summary, security: [...route.security], ...(route.body ? { body: route.body } : {}) },
    });
  }
}

/** Re-serialises the parsed body; key update/delete get the key's configId so organization keys work too. */
async function bodyFor(request: FastifyRequest, path: string, db: AuthRoutesDeps['db']): Promise<string | undefined> {
  if (request.method === 'GET' || request.body === undefined || request.body === null) return undefined;
  const body = request.body as Record<string, unknown>;
  if ((path === '/api/auth/api-key/update' || path === '/api/auth/api-key/delete') && typeof body.keyId === 'string' && body.configId === undefined) {
    const key = await db.selectFrom('apikey').select('configId').where('id', '=', body.keyId).executeTakeFirst();
    if (key) return JSON.stringify({ ...body, configId: key.configId });
  }
  return JSON.stringify(body);
}
