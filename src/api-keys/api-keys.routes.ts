// API key creation routes; listing, updating and revoking are better-auth's cookie-only /api/auth/api-key/*.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Guards } from '../platform/http/guards.js';
import { principalOf } from '../platform/http/guards.js';
import { ANY_CREDENTIAL, OrganizationParams } from '../platform/http/route-docs.js';
import { CreatedOrganizationKeySchema, CreatedUserKeySchema, CreateOrganizationKeyBodySchema, CreateUserKeyBodySchema } from './api-key.schema.js';
import type { ApiKeyIssuer } from './api-key-issuer.js';

export interface ApiKeysRoutesDeps {
  readonly guards: Guards;
  readonly issuer: ApiKeyIssuer;
}

export const apiKeysRoutes: FastifyPluginAsyncZod<ApiKeysRoutesDeps> = async (app, { guards, issuer }) => {
  app.post('/api/organizations/:organizationId/api-keys', {
    onRequest: guards.organization({ scope: 'sites:write', role: 'admin' }),
    schema: {
      tags: ['Api Keys'],
      summary: 'Create an API key owned by the organization (acts as an organization admin)',
      security: ANY_CREDENTIAL,
      params: OrganizationParams,
      body: CreateOrganizationKeyBodySchema,
      response: { 200: CreatedOrganizationKeySchema },
    },
  }, async (request) => issuer.createOrganizationKey(principalOf(request), request.params.organizationId, request.body));

  app.post('/api/user/api-keys', {
    onRequest: guards.signedIn(),
    schema: { tags: ['Api Keys'], summary: 'Create an API key for the calling account', security: ANY_CREDENTIAL, body: CreateUserKeyBodySchema, response: { 200: CreatedUserKeySchema } },
  }, async (request) => issuer.createUserKey(principalOf(request), request.body));
};
