// /invitation?invitationId=<id>.<token>: the page of an invitation link. Signed out, the invitee creates the
// account (the invited address, fixed) or signs in; signed in with that address, they accept and land in the
// organization. Nothing joins without the click on "Join".
import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useSession } from '../api/session-queries';
import {
  useAcceptInvitation, useInvitationOfLink, useInvitedSignIn, useInvitedSignUp, useSignOutHere, type InvitationOfLink,
} from '../api/invitation-queries';
import { AuthFrame } from '../components/auth-frame';
import { Button, FOCUS_RING } from '../components/button';
import { CheckboxField } from '../components/checkbox-field';
import { ErrorMessage } from '../components/error-message';
import { TextField } from '../components/text-field';

function Invited({ invitation }: { invitation: InvitationOfLink }) {
  return (
    <p className="text-sm" data-testid="invitation-summary">
      {invitation.inviterEmail || 'An admin'} invited <strong>{invitation.email}</strong> to join <strong>{invitation.organizationName}</strong> as {invitation.role}.
    </p>
  );
}

function SignedOut({ invitation, reference }: { invitation: InvitationOfLink; reference: string }) {
  const [mode, setMode] = useState<'create' | 'sign-in'>(invitation.hasAccount ? 'sign-in' : 'create');
  const signUp = useInvitedSignUp();
  const signIn = useInvitedSignIn();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const password = String(form.get('password'));
    if (mode === 'create') signUp.mutate({ name: String(form.get('name')), email: invitation.email, password, invitationId: reference });
    else signIn.mutate({ email: invitation.email, password });
  };
  return (
    <form onSubmit={submit} className="flex flex-col gap-4">
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-medium">Your account</legend>
        <CheckboxField type="radio" name="mode" label="Create my account" checked={mode === 'create'} onChange={() => setMode('create')} />
        <CheckboxField type="radio" name="mode" label="I already have an account: sign in" checked={mode === 'sign-in'} onChange={() => setMode('sign-in')} />
      </fieldset>
      {mode === 'create' ? <TextField label="Name" name="name" autoComplete="name" required /> : null}
      <TextField label="Email" name="email" type="email" value={invitation.email} readOnly hint="The invited address" />
      <TextField
        label="Password" name="password" type="password" required
        {...(mode === 'create' ? { autoComplete: 'new-password', minLength: 8, hint: 'At least 8 characters' } : { autoComplete: 'current-password' })}
      />
      <ErrorMessage error={mode === 'create' ? signUp.error : signIn.error} />
      <Button type="submit" disabled={signUp.isPending || signIn.isPending} className="self-start">
        {mode === 'create' ? 'Create the account' : 'Sign in'}
      </Button>
    </form>
  );
}

function SignedIn({ invitation, reference, email }: { invitation: InvitationOfLink; reference: string; email: string }) {
  const accept = useAcceptInvitation();
  const signOut = useSignOutHere();
  const navigate = useNavigate();
  if (email.toLowerCase() !== invitation.email) {
    return (
      <div className="flex flex-col gap-4">
        <p className="text-sm">You are signed in as {email}; this invitation is for {invitation.email}.</p>
        <Button variant="secondary" className="self-start" onClick={() => signOut.mutate()}>Sign out</Button>
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-4">
      <ErrorMessage error={accept.error} />
      <Button className="self-start" disabled={accept.isPending} onClick={() => accept.mutate(reference, { onSuccess: () => navigate(`/organizations/${encodeURIComponent(invitation.organizationId)}`) })}>
        Join {invitation.organizationName}
      </Button>
    </div>
  );
}

export function InvitationPage() {
  const [search] = useSearchParams();
  const reference = search.get('invitationId') ?? '';
  const invitation = useInvitationOfLink(reference);
  const session = useSession();
  const signInLink = <Link to="/sign-in" className={`font-medium text-indigo-700 underline dark:text-indigo-300 ${FOCUS_RING}`}>Sign in</Link>;
  if (reference === '' || invitation.isError) {
    return (
      <AuthFrame title="Invitation">
        <ErrorMessage error={invitation.error ?? new Error('This link has no invitation in it')} />
        <p className="text-sm">Ask the person who invited you for a new invitation. {signInLink}</p>
      </AuthFrame>
    );
  }
  if (invitation.isPending || session.isPending) return <AuthFrame title="Invitation"><p role="status" className="text-sm">Loading…</p></AuthFrame>;
  return (
    <AuthFrame title={`Join ${invitation.data.organizationName}`}>
      <Invited invitation={invitation.data} />
      {session.data
        ? <SignedIn invitation={invitation.data} reference={reference} email={session.data.user.email} />
        : <SignedOut invitation={invitation.data} reference={reference} />}
    </AuthFrame>
  );
}

export { InvitationPage as Component };
