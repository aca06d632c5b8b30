// PasswordForm: a new password for the account, given the current one; optionally signing out the other sessions.
import { useState, type FormEvent } from 'react';
import { useChangePassword } from '../../api/account-queries';
import { Button } from '../button';
import { Card } from '../card';
import { CheckboxField } from '../checkbox-field';
import { ErrorMessage } from '../error-message';
import { TextField } from '../text-field';
import { StatusLine } from './status-line';

export function PasswordForm() {
  const change = useChangePassword();
  const [mismatch, setMismatch] = useState(false);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const formElement = event.currentTarget;
    const form = new FormData(formElement);
    const newPassword = String(form.get('newPassword'));
    const differs = newPassword !== String(form.get('repeat'));
    setMismatch(differs);
    if (differs) return;
    change.mutate(
      { currentPassword: String(form.get('currentPassword')), newPassword, revokeOtherSessions: form.get('revokeOtherSessions') === 'on' },
      { onSuccess: () => formElement.reset() },
    );
  };
  return (
    <Card title="Password">
      <form onSubmit={submit} className="flex max-w-md flex-col gap-3">
        <TextField label="Current password" name="currentPassword" type="password" autoComplete="current-password" required />
        <TextField label="New password" name="newPassword" type="password" autoComplete="new-password" required minLength={8} hint="At least 8 characters" />
        <TextField label="Repeat the new password" name="repeat" type="password" autoComplete="new-password" required minLength={8} />
        <CheckboxField label="Sign out my other sessions" name="revokeOtherSessions" defaultChecked hint="Every browser but this one will have to sign in again." />
        {mismatch ? <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800 dark:bg-red-950 dark:text-red-200">The two new passwords differ.</p> : null}
        <ErrorMessage error={change.error} />
        <div className="flex items-center gap-3">
          <Button type="submit" disabled={change.isPending}>Change the password</Button>
          <StatusLine text={change.isSuccess ? 'Password changed' : ''} />
        </div>
      </form>
    </Card>
  );
}
