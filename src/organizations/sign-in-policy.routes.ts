// GET/PUT /api/organizations/:organizationId/sign-in-policy: whether members must use two-factor authentication.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Guards } from '../platform/http/guards.js';
import { principalOf } from '../platform/http/guards.js';
import { ANY_CREDENTIAL, COOKIE_ONLY, OrganizationParams } from '../platform/http/route-docs.js';
import { principalUserId } from '../platform/http/principal.js';
import { UnauthorizedError } from '../platform/http/app-errors.js';
import type { SignInPolicies } from './sign-in-policy.js';

export interface SignInPolicyRoutesDeps {
  readonly guards: Guards;
  readonly policies: SignInPolicies;
  readonly clock: () => number;
}

const PolicySchema = z.object({
  requireTwoFactor: z.boolean().describe('true: members without two-factor authentication are refused (403, code two_factor_required) on this organization\'s API'),
}).strict();

export const signInPolicyRoutes: FastifyPluginAsyncZod<SignInPolicyRoutesDeps> = async (app, { guards, policies, clock }) => {
  app.get('/api/organizations/:organizationId/sign-in-policy', {
    onRequest: guards.organization({ scope: 'sites:read' }),
    schema: { tags: ['Organizations'], summary: "The organization's sign-in policy", security: ANY_CREDENTIAL, params: OrganizationParams, response: { 200: PolicySchema } },
  }, async (request) => policies.get(request.params.organizationId));

  app.put('/api/organizations/:organizationId/sign-in-policy', {
    // A signed-in owner in person (no API key): this decides how everyone else signs in.
    onRequest: [guards.signedIn({ allow: ['session'] }), guards.organization({ scope: 'sites:write', role: 'owner' })],
    schema: { tags: ['Organizations'], summary: "Change the organization's sign-in policy (owners)", security: COOKIE_ONLY, params: OrganizationParams, body: PolicySchema, response: { 200: PolicySchema } },
  }, async (request) => {
    const ownerId = principalUserId(principalOf(request));
    if (ownerId === undefined) throw new UnauthorizedError();
    return policies.set(request.params.organizationId, ownerId, request.body, new Date(clock()));
  });
};
