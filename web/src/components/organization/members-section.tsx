// MembersSection: the organization's members (table and CSV), a confirmed removal, and for admins the form that
// adds or invites someone.
import { useSession } from '../../api/session-queries';
import { useState } from 'react';
import { useMembers, useRemoveMember } from '../../api/organization-queries';
import type { Member } from '../../api/organization-types';
import { Button } from '../button';
import { Card } from '../card';
import { Dialog } from '../dialog';
import { ErrorMessage } from '../error-message';
import { TABLE, TableFrame, TH } from '../table-frame';
import { AddMemberForm } from './add-member-form';
import { MEMBER_COLUMNS } from './member-columns';
import { MemberRow } from './member-row';
import type { RoleAbilities } from './organization-role';

export function MembersSection({ organizationId, abilities }: { organizationId: string; abilities: RoleAbilities }) {
  const members = useMembers(organizationId);
  const session = useSession();
  const remove = useRemoveMember(organizationId);
  const [removing, setRemoving] = useState<Member | null>(null);
  const rows = members.data?.data ?? [];
  const heads = ['Member', 'Role', 'Teams', 'Site access', 'Joined', ...(abilities.canManage ? ['Actions'] : [])];
  return (
    <Card title="Members">
      <div className="flex flex-col gap-4" data-bench-piece="members" data-bench-state={members.isSuccess ? (rows.length === 0 ? 'empty' : 'ready') : 'loading'}>
        <ErrorMessage error={members.error} />
        {members.isPending ? <p role="status" className="text-sm">Loading members…</p> : null}
        {rows.length > 0 ? (
          <TableFrame title="Members" fileName="members.csv" columns={MEMBER_COLUMNS} rows={rows}>
            <table className={TABLE}>
              <caption className="sr-only">Members</caption>
              <thead><tr>{heads.map((head) => <th key={head} scope="col" className={TH}>{head}</th>)}</tr></thead>
              <tbody>{rows.map((member) => <MemberRow key={member.id} organizationId={organizationId} member={member} abilities={abilities} selfUserId={session.data?.user.id} onRemove={() => setRemoving(member)} />)}</tbody>
            </table>
          </TableFrame>
        ) : null}
        {abilities.canManage ? (
          <section aria-label="Add a member" className="flex flex-col gap-3 border-t border-slate-200 pt-4 dark:border-slate-800">
            <h3 className="text-sm font-semibold">Add a member</h3>
            <AddMemberForm organizationId={organizationId} isOwner={abilities.isOwner} />
          </section>
        ) : null}
      </div>
      <Dialog open={removing !== null} title="Remove the member" onClose={() => setRemoving(null)}>
        <div className="flex flex-col gap-4">
          <p className="text-sm">{removing?.user.email} loses access to the organization and leaves its teams.</p>
          <ErrorMessage error={remove.error} />
          <Button onClick={() => removing && remove.mutate(removing.id, { onSuccess: () => setRemoving(null) })} disabled={remove.isPending}>Remove</Button>
        </div>
      </Dialog>
    </Card>
  );
}
