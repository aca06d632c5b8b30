// What the caller's organization role lets the dashboard offer: the API refuses admin actions to members and every
// change to viewers (403), so the pages do not offer them. A role may be a comma-separated list (better-auth's form).
import { useOrganizations } from '../../api/organization-list-queries';
import { useSite } from '../../api/site-queries';

export interface RoleAbilities {
  /** Change members, teams, keys and webhooks (admin or owner). */
  readonly canManage: boolean;
  /** Grant, change or remove the owner role. */
  readonly isOwner: boolean;
  /** Change anything at all (goals, funnels, annotations, segments): every role but viewer. */
  readonly canEdit: boolean;
}

export function abilitiesOf(role: string | undefined): RoleAbilities {
  const roles = (role ?? '').split(',').map((part) => part.trim());
  const isOwner = roles.includes('owner');
  const canManage = isOwner || roles.includes('admin');
  return { canManage, isOwner, canEdit: canManage || roles.includes('member') };
}

/** The caller's abilities in an organization, from GET /api/user/organizations (undefined while it loads). */
export function useOrganizationAbilities(organizationId: string | undefined): RoleAbilities | undefined {
  const organizations = useOrganizations();
  if (!organizations.data || organizationId === undefined) return undefined;
  return abilitiesOf(organizations.data.find((organization) => organization.id === organizationId)?.role);
}

/** True when the role reads only: a viewer, with no role that may change anything. */
export function readsOnly(role: string | undefined): boolean {
  return role !== undefined && role.split(',').map((part) => part.trim()).includes('viewer') && !abilitiesOf(role).canEdit;
}

/** True once it is known that the signed-in caller is a viewer of the site's organization. */
export function useIsSiteViewer(site: string): boolean {
  const details = useSite(site);
  const organizations = useOrganizations();
  const organizationId = details.data?.organizationId;
  return readsOnly(organizations.data?.find((organization) => organization.id === organizationId)?.role);
}
