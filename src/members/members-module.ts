// Wires the members feature: the member list, invitations (and their lookup by link) and member site access.
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Guards } from '../platform/http/guards.js';
import { allowedSiteIds } from '../platform/http/site-restrictions.js';
import type { MetadataDatabase } from '../platform/metadata-store/metadata-schema.js';
import type { OrganizationDirectory } from '../organizations/index.js';
import { invitationLookupRoutes } from './invitation-lookup.routes.js';
import { MemberRepository } from './member.repository.js';
import { MemberService, type MemberServiceDeps } from './member-service.js';
import { MemberSiteAccess } from './member-site-access.js';
import { membersRoutes } from './members.routes.js';

/** The service's settings and collaborators (`teamExists`: the teams feature answers), plus the routes' needs. */
export interface MembersModuleDeps extends Pick<MemberServiceDeps, 'clock' | 'baseUrl' | 'mailer' | 'invitationTokens' | 'teamExists'> {
  readonly guards: Guards;
  readonly db: Kysely<MetadataDatabase>;
  readonly organizations: OrganizationDirectory;
}

export async function registerMembers(app: FastifyInstance, deps: MembersModuleDeps): Promise<void> {
  const { clock, baseUrl, mailer, invitationTokens, teamExists } = deps;
  const members = new MemberService({
    members: new MemberRepository(deps.db),
    clock, baseUrl, mailer, invitationTokens, teamExists,
    allowedSites: (userId, organizationId) => allowedSiteIds(deps.db, userId, organizationId),
    log: (message, detail) => app.log.warn({ detail }, message),
  });
  await app.register(invitationLookupRoutes, { db: deps.db, invitationTokens: deps.invitationTokens });
  await app.register(membersRoutes, {
    guards: deps.guards, members, siteAccess: new MemberSiteAccess(deps.db),
    actingUserId: (organizationId) => deps.organizations.actingUserId(organizationId),
  });
}
