// Team routes under /api/organizations/{organizationId}/teams: list, create, rename, restrict to sites, members, delete.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Guards } from '../platform/http/guards.js';
import { principalOf } from '../platform/http/guards.js';
import { principalUserId } from '../platform/http/principal.js';
import { siteAccessCanBeRestricted } from '../platform/auth/organization-roles.js';
import { ANY_CREDENTIAL, OrganizationParams, SuccessSchema } from '../platform/http/route-docs.js';
import type { TeamService } from './team-service.js';
import {
  AddTeamMemberBodySchema, CreateTeamBodySchema, CreatedTeamSchema, TeamListSchema, TeamMemberParams, TeamParams, UpdateTeamBodySchema,
} from './teams.schema.js';

export interface TeamsRoutesDeps {
  readonly guards: Guards;
  readonly teams: TeamService;
}

const TAGS = ['Teams'];
const RESTRICTION_NOTE = 'A member of a team with sites sees only the sites of their teams, in every route and MCP tool; admins and owners see every site.';

export const teamsRoutes: FastifyPluginAsyncZod<TeamsRoutesDeps> = async (app, { guards, teams }) => {
  const manage = guards.organization({ scope: 'sites:write', role: 'admin' });

  app.get('/api/organizations/:organizationId/teams', {
    onRequest: guards.organization({ scope: 'sites:read' }),
    schema: {
      tags: TAGS, summary: "The organization's teams with their members and sites", security: ANY_CREDENTIAL, params: OrganizationParams,
      description: `Admins and owners see every team; members and viewers see the teams they are on. ${RESTRICTION_NOTE}`,
      response: { 200: TeamListSchema },
    },
  }, async (request) => {
    const userId = request.organizationRole !== null && siteAccessCanBeRestricted(request.organizationRole) ? principalUserId(principalOf(request)) : undefined;
    return { teams: await teams.list(request.params.organizationId, userId) };
  });

  app.post('/api/organizations/:organizationId/teams', {
    onRequest: manage,
    schema: {
      tags: TAGS, summary: 'Create a team', security: ANY_CREDENTIAL, params: OrganizationParams, body: CreateTeamBodySchema,
      description: `Needs the admin role. ${RESTRICTION_NOTE}`, response: { 200: CreatedTeamSchema },
    },
  }, async (request) => {
    const { name, ...changes } = request.body;
    return teams.create(request.params.organizationId, name, changes);
  });

  app.put('/api/organizations/:organizationId/teams/:teamId', {
    onRequest: manage,
    schema: {
      tags: TAGS, summary: "Rename a team, replace its members or the sites it is restricted to", security: ANY_CREDENTIAL,
      params: TeamParams, body: UpdateTeamBodySchema, description: `Needs the admin role. ${RESTRICTION_NOTE}`, response: { 200: SuccessSchema },
    },
  }, async (request) => {
    await teams.update(request.params.organizationId, request.params.teamId, request.body);
    return { success: true as const };
  });

  app.delete('/api/organizations/:organizationId/teams/:teamId', {
    onRequest: manage,
    schema: { tags: TAGS, summary: 'Delete a team (its members keep their organization role)', security: ANY_CREDENTIAL, params: TeamParams, response: { 200: SuccessSchema } },
  }, async (request) => {
    await teams.delete(request.params.organizationId, request.params.teamId);
    return { success: true as const };
  });

  app.post('/api/organizations/:organizationId/teams/:teamId/members', {
    onRequest: manage,
    schema: { tags: TAGS, summary: 'Add a member of the organization to a team', security: ANY_CREDENTIAL, params: TeamParams, body: AddTeamMemberBodySchema, response: { 200: SuccessSchema } },
  }, async (request) => {
    await teams.addMember(request.params.organizationId, request.params.teamId, request.body.userId);
    return { success: true as const };
  });

  app.delete('/api/organizations/:organizationId/teams/:teamId/members/:userId', {
    onRequest: manage,
    schema: { tags: TAGS, summary: 'Remove a user from a team', security: ANY_CREDENTIAL, params: TeamMemberParams, response: { 200: SuccessSchema } },
  }, async (request) => {
    await teams.removeMember(request.params.organizationId, request.params.teamId, request.params.userId);
    return { success: true as const };
  });
};
