// Organization roles (member < admin < owner) for better-auth, extended with API key management rights.
import { createAccessControl } from 'better-auth/plugins/access';
import { adminAc, defaultStatements, memberAc, ownerAc } from 'better-auth/plugins/organization/access';

const statements = { ...defaultStatements, apiKey: ['create', 'read', 'update', 'delete'] } as const;

export const organizationAccessControl = createAccessControl(statements);

export const organizationRoles = {
  owner: organizationAccessControl.newRole({ ...ownerAc.statements, apiKey: ['create', 'read', 'update', 'delete'] }),
  admin: organizationAccessControl.newRole({ ...adminAc.statements, apiKey: ['create', 'read', 'update', 'delete'] }),
  member: organizationAccessControl.newRole({ ...memberAc.statements, apiKey: [] }),
};

export type OrganizationRole = keyof typeof organizationRoles;

const RANK: Record<OrganizationRole, number> = { member: 1, admin: 2, owner: 3 };

export function isOrganizationRole(value: string): value is OrganizationRole {
  return value in RANK;
}

/** True when `role` is at least `required` on the ladder member < admin < owner. */
export function roleAtLeast(role: OrganizationRole, required: OrganizationRole): boolean {
  return RANK[role] >= RANK[required];
}
