// Wires the organizations feature: the caller's organizations (two shapes) and an organization's sign-in policy.
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Guards } from '../platform/http/guards.js';
import type { MetadataDatabase } from '../platform/metadata-store/metadata-schema.js';
import type { OrganizationDirectory } from './organization-directory.js';
import { organizationsRoutes } from './organizations.routes.js';
import { SignInPolicies } from './sign-in-policy.js';
import { signInPolicyRoutes } from './sign-in-policy.routes.js';
import { userOrganizationsRoutes } from './user-organizations.routes.js';

export interface OrganizationsModuleDeps {
  readonly guards: Guards;
  readonly db: Kysely<MetadataDatabase>;
  readonly organizations: OrganizationDirectory;
  readonly clock: () => number;
}

export async function registerOrganizations(app: FastifyInstance, deps: OrganizationsModuleDeps): Promise<void> {
  await app.register(organizationsRoutes, { guards: deps.guards, organizations: deps.organizations });
  await app.register(userOrganizationsRoutes, { guards: deps.guards, organizations: deps.organizations });
  await app.register(signInPolicyRoutes, { guards: deps.guards, policies: new SignInPolicies(deps.db), clock: deps.clock });
}
