// /sign-up: the first account of an instance (others come through an invitation link's page, unless the operator
// opened sign-up with DISABLE_SIGNUP=false); then first-run setup.
import type { FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { useInstanceConfig, useSignUp } from '../api/session-queries';
import { AuthFrame } from '../components/auth-frame';
import { Button, FOCUS_RING } from '../components/button';
import { ErrorMessage } from '../components/error-message';
import { TextField } from '../components/text-field';

function hasSession(answer: unknown): boolean {
  return typeof answer === 'object' && answer !== null && typeof (answer as { token?: unknown }).token === 'string';
}

export function SignUpPage() {
  const signUp = useSignUp();
  const config = useInstanceConfig();
  const navigate = useNavigate();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const body = { name: String(form.get('name')), email: String(form.get('email')), password: String(form.get('password')) };
    // An open instance answers an address that already has an account like a new one, without a session: sign in.
    signUp.mutate(body, { onSuccess: (answer) => navigate(hasSession(answer) ? '/setup' : '/sign-in?next=%2Fsetup') });
  };
  const signInLink = <Link to="/sign-in" className={`font-medium text-indigo-700 underline dark:text-indigo-300 ${FOCUS_RING}`}>Sign in</Link>;
  if (config.data?.disableSignup) {
    return <AuthFrame title="Create an account"><p className="text-sm">Accounts are created by invitation on this instance: open the link of your invitation email. {signInLink}</p></AuthFrame>;
  }
  const first = config.data?.firstAccount === true;
  return (
    <AuthFrame title={first ? 'Create the first account' : 'Create an account'}>
      {first ? <p className="text-sm" data-testid="first-account">Welcome to Loupe. This instance has no account yet: the first one you create here owns it.</p> : null}
      <form onSubmit={submit} className="flex flex-col gap-4">
        <TextField label="Name" name="name" autoComplete="name" required />
        <TextField label="Email" name="email" type="email" autoComplete="email" required />
        <TextField label="Password" name="password" type="password" autoComplete="new-password" required minLength={8} hint="At least 8 characters" />
        <ErrorMessage error={signUp.error} />
        <Button type="submit" disabled={signUp.isPending || config.isPending}>Create the account</Button>
      </form>
      {first ? null : <p className="text-sm">Already have an account? {signInLink}</p>}
    </AuthFrame>
  );
}
