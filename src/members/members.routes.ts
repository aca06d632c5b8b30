// Member routes under /api/organizations/{organizationId}: list members, invite (also as "add"), change role, remove.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import type { Guards } from '../platform/http/guards.js';
import { principalOf } from '../platform/http/guards.js';
import { ForbiddenError } from '../platform/http/app-errors.js';
import { ANY_CREDENTIAL, OrganizationParams, SuccessSchema } from '../platform/http/route-docs.js';
import type { Actor, MemberService } from './member-service.js';
import {
  AddedMemberSchema, AddMemberBodySchema, ChangeRoleBodySchema, ChangedMemberSchema, InvitationSchema, InviteBodySchema, MemberListSchema, MemberParams,
  MemberSiteAccessBodySchema, MemberSiteAccessSchema,
} from './members.schema.js';
import type { MemberSiteAccess } from './member-site-access.js';

export interface MembersRoutesDeps {
  readonly guards: Guards;
  readonly members: MemberService;
  readonly siteAccess: MemberSiteAccess;
  /** The user an organization key acts through (an owner, else an admin). */
  readonly actingUserId: (organizationId: string) => Promise<string | undefined>;
}

const TAGS = ['Organizations'];

export const membersRoutes: FastifyPluginAsyncZod<MembersRoutesDeps> = async (app, { guards, members, siteAccess, actingUserId }) => {
  const manage = guards.organization({ scope: 'sites:write', role: 'admin' });

  async function actorOf(request: FastifyRequest<{ Params: { organizationId: string } }>): Promise<Actor> {
    const principal = principalOf(request);
    const role = request.organizationRole ?? 'member';
    if (principal.kind !== 'organizationKey') return { role, userId: principal.userId };
    const userId = await actingUserId(request.params.organizationId);
    if (!userId) throw new ForbiddenError('The organization has no owner or admin to act for it');
    return { role, userId };
  }

  app.get('/api/organizations/:organizationId/members', {
    onRequest: guards.organization({ scope: 'sites:read' }),
    schema: {
      tags: TAGS, summary: 'The members of the organization with their role, teams and site restriction', security: ANY_CREDENTIAL,
      params: OrganizationParams, response: { 200: MemberListSchema },
    },
  }, async (request) => ({ success: true as const, data: await members.list(request.params.organizationId) }));

  app.post('/api/organizations/:organizationId/invitations', {
    onRequest: manage,
    schema: {
      tags: TAGS, summary: 'Invite someone by email: returns the invitation with its link, emailed when SMTP_URL is set', security: ANY_CREDENTIAL,
      description: 'Needs the admin role (owner to invite an owner). The invitee opens inviteLink (the dashboard\'s /invitation page), creates the account or signs in with the invited address, and accepts with POST /api/auth/organization/accept-invitation {invitationId: "<id>.<token>"} (the link\'s invitationId parameter: the id alone is refused); invitations expire after 48 hours.',
      params: OrganizationParams, body: InviteBodySchema, response: { 200: InvitationSchema },
    },
  }, async (request) => members.invite(request.params.organizationId, await actorOf(request), request.body));

  app.post('/api/organizations/:organizationId/members', {
    onRequest: manage,
    schema: {
      tags: TAGS, summary: 'Add someone by email: sends them an invitation they accept (as POST .../invitations does)', security: ANY_CREDENTIAL,
      description: 'Needs the admin role. Nobody joins without accepting; the answer is the same whether or not the address has an account.',
      params: OrganizationParams, body: AddMemberBodySchema, response: { 200: AddedMemberSchema },
    },
  }, async (request) => members.add(request.params.organizationId, await actorOf(request), request.body));

  app.patch('/api/organizations/:organizationId/members/:memberId', {
    onRequest: manage,
    schema: {
      tags: TAGS, summary: "Change a member's role", security: ANY_CREDENTIAL, params: MemberParams, body: ChangeRoleBodySchema,
      description: 'Needs the admin role; only an owner grants, changes or removes the owner role, and the last owner stays.',
      response: { 200: ChangedMemberSchema },
    },
  }, async (request) => members.changeRole(request.params.organizationId, await actorOf(request), request.params.memberId, request.body.role));

  app.put('/api/organizations/:organizationId/members/:memberId/sites', {
    onRequest: manage,
    schema: {
      tags: TAGS, summary: 'Restrict a member to chosen sites directly, or lift that restriction', security: ANY_CREDENTIAL,
      description: 'Needs the admin role; only members (not admins or owners) can be restricted. A restricted member opens the sites granted here and those of their restricted teams, nothing else (none when no site is granted).',
      params: MemberParams, body: MemberSiteAccessBodySchema, response: { 200: MemberSiteAccessSchema },
    },
  }, async (request) => siteAccess.set(request.params.organizationId, request.params.memberId, request.body));

  app.delete('/api/organizations/:organizationId/members/:memberId', {
    onRequest: manage,
    schema: {
      tags: TAGS, summary: 'Remove a member from the organization (and from its teams)', security: ANY_CREDENTIAL, params: MemberParams,
      response: { 200: SuccessSchema },
    },
  }, async (request) => {
    await members.remove(request.params.organizationId, await actorOf(request), request.params.memberId);
    return { success: true as const };
  });
};
