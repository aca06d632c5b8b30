// CreateApiKeyForm: name, owner (the organization or the signed-in account; only the organization on the
// organization page), lifetime and scopes of a new API key; the key itself is shown once, with a copy button.
import { useId, useState, type FormEvent } from 'react';
import { useCreateApiKey } from '../../api/api-key-queries';
import type { CreatedApiKey } from '../../api/settings-types';
import { Button, FOCUS_RING } from '../button';
import { CheckboxField } from '../checkbox-field';
import { ErrorMessage } from '../error-message';
import { ShownOnceSecret } from '../shown-once-secret';
import { TextField } from '../text-field';
import { KEY_SCOPES, permissionsOf, presetOf, SCOPE_PRESETS } from './settings-fields';

const LIFETIMES: ReadonlyArray<[string, number | undefined]> = [['Never expires', undefined], ['30 days', 30 * 86400], ['90 days', 90 * 86400], ['1 year', 365 * 86400]];

export function CreateApiKeyForm({ organizationId, organizationOnly = false }: { organizationId: string; organizationOnly?: boolean }) {
  const [owner, setOwner] = useState<'organization' | 'user'>('organization');
  const create = useCreateApiKey(owner === 'organization' ? organizationId : undefined);
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const lifetimeId = useId();
  const [scopes, setScopes] = useState<ReadonlySet<string>>(new Set());
  const preset = presetOf(scopes);
  const toggle = (scope: string, on: boolean) => setScopes((current) => {
    const next = new Set(current);
    if (on) next.add(scope);
    else next.delete(scope);
    return next;
  });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const lifetime = LIFETIMES[Number(form.get('lifetime'))]?.[1];
    const permissions = permissionsOf([...scopes]);
    const body = { name: String(form.get('keyName') ?? '').trim(), ...(lifetime ? { expiresIn: lifetime } : {}), ...(permissions ? { permissions } : {}) };
    const target = event.currentTarget;
    create.mutate(body, { onSuccess: (key) => { setCreated(key); target.reset(); setScopes(new Set()); } });
  };
  if (created) return <ShownOnceSecret what={`the key ${created.name ?? ''}`} label="New API key" secret={created.key} testId="new-api-key" onDone={() => setCreated(null)} />;
  return (
    <form onSubmit={submit} className="flex flex-col gap-4">
      <TextField label="Key name" name="keyName" required maxLength={64} autoComplete="off" />
      {organizationOnly ? null : (
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 text-sm font-medium">Owner</legend>
          <CheckboxField type="radio" name="owner" label="The organization" hint="Acts as an admin of the organization's sites" checked={owner === 'organization'} onChange={() => setOwner('organization')} />
          <CheckboxField type="radio" name="owner" label="My account" hint="Acts as you, on every site you can reach" checked={owner === 'user'} onChange={() => setOwner('user')} />
        </fieldset>
      )}
      <div className="flex flex-col gap-1">
        <label htmlFor={lifetimeId} className="text-sm font-medium">Lifetime</label>
        <select id={lifetimeId} name="lifetime" defaultValue="0" className={`min-h-10 rounded-md border border-slate-300 bg-white px-2 text-sm dark:border-slate-600 dark:bg-slate-900 ${FOCUS_RING}`}>
          {LIFETIMES.map(([label], index) => <option key={label} value={index}>{label}</option>)}
        </select>
      </div>
      <fieldset className="flex flex-col gap-2" data-testid="scope-presets">
        <legend className="mb-1 text-sm font-medium">Access</legend>
        {SCOPE_PRESETS.map((entry) => (
          <CheckboxField key={entry.key} type="radio" name="preset" value={entry.key} label={entry.label} hint={entry.hint} checked={preset === entry.key} onChange={() => setScopes(new Set(entry.scopes))} />
        ))}
        {preset === undefined ? <p className="text-xs text-slate-600 dark:text-slate-400" data-testid="custom-scopes">Custom: the {scopes.size} scopes checked below</p> : null}
      </fieldset>
      <fieldset>
        <legend className="mb-1 text-sm font-medium">Scopes</legend>
        <p className="mb-2 text-xs text-slate-600 dark:text-slate-400">A preset above checks them for you; none checked: the key has its owner's full access.</p>
        <div className="grid grid-cols-1 gap-2 sm:grid-cols-3">
          {KEY_SCOPES.map((scope) => <CheckboxField key={scope} name="scope" value={scope} label={scope} checked={scopes.has(scope)} onChange={(event) => toggle(scope, event.target.checked)} />)}
        </div>
      </fieldset>
      <ErrorMessage error={create.error} />
      <Button type="submit" disabled={create.isPending} className="self-start">Create the key</Button>
    </form>
  );
}
