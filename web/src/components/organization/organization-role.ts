// What the caller's organization role lets the dashboard offer: the API refuses admin actions to members (403),
// so the pages do not offer them. A role may be a comma-separated list (better-auth's form).
import { useOrganizations } from '../../api/queries';

export interface RoleAbilities {
  /** Change members, teams, keys and webhooks (admin or owner). */
  readonly canManage: boolean;
  /** Grant, change or remove the owner role. */
  readonly isOwner: boolean;
}

export function abilitiesOf(role: string | undefined): RoleAbilities {
  const roles = (role ?? '').split(',').map((part) => part.trim());
  const isOwner = roles.includes('owner');
  return { canManage: isOwner || roles.includes('admin'), isOwner };
}

/** The caller's abilities in an organization, from GET /api/user/organizations (undefined while it loads). */
export function useOrganizationAbilities(organizationId: string | undefined): RoleAbilities | undefined {
  const organizations = useOrganizations();
  if (!organizations.data || organizationId === undefined) return undefined;
  return abilitiesOf(organizations.data.find((organization) => organization.id === organizationId)?.role);
}
