// EmailSection: the account's address and whether it is verified; sending the verification mail again, and
// changing the address (it changes once the link mailed to the new address is opened). Without mail on the
// instance, it says so instead.
import { useState, type FormEvent } from 'react';
import { useChangeEmail, useResendVerification } from '../../api/account-queries';
import { Button } from '../button';
import { Card } from '../card';
import { ErrorMessage } from '../error-message';
import { TextField } from '../text-field';
import { StatusLine } from './status-line';

export function EmailSection({ email, verified, emailEnabled }: { email: string; verified: boolean; emailEnabled: boolean }) {
  const resend = useResendVerification();
  const change = useChangeEmail();
  const [newEmail, setNewEmail] = useState('');
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    change.mutate(newEmail.trim());
  };
  return (
    <Card title="Email address">
      <div className="flex flex-col gap-4">
        <p className="flex flex-wrap items-center gap-2 text-sm">
          <span className="font-medium" data-testid="account-email">{email}</span>
          <span
            data-testid="email-verified"
            className={`rounded px-2 py-0.5 text-xs font-medium ${verified ? 'bg-green-100 text-green-900 dark:bg-green-950 dark:text-green-200' : 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200'}`}
          >
            {verified ? 'Verified' : 'Not verified'}
          </span>
        </p>
        {!emailEnabled ? (
          <p className="text-sm">This instance sends no email: the address can be neither verified nor changed here.</p>
        ) : (
          <>
            {verified ? null : (
              <div className="flex flex-wrap items-center gap-3">
                <Button variant="secondary" disabled={resend.isPending} onClick={() => resend.mutate(email)}>Send the verification mail again</Button>
                <StatusLine text={resend.isSuccess ? `Sent to ${email}` : ''} />
                <ErrorMessage error={resend.error} />
              </div>
            )}
            <form onSubmit={submit} className="flex max-w-md flex-col gap-3">
              <TextField
                label="New email address" name="newEmail" type="email" autoComplete="email" required value={newEmail}
                onChange={(event) => setNewEmail(event.target.value)} hint="We mail a link to the new address; the address changes when it is opened."
              />
              <ErrorMessage error={change.error} />
              <div className="flex flex-wrap items-center gap-3">
                <Button type="submit" disabled={change.isPending}>Change the address</Button>
                <StatusLine text={change.isSuccess ? `Open the link we mailed to ${change.variables} to finish the change.` : ''} />
              </div>
            </form>
          </>
        )}
      </div>
    </Card>
  );
}
