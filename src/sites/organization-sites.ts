// GET /api/organizations/{org}/sites in Rybbit's shape: the organization, the sites the caller
// sees (team restrictions applied) with sessions in the last 24 hours and their teams, and the subscription
// (a self-hosted instance has no event limit).
import type { Kysely } from 'kysely';
import type { AnalyticsStore } from '../platform/analytics-store/analytics-store.js';
import type { AccessControl } from '../platform/http/access-control.js';
import type { Principal } from '../platform/http/principal.js';
import type { MetadataDatabase } from '../platform/metadata-store/metadata-schema.js';
import { roleAtLeast, type OrganizationRole } from '../platform/auth/organization-roles.js';
import type { OrganizationDirectory, OrganizationRecord } from '../organizations/index.js';
import type { OrganizationPlans } from '../organizations/index.js';
import { sessionsLast24Hours } from './site-activity.query.js';
import { toSiteRef, type SiteRepository } from './site.repository.js';
import type { Site } from './site.js';

export interface OrganizationSitesDeps {
  readonly db: Kysely<MetadataDatabase>;
  readonly sites: SiteRepository;
  readonly access: AccessControl;
  readonly organizations: OrganizationDirectory;
  readonly plans: OrganizationPlans;
  readonly analytics: AnalyticsStore;
}

export type OrganizationSite = Site & {
  readonly sessionsLast24Hours: number;
  readonly isOwner: boolean;
  readonly teams: Array<{ readonly id: string; readonly name: string }>;
};

export interface OrganizationSitesView {
  readonly organization: OrganizationRecord | null;
  readonly role: OrganizationRole;
  readonly sites: OrganizationSite[];
  readonly subscription: { monthlyEventCount: number; eventLimit: null; overMonthlyLimit: false; planName: string; status: string };
}

async function teamsBySite(db: Kysely<MetadataDatabase>, organizationId: string): Promise<Map<number, Array<{ id: string; name: string }>>> {
  const rows = await db
    .selectFrom('team_sites')
    .innerJoin('team', 'team.id', 'team_sites.team_id')
    .select(['team_sites.site_id', 'team.id', 'team.name'])
    .where('team.organizationId', '=', organizationId)
    .orderBy('team.name')
    .execute();
  const bySite = new Map<number, Array<{ id: string; name: string }>>();
  for (const row of rows) bySite.set(row.site_id, [...(bySite.get(row.site_id) ?? []), { id: row.id, name: row.name }]);
  return bySite;
}

/** The organization's sites the principal sees with `role` (a team restriction hides the others from members). */
export async function visibleOrganizationSites(
  deps: Pick<OrganizationSitesDeps, 'sites' | 'access'>,
  principal: Principal,
  organizationId: string,
  role: OrganizationRole,
): Promise<Site[]> {
  const visible: Site[] = [];
  for (const site of await deps.sites.listForOrganization(organizationId)) {
    if (await deps.access.memberSeesSite(principal, role, toSiteRef(site))) visible.push(site);
  }
  return visible;
}

export async function organizationSitesView(
  deps: OrganizationSitesDeps,
  principal: Principal,
  organizationId: string,
  role: OrganizationRole,
  now: Date,
): Promise<OrganizationSitesView> {
  const visible = await visibleOrganizationSites(deps, principal, organizationId, role);
  const [sessions, teams, organization, plan] = await Promise.all([
    sessionsLast24Hours(deps.analytics, visible.map((site) => site.siteId), now),
    teamsBySite(deps.db, organizationId),
    deps.organizations.find(organizationId),
    deps.plans.planOf(organizationId),
  ]);
  const isOwner = roleAtLeast(role, 'admin');
  const sites = visible
    .map((site) => ({ ...site, sessionsLast24Hours: sessions.get(site.siteId) ?? 0, isOwner, teams: teams.get(site.siteId) ?? [] }))
    .sort((a, b) => b.sessionsLast24Hours - a.sessionsLast24Hours || a.siteId - b.siteId);
  return {
    organization,
    role,
    sites,
    subscription: { monthlyEventCount: 0, eventLimit: null, overMonthlyLimit: false, planName: plan, status: plan === 'paid' ? 'active' : 'free' },
  };
}
