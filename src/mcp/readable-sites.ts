// The sites whose analytics a key can read, by identity only (ids, domain, name, organization): what a key
// without sites:read needs to address the report tools, and nothing of the sites' settings.
import type { AccessControl } from '../platform/http/access-control.js';
import { NotFoundError } from '../platform/http/app-errors.js';
import type { Principal } from '../platform/http/principal.js';

export interface SiteIdentity {
  readonly siteId: number;
  readonly id: string;
  readonly domain: string;
  readonly name: string;
  readonly organizationId: string;
}

export interface ReadableSites {
  /** Every site the principal can open reports of, through its organizations and team restrictions. */
  list(principal: Principal): Promise<SiteIdentity[]>;
  /** One site, under the same check as the report routes (403 without access, 404 unknown). */
  get(principal: Principal, ref: string): Promise<SiteIdentity>;
}

export interface ReadableSitesDeps {
  /** The sites the principal sees as a member of their organizations (the GET /api/sites rule). */
  readonly visibleSites: (principal: Principal) => Promise<readonly SiteIdentity[]>;
  readonly access: Pick<AccessControl, 'requireSite'>;
  readonly findSite: (siteId: number) => Promise<SiteIdentity | undefined>;
}

function identityOf(site: SiteIdentity): SiteIdentity {
  return { siteId: site.siteId, id: site.id, domain: site.domain, name: site.name, organizationId: site.organizationId };
}

export function readableSitesOf(deps: ReadableSitesDeps): ReadableSites {
  return {
    async list(principal) {
      return (await deps.visibleSites(principal)).map(identityOf);
    },
    async get(principal, ref) {
      // The report routes' own guard: analytics:read, membership and team restrictions, public sites.
      const { site } = await deps.access.requireSite(principal, ref, { scope: 'analytics:read', role: 'viewer', audience: 'aggregate' });
      const found = await deps.findSite(site.siteId);
      if (!found) throw new NotFoundError('Site not found');
      return identityOf(found);
    },
  };
}
