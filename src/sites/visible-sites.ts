// The sites a caller can see: every site of its organizations, less those a team restriction hides.
import type { AccessControl } from '../platform/http/access-control.js';
import type { Principal } from '../platform/http/principal.js';
import type { OrganizationDirectory } from '../organizations/index.js';
import { toSiteRef, type SiteRepository } from './site.repository.js';
import type { Site } from './site.js';
import { isOrganizationRole } from '../platform/auth/organization-roles.js';

export function visibleSitesOf(deps: { organizations: OrganizationDirectory; sites: SiteRepository; access: AccessControl }) {
  return async (principal: Principal): Promise<Site[]> => {
    const visible: Site[] = [];
    for (const organization of await deps.organizations.listFor(principal)) {
      const role = isOrganizationRole(organization.role) ? organization.role : 'member';
      for (const site of await deps.sites.listForOrganization(organization.id)) {
        if (await deps.access.memberSeesSite(principal, role, toSiteRef(site))) visible.push(site);
      }
    }
    return visible;
  };
}
