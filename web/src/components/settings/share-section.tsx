// The site's sharing settings: its private link (generate, replace, revoke, copy), an optional password on it,
// and the origins whose pages may embed the dashboard (`?embed=true`).
import { useState, type FormEvent } from 'react';
import { usePrivateLinkAction, usePrivateLinkConfig, useSetLinkPassword } from '../../api/share-link-queries';
import type { SiteRecord } from '../../api/types';
import { Button } from '../button';
import { Card } from '../card';
import { ErrorMessage } from '../error-message';
import { TextField } from '../text-field';
import { linesOf } from './settings-fields';
import { SettingsForm } from './settings-form';
import { TextAreaField } from './text-area-field';

function LinkPasswordForm({ site, hasPassword }: { site: string; hasPassword: boolean }) {
  const [password, setPassword] = useState('');
  const save = useSetLinkPassword(site);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(password, { onSuccess: () => setPassword('') });
  };
  return (
    <form className="flex flex-col gap-3" onSubmit={submit}>
      <p className="text-sm" data-testid="link-password-state">{hasPassword ? 'The link asks for a password.' : 'The link opens without a password.'}</p>
      <TextField label={hasPassword ? 'New password for the link' : 'Password for the link'} type="password" autoComplete="new-password" minLength={8} maxLength={200} required value={password} onChange={(event) => setPassword(event.target.value)} hint="8 to 200 characters; readers enter it once per tab" />
      <ErrorMessage error={save.error} />
      <div className="flex flex-wrap gap-3">
        <Button type="submit" disabled={save.isPending}>{hasPassword ? 'Change the password' : 'Set a password'}</Button>
        {hasPassword ? <Button variant="secondary" disabled={save.isPending} onClick={() => save.mutate(null)}>Remove the password</Button> : null}
      </div>
    </form>
  );
}

export function ShareSection({ record }: { record: SiteRecord }) {
  const site = String(record.siteId);
  const config = usePrivateLinkConfig(site, true);
  const action = usePrivateLinkAction(site);
  const key = config.data?.data.privateLinkKey ?? null;
  const link = key === null ? null : `${window.location.origin}/${record.siteId}/${key}`;
  return (
    <>
      <Card title="Private link">
        <div className="flex flex-col gap-4">
          <p className="text-sm text-slate-600 dark:text-slate-400">Whoever has the link reads this site's dashboard without signing in, read-only. Replacing or revoking it ends the old link at once.</p>
          <ErrorMessage error={config.error ?? action.error} />
          {link === null ? <p className="text-sm" data-testid="private-link">No private link yet.</p> : (
            <p className="break-all text-sm"><span className="font-medium">Link: </span><a data-testid="private-link" className="text-indigo-700 underline dark:text-indigo-300" href={link}>{link}</a></p>
          )}
          <div className="flex flex-wrap gap-3">
            <Button disabled={action.isPending || config.isPending} onClick={() => action.mutate('generate_private_link_key')}>{link === null ? 'Create a private link' : 'Replace the link'}</Button>
            {link === null ? null : <Button variant="secondary" disabled={action.isPending} onClick={() => action.mutate('revoke_private_link_key')}>Revoke the link</Button>}
          </div>
          {link === null ? null : <LinkPasswordForm site={site} hasPassword={config.data?.data.hasPassword === true} />}
        </div>
      </Card>
      <SettingsForm site={record.id} title="Embedding" saveLabel="Save embedding" bodyOf={(form) => ({ embedOrigins: linesOf(String(form.get('embedOrigins') ?? '')) })}>
        <TextAreaField
          name="embedOrigins"
          label="Origins allowed to embed the dashboard"
          defaultValue={record.embedOrigins.join('\n')}
          hint="One per line, such as https://intranet.example.com. Their pages may show the dashboard in a frame with ?embed=true (add theme=light|dark and background=ffffff); every other page may not. The frame still needs a public site or a private link."
          spellCheck={false}
        />
      </SettingsForm>
    </>
  );
}
