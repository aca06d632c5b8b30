// Wires the sites feature's routes: sites and their settings, the organization's site list, the dashboard shell's
// small per-site routes, the private link's password and the lists Rybbit's web app reads that Loupe keeps empty.
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { AnalyticsStore } from '../platform/analytics-store/analytics-store.js';
import type { AccessControl } from '../platform/http/access-control.js';
import type { Guards } from '../platform/http/guards.js';
import type { MetadataDatabase } from '../platform/metadata-store/metadata-schema.js';
import type { RateLimiter } from '../platform/shared-state/rate-limiter.js';
import { OrganizationPlans, type OrganizationDirectory } from '../organizations/index.js';
import { organizationSitesRoutes } from './organization-sites.routes.js';
import { privateLinkPasswordRoutes } from './private-link-password.routes.js';
import { rybbitExclusionListRoutes } from './rybbit-exclusion-lists.routes.js';
import type { PrivateLinks } from './private-links.js';
import { siteShellRoutes } from './site-shell.routes.js';
import type { SiteRepository } from './site.repository.js';
import { sitesRoutes, type SitesRoutesDeps } from './sites.routes.js';

export interface SitesModuleDeps {
  readonly guards: Guards;
  readonly db: Kysely<MetadataDatabase>;
  readonly sites: SiteRepository;
  readonly analytics: AnalyticsStore;
  readonly access: AccessControl;
  readonly organizations: OrganizationDirectory;
  readonly privateLinks: PrivateLinks;
  readonly visibleSites: SitesRoutesDeps['visibleSites'];
  /** False when the operator turned off the tracking call's origin check (DISABLE_ORIGIN_CHECK). */
  readonly originCheck: boolean;
  /** Counts a private link's password tries. */
  readonly limiter: RateLimiter;
  readonly clock: () => number;
}

export async function registerSites(app: FastifyInstance, deps: SitesModuleDeps): Promise<void> {
  const { guards, sites, analytics, privateLinks, clock } = deps;
  await app.register(sitesRoutes, { guards, sites, analytics, visibleSites: deps.visibleSites, originCheck: deps.originCheck });
  await app.register(rybbitExclusionListRoutes, { guards, sites });
  await app.register(organizationSitesRoutes, {
    guards, db: deps.db, sites, access: deps.access, organizations: deps.organizations, plans: new OrganizationPlans(deps.db), analytics, clock,
  });
  await app.register(siteShellRoutes, { guards, sites, analytics, privateLinks, clock });
  await app.register(privateLinkPasswordRoutes, { guards, sites, privateLinks, limiter: deps.limiter, clock });
}
