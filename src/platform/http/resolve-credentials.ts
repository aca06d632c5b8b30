// Turns the request's credential (bearer key, ?api_key=, session cookie — tried in that order) into a Principal;
// state-changing cookie calls must also come from the instance's own origin.
import type { FastifyRequest } from 'fastify';
import type { Auth } from '../auth/create-auth.js';
import { ForbiddenError, UnauthorizedError } from './app-errors.js';
import type { ApiKeyVerifier } from './api-key-verifier.js';
import type { Principal } from './principal.js';
import { isAllowedCookieCall } from './cookie-call-origin.js';

export type CredentialSource = 'bearer' | 'query' | 'cookie';

export interface PresentedCredential {
  readonly source: CredentialSource;
  readonly key?: string;
}

/** The key of an `Authorization: Bearer <key>` header, if any. */
export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (typeof header !== 'string' || !/^bearer\s+/i.test(header)) return undefined;
  const key = header.replace(/^bearer\s+/i, '').trim();
  return key.length > 0 ? key : undefined;
}

export function presentedApiKey(request: FastifyRequest): string | undefined {
  const bearer = bearerToken(request);
  if (bearer) return bearer;
  const query = request.query as Record<string, unknown> | undefined;
  const fromQuery = query?.api_key;
  return typeof fromQuery === 'string' && fromQuery.length > 0 ? fromQuery : undefined;
}

export function hasSessionCookie(request: FastifyRequest): boolean {
  const cookie = request.headers.cookie;
  return typeof cookie === 'string' && cookie.includes('better-auth.session_token=');
}

/**
 * The caller's principal, null when no credential was presented; an invalid credential throws 401, and a
 * state-changing cookie call from any origin but `instanceOrigin` (BASE_URL's) throws 403.
 */
export async function resolvePrincipal(auth: Auth, keys: ApiKeyVerifier, request: FastifyRequest, instanceOrigin: string): Promise<Principal | null> {
  const key = presentedApiKey(request);
  if (key) return keys.verify(key);
  if (!hasSessionCookie(request)) return null;
  const session = await auth.api.getSession({ headers: toHeaders(request) });
  if (!session) throw new UnauthorizedError('Session expired or invalid');
  if (!isAllowedCookieCall(request.method, request.headers, instanceOrigin)) {
    throw new ForbiddenError(`Cookie-authenticated changes are accepted only from ${instanceOrigin} (Origin header)`);
  }
  return { kind: 'session', userId: session.user.id };
}

export function toHeaders(request: FastifyRequest): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    else headers.set(name, String(value));
  }
  return headers;
}
