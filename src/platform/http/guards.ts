// onRequest guards: authentication and access are decided before any body or query is validated.
import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import type { OrganizationRole } from '../auth/organization-roles.js';
import type { Auth } from '../auth/create-auth.js';
import { UnauthorizedError } from './app-errors.js';
import type { AccessControl, AccessRequirement, SiteRef } from './access-control.js';
import type { Principal, Scope } from './principal.js';
import type { ApiKeyVerifier } from './api-key-verifier.js';
import { isReadRoute, readAudienceOf } from './site-read-audience.js';
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
  /**
   * Access to the organization in the `organizationId` path parameter. Without `role`, a read (GET) needs the
   * viewer role and anything else the member role.
   */
  organization(requirement: AccessRequirement): onRequestAsyncHookHandler;
  /**
   * Access to the site in the `site` (or `siteId`) path parameter. Without `role`, a read needs the viewer role and
   * anything else the member role. Who reads beyond the organization is the route's entry in site-read-audience.ts.
   */
  site(requirement: AccessRequirement): onRequestAsyncHookHandler;
}

/** The route's method (HEAD as GET) and pattern, e.g. `GET /api/sites/:site/overview`. */
function routeOf(request: FastifyRequest): { method: string; url: string } {
  const method = request.method === 'HEAD' ? 'GET' : request.method;
  return { method, url: request.routeOptions.url ?? '' };
}

/** The role a requirement names, else viewer for a read and member for anything that changes state. */
function requiredRole(request: FastifyRequest, requirement: AccessRequirement): OrganizationRole {
  if (requirement.role) return requirement.role;
  const { method, url } = routeOf(request);
  return isReadRoute(method, url) ? 'viewer' : 'member';
}

function pathParam(request: FastifyRequest, ...names: string[]): string {
  const params = request.params as Record<string, string | undefined>;
  for (const name of names) {
    const value = params[name];
    if (value !== undefined) return value;
  }
  return '';
}

/** The `x-private-key` header of Rybbit's dashboard (a private link opened in the browser). */
function privateLinkKeyOf(request: FastifyRequest): string | undefined {
  const value = request.headers['x-private-key'];
  return typeof value === 'string' && value.length > 0 ? value : undefined;
}

/** The `x-private-link-proof` header: Loupe's proof that a password-protected private link's password was entered. */
function privateLinkProofOf(request: FastifyRequest): string | undefined {
  const value = request.headers['x-private-link-proof'];
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
        request.organizationRole = await access.requireOrganization(principal, pathParam(request, 'organizationId'), { ...requirement, role: requiredRole(request, requirement) });
      };
    },
    site(requirement) {
      return async (request) => {
        const principal = await authenticate(request);
        const { method, url } = routeOf(request);
        const audience = isReadRoute(method, url) ? readAudienceOf(method, url) : undefined;
        // A private link key counts only where outside reads are allowed: never for writes.
        const privateLinkKey = audience === undefined || audience === 'members' ? undefined : privateLinkKeyOf(request);
        const privateLinkProof = privateLinkKey === undefined ? undefined : privateLinkProofOf(request);
        const { site, role } = await access.requireSite(principal, pathParam(request, 'site', 'siteId'), {
          ...requirement, role: requiredRole(request, requirement), audience, privateLinkKey, privateLinkProof,
        });
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
