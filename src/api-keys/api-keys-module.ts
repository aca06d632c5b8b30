// Wires the API keys feature: issuing organization keys and the usage answer.
import type { FastifyInstance } from 'fastify';
import type { Auth } from '../platform/auth/create-auth.js';
import type { Guards } from '../platform/http/guards.js';
import type { OrganizationDirectory } from '../organizations/index.js';
import { ApiKeyIssuer } from './api-key-issuer.js';
import { apiKeysRoutes } from './api-keys.routes.js';
import { apiUsageRoutes, type ApiUsageRoutesDeps } from './api-usage.routes.js';

export interface ApiKeysModuleDeps {
  readonly guards: Guards;
  readonly auth: Auth;
  readonly organizations: OrganizationDirectory;
  readonly keyRateLimit: ApiUsageRoutesDeps['keyRateLimit'];
  readonly clock: () => number;
}

export async function registerApiKeys(app: FastifyInstance, deps: ApiKeysModuleDeps): Promise<void> {
  await app.register(apiKeysRoutes, { guards: deps.guards, issuer: new ApiKeyIssuer(deps.auth, deps.organizations) });
  await app.register(apiUsageRoutes, { guards: deps.guards, keyRateLimit: deps.keyRateLimit, clock: deps.clock });
}
