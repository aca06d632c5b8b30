// MemberRow: a member with their role, teams and site access; for who may, a role change and a removal.
import { useId, useState, type FormEvent } from 'react';
import type { Member, Role } from '../../api/organization-types';
import { useChangeRole } from '../../api/organization-queries';
import { Button, FOCUS_RING } from '../button';
import { TD } from '../table-frame';
import { formatInstant, instantOf } from '../format-instant';
import { siteAccessOf, teamNamesOf } from './member-columns';
import type { RoleAbilities } from './organization-role';

const ROLES: readonly Role[] = ['viewer', 'member', 'admin', 'owner'];
export const SELECT = `min-h-10 rounded-md border border-slate-300 bg-white px-2 text-sm dark:border-slate-600 dark:bg-slate-900 ${FOCUS_RING}`;

/** Only an owner grants, changes or removes the owner role (the API's rule). */
export function mayChange(member: Member, abilities: RoleAbilities): boolean {
  return abilities.canManage && (abilities.isOwner || !member.role.split(',').map((role) => role.trim()).includes('owner'));
}

function RoleForm({ organizationId, member, isOwner }: { organizationId: string; member: Member; isOwner: boolean }) {
  const change = useChangeRole(organizationId);
  const [role, setRole] = useState(member.role);
  const id = useId();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const chosen = ROLES.find((candidate) => candidate === role);
    if (chosen) change.mutate({ memberId: member.id, role: chosen });
  };
  return (
    <form onSubmit={submit} className="flex flex-wrap items-center gap-2">
      <label htmlFor={id} className="sr-only">Role of {member.user.email}</label>
      <select id={id} value={role} onChange={(event) => setRole(event.target.value)} className={SELECT}>
        {ROLES.filter((candidate) => candidate !== 'owner' || isOwner).map((candidate) => <option key={candidate} value={candidate}>{candidate}</option>)}
      </select>
      <Button type="submit" variant="secondary" disabled={change.isPending || role === member.role} aria-label={`Save the role of ${member.user.email}`}>Save</Button>
      {change.error ? <span role="alert" className="text-xs text-red-800 dark:text-red-300">{change.error.message}</span> : null}
    </form>
  );
}

export function MemberRow({ organizationId, member, abilities, onRemove, selfUserId }: { organizationId: string; member: Member; abilities: RoleAbilities; onRemove: () => void; selfUserId: string | undefined }) {
  // Nobody changes their own role or removes themselves here (an owner would lock the organization out).
  const self = selfUserId !== undefined && member.userId === selfUserId;
  const changeable = mayChange(member, abilities) && !self;
  return (
    <tr data-testid="member-row" data-member-id={member.id}>
      <td className={TD}><span className="font-medium">{member.user.name}</span><span className="block break-all text-xs text-slate-600 dark:text-slate-400" data-testid="member-email">{member.user.email}</span></td>
      <td className={TD}>{changeable ? <RoleForm key={member.role} organizationId={organizationId} member={member} isOwner={abilities.isOwner} /> : <><span data-testid="member-role">{member.role}</span>{self ? <span className="text-slate-600 dark:text-slate-400"> (you)</span> : null}</>}</td>
      <td className={TD}>{teamNamesOf(member)}</td>
      <td className={TD}>{siteAccessOf(member)}</td>
      <td className={`${TD} whitespace-nowrap`}><time dateTime={instantOf(member.createdAt).toISOString()}>{formatInstant(member.createdAt)}</time></td>
      {abilities.canManage ? <td className={TD}>{changeable ? <Button variant="secondary" onClick={onRemove} aria-label={`Remove ${member.user.email}`}>Remove</Button> : null}</td> : null}
    </tr>
  );
}
