// AddMemberForm: invites an address with a role (they join when they accept); the invitation's link is shown,
// and whether it was emailed. The owner role is offered only to owners.
import { useId, type FormEvent } from 'react';
import { useInviteMember } from '../../api/organization-queries';
import type { Invitation, Role } from '../../api/organization-types';
import { Button } from '../button';
import { ErrorMessage } from '../error-message';
import { TextField } from '../text-field';
import { SELECT } from './member-row';

const ROLES: readonly Role[] = ['viewer', 'member', 'admin', 'owner'];

function InvitationSent({ invitation }: { invitation: Invitation }) {
  return (
    <div role="status" className="flex flex-col gap-1 rounded-md border border-slate-200 p-3 text-sm dark:border-slate-700">
      <p>{invitation.email} is invited as {invitation.role}{invitation.emailSent ? ' (emailed).' : '. No email was sent: share this link with them only.'}</p>
      <a href={invitation.inviteLink} data-testid="invite-link" className="break-all text-indigo-700 underline dark:text-indigo-300">{invitation.inviteLink}</a>
    </div>
  );
}

export function AddMemberForm({ organizationId, isOwner }: { organizationId: string; isOwner: boolean }) {
  const invite = useInviteMember(organizationId);
  const roleId = useId();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const role = ROLES.find((candidate) => candidate === form.get('role')) ?? 'member';
    const target = event.currentTarget;
    invite.mutate({ email: String(form.get('email') ?? '').trim(), role }, { onSuccess: () => target.reset() });
  };
  return (
    <form onSubmit={submit} className="flex flex-col gap-4">
      <TextField label="Email address" name="email" type="email" required autoComplete="off" hint="They join when they accept the invitation, within 48 hours" />
      <div className="flex flex-col gap-1">
        <label htmlFor={roleId} className="text-sm font-medium">Role</label>
        <select id={roleId} name="role" defaultValue="member" className={`${SELECT} self-start`}>
          {ROLES.filter((role) => role !== 'owner' || isOwner).map((role) => <option key={role} value={role}>{role}</option>)}
        </select>
      </div>
      <ErrorMessage error={invite.error} />
      {invite.data ? <InvitationSent invitation={invite.data} /> : null}
      <Button type="submit" disabled={invite.isPending} className="self-start">Send the invitation</Button>
    </form>
  );
}
