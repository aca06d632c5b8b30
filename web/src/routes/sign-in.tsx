// /sign-in: email and password; back to the page asked for (?next=) once signed in.
import type { FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useInstanceConfig, useSignIn } from '../api/queries';
import { AuthFrame } from '../components/auth-frame';
import { Button, FOCUS_RING } from '../components/button';
import { ErrorMessage } from '../components/error-message';
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
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    signIn.mutate({ email: String(form.get('email')), password: String(form.get('password')) }, { onSuccess: () => navigate(safeNext(search.get('next'))) });
  };
  return (
    <AuthFrame title="Sign in">
      <form onSubmit={submit} className="flex flex-col gap-4">
        <TextField label="Email" name="email" type="email" autoComplete="email" required />
        <TextField label="Password" name="password" type="password" autoComplete="current-password" required />
        <ErrorMessage error={signIn.error} />
        <Button type="submit" disabled={signIn.isPending}>Sign in</Button>
      </form>
      {config.data?.emailEnabled ? (
        <p className="text-sm"><Link to="/forgot-password" className={`font-medium text-indigo-700 underline dark:text-indigo-300 ${FOCUS_RING}`}>Forgot your password?</Link></p>
      ) : null}
      {config.data?.disableSignup === false ? (
        <p className="text-sm">No account yet? <Link to="/sign-up" className={`font-medium text-indigo-700 underline dark:text-indigo-300 ${FOCUS_RING}`}>Create one</Link></p>
      ) : null}
    </AuthFrame>
  );
}
