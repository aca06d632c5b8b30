// onRequest guards: authentication and access are decided before any body or query is validated.
import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import type { OrganizationRole } from '../auth/organization-roles.js';
import type { Auth } from '../auth/create-auth.js';
import { UnauthorizedError } from './app-errors.js';
import type { AccessControl, AccessRequirement, SiteRef } from './access-control.js';
import type { Principal, Scope } from './principal.js';
import type { ApiKeyVerifier } from './api-key-verifier.js';
import { resolvePrincipal } from './resolve-credentials.js';

declare module 'fastify' {
  interface FastifyRequest {
    principal: Principal | null;
    site: SiteRef | null;
    organizationRole: OrganizationRole | null;
  }
}

export interface Guards {
  /** Any valid credential; `scope` is checked for keys. */
  signedIn(options?: { scope?: Scope; allow?: ReadonlyArray<Principal['kind']> }): onRequestAsyncHookHandler;
  /** Access to the organization in the `organizationId` path parameter. */
  organization(requirement: AccessRequirement): onRequestAsyncHookHandler;
  /** Access to the site in the `site` (or `siteId`) path parameter. */
  site(requirement: AccessRequirement & { allowPublic?: boolean }): onRequestAsyncHookHandler;
}

function pathParam(request: FastifyRequest, ...names: string[]): string {
  const params = request.params as Record<string, string | undefined>;
  for (const name of names) {
    const value = params[name];
    if (value !== undefined) return value;
  }
  return '';
}

/** The `x-private-key` header of the origin service's dashboard (a private link opened in the browser). */
function privateLinkKeyOf(request: FastifyRequest): string | undefined {
  const value = request.headers['x-private-key'];
  return typeof value === 'string' && value.length > 0 ? value : undefined;
}

/** `baseUrl` is BASE_URL: state-changing cookie calls must carry its origin. */
export function createGuards(auth: Auth, keys: ApiKeyVerifier, access: AccessControl, baseUrl: string): Guards {
  const instanceOrigin = new URL(baseUrl).origin;
  async function authenticate(request: FastifyRequest): Promise<Principal | null> {
    if (request.principal) return request.principal;
    request.principal = await resolvePrincipal(auth, keys, request, instanceOrigin);
    return request.principal;
  }
  return {
    signedIn(options = {}) {
      return async (request) => {
        const principal = await authenticate(request);
        if (!principal) throw new UnauthorizedError();
        if (options.allow && !options.allow.includes(principal.kind)) {
          throw new UnauthorizedError('This endpoint does not accept this kind of credential');
        }
        if (options.scope) access.requireScope(principal, options.scope);
      };
    },
    organization(requirement) {
      return async (request) => {
        const principal = await authenticate(request);
        if (!principal) throw new UnauthorizedError();
        request.organizationRole = await access.requireOrganization(principal, pathParam(request, 'organizationId'), requirement);
      };
    },
    site(requirement) {
      return async (request) => {
        const principal = await authenticate(request);
        // A private link key counts only where public reads are allowed: never for writes.
        const privateLinkKey = requirement.allowPublic ? privateLinkKeyOf(request) : undefined;
        const { site, role } = await access.requireSite(principal, pathParam(request, 'site', 'siteId'), { ...requirement, privateLinkKey });
        request.site = site;
        request.organizationRole = role;
      };
    },
  };
}

export function registerRequestDecorations(app: FastifyInstance): void {
  app.decorateRequest('principal', null);
  app.decorateRequest('site', null);
  app.decorateRequest('organizationRole', null);
}

/** The site resolved by the site guard; routes behind `guards.site` can rely on it. */
export function siteOf(request: FastifyRequest): SiteRef {
  if (!request.site) throw new Error('site guard missing on this route');
  return request.site;
}

export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw new UnauthorizedError();
  return request.principal;
}
