// Which sites of an organization a member may open: all, unless a restricted team or a direct restriction limits them.
import type { Kysely } from 'kysely';
import type { MetadataDatabase } from '../metadata-store/metadata-schema.js';

/**
 * The site ids the user may open in the organization, or null for every site. A user is restricted when one of
 * their teams is restricted (marked so, or given sites) or when their membership is restricted directly; they may
 * then open the sites of their restricted teams and their own granted sites, and nothing else.
 */
export async function allowedSiteIds(db: Kysely<MetadataDatabase>, userId: string, organizationId: string): Promise<Set<number> | null> {
  const teams = await db
    .selectFrom('teamMember')
    .innerJoin('team', 'team.id', 'teamMember.teamId')
    .leftJoin('team_sites', 'team_sites.team_id', 'team.id')
    .leftJoin('team_restrictions', 'team_restrictions.team_id', 'team.id')
    .select(['team.id as teamId', 'team_sites.site_id as siteId', 'team_restrictions.team_id as restrictedTeamId'])
    .where('teamMember.userId', '=', userId)
    .where('team.organizationId', '=', organizationId)
    .execute();
  const direct = await db
    .selectFrom('member')
    .innerJoin('member_site_restrictions', 'member_site_restrictions.member_id', 'member.id')
    .leftJoin('member_sites', 'member_sites.member_id', 'member.id')
    .select(['member_sites.site_id as siteId'])
    .where('member.userId', '=', userId)
    .where('member.organizationId', '=', organizationId)
    .execute();
  const restrictedTeams = new Set(teams.filter((row) => row.siteId !== null || row.restrictedTeamId !== null).map((row) => row.teamId));
  if (restrictedTeams.size === 0 && direct.length === 0) return null;
  const allowed = new Set<number>();
  for (const row of teams) if (row.siteId !== null && restrictedTeams.has(row.teamId)) allowed.add(row.siteId);
  for (const row of direct) if (row.siteId !== null) allowed.add(row.siteId);
  return allowed;
}
