// TwoFactorSection: the account's two-factor authentication: set it up (the authenticator app's secret and URI as
// text, the backup codes shown once, a code to confirm), or turn it off. Placed on the account's security page.
import { useState, type FormEvent } from 'react';
import {
  secretOfTotpUri, useDisableTwoFactor, useStartTwoFactor, useTwoFactorStatus, useVerifyTotp, type TwoFactorSetup,
} from '../../api/security-queries';
import { Button, FOCUS_RING } from '../button';
import { Card } from '../card';
import { ErrorMessage } from '../error-message';
import { TextField } from '../text-field';

const PASSWORD_HINT = 'Leave empty if you sign in only through your organization\'s identity provider (your account has no password).';

export function TwoFactorSection() {
  const status = useTwoFactorStatus();
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null);
  return (
    <Card title="Two-factor authentication">
      {status.isPending ? <p role="status" className="text-sm">Loading…</p> : null}
      <ErrorMessage error={status.error} />
      {status.data === true ? <TurnOff /> : null}
      {status.data === false && setup === null ? <Start onStarted={setSetup} /> : null}
      {status.data === false && setup !== null ? <Confirm setup={setup} onDone={() => setSetup(null)} /> : null}
    </Card>
  );
}

function Start({ onStarted }: { onStarted: (setup: TwoFactorSetup) => void }) {
  const start = useStartTwoFactor();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    start.mutate(String(new FormData(event.currentTarget).get('password') ?? ''), { onSuccess: onStarted });
  };
  return (
    <form onSubmit={submit} className="flex max-w-md flex-col gap-3">
      <p className="text-sm">Off. With it on, signing in asks for a code from an authenticator app as well as your password.</p>
      <TextField label="Your password" name="password" type="password" autoComplete="current-password" hint={PASSWORD_HINT} />
      <ErrorMessage error={start.error} />
      <Button type="submit" disabled={start.isPending}>Set up two-factor authentication</Button>
    </form>
  );
}

function Confirm({ setup, onDone }: { setup: TwoFactorSetup; onDone: () => void }) {
  const verify = useVerifyTotp();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    verify.mutate(String(new FormData(event.currentTarget).get('code') ?? '').replace(/\s/g, ''), { onSuccess: onDone });
  };
  const box = `overflow-x-auto rounded bg-slate-100 p-2 text-xs dark:bg-slate-800 ${FOCUS_RING}`;
  return (
    <div className="flex flex-col gap-4">
      <ol className="flex list-decimal flex-col gap-3 pl-5 text-sm">
        <li>
          <p>In your authenticator app, add an account with this secret (time-based, 6 digits):</p>
          <pre tabIndex={0} aria-label="Secret for the authenticator app" className={box}><code data-testid="totp-secret">{secretOfTotpUri(setup.totpURI)}</code></pre>
          <p className="mt-1">or open this address with it:</p>
          <pre tabIndex={0} aria-label="otpauth address for the authenticator app" className={box}><code data-testid="totp-uri">{setup.totpURI}</code></pre>
        </li>
        <li>
          <p role="alert" className="font-medium">Save these backup codes now: each signs you in once without the app, and they are shown only this once.</p>
          <ul aria-label="Backup codes" data-testid="backup-codes" className="mt-1 grid grid-cols-2 gap-1 font-mono text-xs sm:grid-cols-5">
            {setup.backupCodes.map((code) => <li key={code}>{code}</li>)}
          </ul>
        </li>
        <li>
          <form onSubmit={submit} className="flex max-w-xs flex-col gap-2">
            <TextField label="Code from the app" name="code" inputMode="numeric" autoComplete="one-time-code" pattern="[0-9 ]{6,7}" required />
            <ErrorMessage error={verify.error} />
            <Button type="submit" disabled={verify.isPending}>Turn on</Button>
          </form>
        </li>
      </ol>
    </div>
  );
}

function TurnOff() {
  const disable = useDisableTwoFactor();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    disable.mutate(String(new FormData(event.currentTarget).get('password') ?? ''));
  };
  return (
    <form onSubmit={submit} className="flex max-w-md flex-col gap-3">
      <p role="status" className="text-sm font-medium" data-testid="two-factor-on">On: signing in asks for a code from your authenticator app.</p>
      <TextField label="Your password" name="password" type="password" autoComplete="current-password" hint={PASSWORD_HINT} />
      <ErrorMessage error={disable.error} />
      <Button type="submit" variant="secondary" disabled={disable.isPending}>Turn off two-factor authentication</Button>
    </form>
  );
}
