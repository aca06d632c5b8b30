// Organization roles (viewer < member < admin < owner) for better-auth, extended with API key management rights.
import { createAccessControl } from 'better-auth/plugins/access';
import { adminAc, defaultStatements, memberAc, ownerAc } from 'better-auth/plugins/organization/access';

const statements = { ...defaultStatements, apiKey: ['create', 'read', 'update', 'delete'] } as const;

export const organizationAccessControl = createAccessControl(statements);

export const organizationRoles = {
  owner: organizationAccessControl.newRole({ ...ownerAc.statements, apiKey: ['create', 'read', 'update', 'delete'] }),
  admin: organizationAccessControl.newRole({ ...adminAc.statements, apiKey: ['create', 'read', 'update', 'delete'] }),
  member: organizationAccessControl.newRole({ ...memberAc.statements, apiKey: [] }),
  // Reads what a member reads and changes nothing: no better-auth right beyond a member's (which has none to change).
  viewer: organizationAccessControl.newRole({ ...memberAc.statements, apiKey: [] }),
};

export type OrganizationRole = keyof typeof organizationRoles;

/** Every role, lowest first. */
export const ORGANIZATION_ROLES = ['viewer', 'member', 'admin', 'owner'] as const satisfies readonly OrganizationRole[];

const RANK: Record<OrganizationRole, number> = { viewer: 0, member: 1, admin: 2, owner: 3 };

export function isOrganizationRole(value: string): value is OrganizationRole {
  return Object.hasOwn(RANK, value);
}

/** True when `role` is at least `required` on the ladder viewer < member < admin < owner. */
export function roleAtLeast(role: OrganizationRole, required: OrganizationRole): boolean {
  return RANK[role] >= RANK[required];
}

/** Members and viewers may be limited to some sites (by a team or directly); admins and owners see every site. */
export function siteAccessCanBeRestricted(role: string): boolean {
  return role === 'member' || role === 'viewer';
}
