// GET /api/user/organizations: the caller's organizations as Rybbit's dashboard reads them, a bare
// array with logo, metadata and the caller's role in each.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Guards } from '../platform/http/guards.js';
import { principalOf } from '../platform/http/guards.js';
import { ANY_CREDENTIAL } from '../platform/http/route-docs.js';
import type { OrganizationDirectory } from './organization-directory.js';
import { OrganizationRecordSchema } from './organization-record.schema.js';

export interface UserOrganizationsRoutesDeps {
  readonly guards: Guards;
  readonly organizations: OrganizationDirectory;
}

const UserOrganizationSchema = OrganizationRecordSchema.extend({ role: z.string() });

export const userOrganizationsRoutes: FastifyPluginAsyncZod<UserOrganizationsRoutesDeps> = async (app, { guards, organizations }) => {
  app.get('/api/user/organizations', {
    onRequest: guards.signedIn({ scope: 'sites:read' }),
    schema: {
      tags: ['Organizations'],
      summary: "The caller's organizations, as a bare array, with the caller's role in each",
      security: ANY_CREDENTIAL,
      response: { 200: z.array(UserOrganizationSchema) },
    },
  }, async (request) => organizations.recordsFor(principalOf(request)));
};
