// Wires the team and member routes: repositories, services and their routes.
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { InvitationTokens } from '../platform/auth/invitation-tokens.js';
import type { Guards } from '../platform/http/guards.js';
import type { Mailer } from '../platform/mail/mailer.js';
import type { MetadataDatabase } from '../platform/metadata-store/metadata-schema.js';
import type { OrganizationDirectory } from '../organizations/organization-directory.js';
import { MemberRepository } from '../members/member.repository.js';
import { MemberService } from '../members/member-service.js';
import { membersRoutes } from '../members/members.routes.js';
import { invitationLookupRoutes } from '../members/invitation-lookup.routes.js';
import { MemberSiteAccess } from '../members/member-site-access.js';
import { allowedSiteIds } from '../platform/http/site-restrictions.js';
import { TeamRepository } from './team.repository.js';
import { TeamService } from './team-service.js';
import { teamsRoutes } from './teams.routes.js';

export interface TeamsAndMembersDeps {
  readonly guards: Guards;
  readonly db: Kysely<MetadataDatabase>;
  readonly organizations: OrganizationDirectory;
  readonly clock: () => number;
  readonly baseUrl: string;
  readonly mailer: Mailer | undefined;
  readonly invitationTokens: InvitationTokens;
}

export async function registerTeamsAndMembers(app: FastifyInstance, deps: TeamsAndMembersDeps): Promise<void> {
  const teamRepository = new TeamRepository(deps.db);
  const members = new MemberService({
    members: new MemberRepository(deps.db),
    clock: deps.clock,
    baseUrl: deps.baseUrl,
    mailer: deps.mailer,
    invitationTokens: deps.invitationTokens,
    teamExists: (organizationId, teamId) => teamRepository.exists(organizationId, teamId),
    allowedSites: (userId, organizationId) => allowedSiteIds(deps.db, userId, organizationId),
    log: (message, detail) => app.log.warn({ detail }, message),
  });
  await app.register(teamsRoutes, { guards: deps.guards, teams: new TeamService(teamRepository, deps.clock) });
  await app.register(invitationLookupRoutes, { db: deps.db, invitationTokens: deps.invitationTokens });
  await app.register(membersRoutes, { guards: deps.guards, members, siteAccess: new MemberSiteAccess(deps.db), actingUserId: (organizationId) => deps.organizations.actingUserId(organizationId) });
}
