// /sign-in: email and password, or the operator's identity provider; then a code for an account with two-factor
// on; back to the page asked for (?next=) once signed in.
import { useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useInstanceConfig, useSession, useSignIn } from '../api/session-queries';
import { isTwoFactorChallenge } from '../api/security-queries';
import { AuthFrame } from '../components/auth-frame';
import { Button, FOCUS_RING } from '../components/button';
import { ErrorMessage } from '../components/error-message';
import { ProviderSignInButtons, providerErrorText } from '../components/security/provider-sign-in-buttons';
import { SecondFactorForm } from '../components/security/second-factor-form';
import { TextField } from '../components/text-field';

/** Only a path of this dashboard, never another origin. */
export function safeNext(next: string | null): string {
  return next !== null && next.startsWith('/') && !next.startsWith('//') ? next : '/';
}

export function SignInPage() {
  const signIn = useSignIn();
  const config = useInstanceConfig();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const next = safeNext(search.get('next'));
  // Back from the identity provider (?sso=1): signed in already, or the account's code is asked first.
  const fromProvider = search.get('sso') === '1';
  const session = useSession();
  const [challenged, setChallenged] = useState(false);
  const providerError = search.get('error');
  useEffect(() => {
    if (fromProvider && session.data) navigate(next, { replace: true });
  }, [fromProvider, session.data, navigate, next]);
  // A fresh instance has nobody to sign in: it opens on creating the first account.
  const firstAccount = config.data?.firstAccount === true;
  useEffect(() => {
    if (firstAccount) navigate('/sign-up?first=1', { replace: true });
  }, [firstAccount, navigate]);

  if (challenged || (fromProvider && session.isSuccess && session.data === null)) {
    return (
      <AuthFrame title="Two-factor authentication">
        <SecondFactorForm onSignedIn={() => navigate(next)} />
        <p className="text-sm"><Link to="/sign-in" reloadDocument className={`font-medium text-indigo-700 underline dark:text-indigo-300 ${FOCUS_RING}`}>Start again</Link></p>
      </AuthFrame>
    );
  }
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    signIn.mutate({ email: String(form.get('email')), password: String(form.get('password')) }, {
      onSuccess: (answer) => (isTwoFactorChallenge(answer) ? setChallenged(true) : navigate(next)),
    });
  };
  return (
    <AuthFrame title="Sign in">
      {providerError ? <ErrorMessage error={new Error(providerErrorText(providerError, search.get('error_description')))} /> : null}
      <form onSubmit={submit} className="flex flex-col gap-4">
        <TextField label="Email" name="email" type="email" autoComplete="email" required />
        <TextField label="Password" name="password" type="password" autoComplete="current-password" required />
        <ErrorMessage error={signIn.error} />
        <Button type="submit" disabled={signIn.isPending}>Sign in</Button>
      </form>
      {config.data?.emailEnabled ? (
        <p className="text-sm"><Link to="/forgot-password" className={`font-medium text-indigo-700 underline dark:text-indigo-300 ${FOCUS_RING}`}>Forgot your password?</Link></p>
      ) : null}
      <ProviderSignInButtons next={next} />
      {config.data?.disableSignup === false ? (
        <p className="text-sm">No account yet? <Link to="/sign-up" className={`font-medium text-indigo-700 underline dark:text-indigo-300 ${FOCUS_RING}`}>Create one</Link></p>
      ) : null}
    </AuthFrame>
  );
}
