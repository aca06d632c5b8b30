// useCanEdit: whether the visitor may change the site's goals and funnels: signed in and a member (any role) of the
// site's organization. A signed-out visitor, or a signed-in one reading somebody else's public site, only reads.
import { useOrganizations } from '../../api/organization-list-queries';
import { useSite } from '../../api/site-queries';
import { useSiteAccess } from '../public-access/read-only';

export function useCanEdit(site: string): boolean {
  const { readOnly } = useSiteAccess();
  const details = useSite(site);
  const organizations = useOrganizations(!readOnly);
  const organizationId = details.data?.organizationId;
  return !readOnly && organizationId !== undefined && (organizations.data?.some((organization) => organization.id === organizationId) ?? false);
}
