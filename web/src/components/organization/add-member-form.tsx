// AddMemberForm: adds an existing account by email at once, or invites an address (the invitation's link is
// shown, and whether it was emailed); the owner role is offered only to owners.
import { useId, useState, type FormEvent } from 'react';
import { useAddMember, useInviteMember } from '../../api/organization-queries';
import type { Invitation, Role } from '../../api/organization-types';
import { Button } from '../button';
import { CheckboxField } from '../checkbox-field';
import { ErrorMessage } from '../error-message';
import { TextField } from '../text-field';
import { SELECT } from './member-row';

const ROLES: readonly Role[] = ['viewer', 'member', 'admin', 'owner'];

function InvitationSent({ invitation }: { invitation: Invitation }) {
  return (
    <div role="status" className="flex flex-col gap-1 rounded-md border border-slate-200 p-3 text-sm dark:border-slate-700">
      <p>{invitation.email} is invited as {invitation.role}{invitation.emailSent ? ' (emailed).' : '. No email was sent: share this link.'}</p>
      <a href={invitation.inviteLink} data-testid="invite-link" className="break-all text-indigo-700 underline dark:text-indigo-300">{invitation.inviteLink}</a>
    </div>
  );
}

export function AddMemberForm({ organizationId, isOwner }: { organizationId: string; isOwner: boolean }) {
  const add = useAddMember(organizationId);
  const invite = useInviteMember(organizationId);
  const [how, setHow] = useState<'add' | 'invite'>('add');
  const roleId = useId();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const role = ROLES.find((candidate) => candidate === form.get('role')) ?? 'member';
    const body = { email: String(form.get('email') ?? '').trim(), role };
    const target = event.currentTarget;
    const done = { onSuccess: () => target.reset() };
    if (how === 'add') add.mutate(body, done);
    else invite.mutate(body, done);
  };
  const pending = add.isPending || invite.isPending;
  return (
    <form onSubmit={submit} className="flex flex-col gap-4">
      <TextField label="Email address" name="email" type="email" required autoComplete="off" />
      <div className="flex flex-col gap-1">
        <label htmlFor={roleId} className="text-sm font-medium">Role</label>
        <select id={roleId} name="role" defaultValue="member" className={`${SELECT} self-start`}>
          {ROLES.filter((role) => role !== 'owner' || isOwner).map((role) => <option key={role} value={role}>{role}</option>)}
        </select>
      </div>
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-medium">How</legend>
        <CheckboxField type="radio" name="how" label="Add an existing account now" hint="The address must belong to an account on this server" checked={how === 'add'} onChange={() => setHow('add')} />
        <CheckboxField type="radio" name="how" label="Send an invitation" hint="They join when they accept it, within 48 hours" checked={how === 'invite'} onChange={() => setHow('invite')} />
      </fieldset>
      <ErrorMessage error={how === 'add' ? add.error : invite.error} />
      {how === 'add' && add.isSuccess ? <p role="status" className="text-sm">{add.data.message}</p> : null}
      {how === 'invite' && invite.data ? <InvitationSent invitation={invite.data} /> : null}
      <Button type="submit" disabled={pending} className="self-start">{how === 'add' ? 'Add the member' : 'Send the invitation'}</Button>
    </form>
  );
}
