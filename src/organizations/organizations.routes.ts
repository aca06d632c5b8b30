// Organization routes: the caller's organizations with their role in each.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Guards } from '../platform/http/guards.js';
import { principalOf } from '../platform/http/guards.js';
import { ANY_CREDENTIAL } from '../platform/http/route-docs.js';
import type { OrganizationDirectory } from './organization-directory.js';

export interface OrganizationsRoutesDeps {
  readonly guards: Guards;
  readonly organizations: OrganizationDirectory;
}

export const organizationsRoutes: FastifyPluginAsyncZod<OrganizationsRoutesDeps> = async (app, { guards, organizations }) => {
  app.get('/api/organizations', {
    onRequest: guards.signedIn({ scope: 'sites:read' }),
    schema: { tags: ['Organizations'], summary: "The caller's organizations and role in each", security: ANY_CREDENTIAL },
  }, async (request) => ({ data: await organizations.listFor(principalOf(request)) }));
};
