// SecondFactorForm: the sign-in step after the password (or the identity provider) for an account with two-factor
// on: a code from the authenticator app, or one of the backup codes.
import { useState, type FormEvent } from 'react';
import { useVerifyBackupCode, useVerifyTotp } from '../../api/security-queries';
import { Button } from '../button';
import { ErrorMessage } from '../error-message';
import { TextField } from '../text-field';

export function SecondFactorForm({ onSignedIn }: { onSignedIn: () => void }) {
  const [backup, setBackup] = useState(false);
  const totp = useVerifyTotp();
  const backupCode = useVerifyBackupCode();
  const pending = totp.isPending || backupCode.isPending;
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const code = String(new FormData(event.currentTarget).get('code') ?? '').trim();
    if (backup) backupCode.mutate(code, { onSuccess: onSignedIn });
    else totp.mutate(code.replace(/\s/g, ''), { onSuccess: onSignedIn });
  };
  return (
    <form onSubmit={submit} className="flex flex-col gap-4" aria-label="Two-factor authentication">
      <p className="text-sm">{backup ? 'Enter one of your backup codes. Each works once.' : 'Enter the 6-digit code from your authenticator app.'}</p>
      {backup
        ? <TextField key="backup" label="Backup code" name="code" autoComplete="off" required />
        : <TextField key="totp" label="Code" name="code" inputMode="numeric" autoComplete="one-time-code" pattern="[0-9 ]{6,7}" required />}
      <ErrorMessage error={backup ? backupCode.error : totp.error} />
      <Button type="submit" disabled={pending}>Verify</Button>
      <Button variant="secondary" onClick={() => setBackup(!backup)}>{backup ? 'Use the authenticator app' : 'Use a backup code'}</Button>
    </form>
  );
}
