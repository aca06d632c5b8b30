// /reset-password?token=: the page of a password-reset mail's link; sets the new password (which signs the account
// out everywhere), then leads to sign-in.
import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { useResetPassword } from '../api/account-queries';
import { ApiError } from '../api/client';
import { TextLink } from '../components/account/text-link';
import { AuthFrame } from '../components/auth-frame';
import { Button } from '../components/button';
import { ErrorMessage } from '../components/error-message';
import { TextField } from '../components/text-field';

export function ResetPasswordPage() {
  const [search] = useSearchParams();
  const token = search.get('token') ?? '';
  const reset = useResetPassword();
  const [mismatch, setMismatch] = useState(false);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const newPassword = String(form.get('password'));
    setMismatch(newPassword !== String(form.get('repeat')));
    if (newPassword === String(form.get('repeat'))) reset.mutate({ token, newPassword });
  };
  const askAgain = <TextLink to="/forgot-password">Ask for a new link</TextLink>;
  if (token === '') {
    return (
      <AuthFrame title="Set a new password">
        <p className="text-sm">This link is incomplete: open the whole link from the mail.</p>
        <p className="text-sm">{askAgain}</p>
      </AuthFrame>
    );
  }
  if (reset.isSuccess) {
    return (
      <AuthFrame title="Set a new password">
        <p role="status" className="text-sm">Your new password is set, and every session of the account was signed out.</p>
        <p className="text-sm"><TextLink to="/sign-in">Sign in with the new password</TextLink></p>
      </AuthFrame>
    );
  }
  const badLink = reset.error instanceof ApiError && reset.error.message === 'Invalid token';
  return (
    <AuthFrame title="Set a new password">
      <form onSubmit={submit} className="flex flex-col gap-4">
        <TextField label="New password" name="password" type="password" autoComplete="new-password" required minLength={8} hint="At least 8 characters" />
        <TextField label="Repeat the new password" name="repeat" type="password" autoComplete="new-password" required minLength={8} />
        {mismatch ? <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800 dark:bg-red-950 dark:text-red-200">The two passwords differ.</p> : null}
        {badLink ? (
          <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800 dark:bg-red-950 dark:text-red-200">
            This link is not valid any more: it was used, or it is more than an hour old.
          </p>
        ) : <ErrorMessage error={reset.error} />}
        <Button type="submit" disabled={reset.isPending}>Set the new password</Button>
      </form>
      <p className="text-sm">{askAgain}</p>
    </AuthFrame>
  );
}

export { ResetPasswordPage as Component };
