// ApiKeyList: the organization's and the account's API keys (never their secret) with a confirmed revoke.
import { useState } from 'react';
import { useApiKeys, useRevokeApiKey } from '../../api/queries';
import type { ListedApiKey } from '../../api/settings-types';
import { Button } from '../button';
import { Dialog } from '../dialog';
import { ErrorMessage } from '../error-message';
import { scopesText } from './settings-fields';

const dateOf = (value: string | null) => (value === null ? 'never' : new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' }).format(new Date(value)));

/** better-auth may hand permissions back as JSON text. */
function permissionsOf(key: ListedApiKey): Record<string, string[]> | null {
  const value: unknown = key.permissions;
  if (typeof value !== 'string') return key.permissions;
  try {
    return JSON.parse(value) as Record<string, string[]>;
  } catch {
    return null;
  }
}

function KeyRow({ apiKey, owner, onRevoke }: { apiKey: ListedApiKey; owner: string; onRevoke: () => void }) {
  const name = apiKey.name ?? apiKey.id;
  return (
    <li data-testid="api-key-row" className="flex flex-wrap items-center justify-between gap-3 border-b border-slate-200 py-2 last:border-0 dark:border-slate-800">
      <div className="min-w-0">
        <p className="font-medium"><span data-testid="api-key-name">{name}</span> <code className="text-xs text-slate-600 dark:text-slate-400">{apiKey.start ?? apiKey.prefix ?? ''}…</code></p>
        <p className="text-xs text-slate-600 dark:text-slate-400">{owner} · {scopesText(permissionsOf(apiKey))} · created {dateOf(apiKey.createdAt)} · expires {dateOf(apiKey.expiresAt)}</p>
      </div>
      <Button variant="secondary" onClick={onRevoke} aria-label={`Revoke the key ${name}`}>Revoke</Button>
    </li>
  );
}

export function ApiKeyList({ organizationId }: { organizationId: string }) {
  const organizationKeys = useApiKeys(organizationId);
  const userKeys = useApiKeys();
  const revoke = useRevokeApiKey();
  const [revoking, setRevoking] = useState<ListedApiKey | null>(null);
  const rows = [
    ...(organizationKeys.data?.apiKeys ?? []).map((key) => ({ key, owner: 'Organization' })),
    ...(userKeys.data?.apiKeys ?? []).map((key) => ({ key, owner: 'Your account' })),
  ];
  const confirm = () => {
    if (revoking) revoke.mutate(revoking.id, { onSuccess: () => setRevoking(null) });
  };
  return (
    <div className="flex flex-col gap-2">
      <h3 className="text-sm font-semibold">Existing keys</h3>
      <ErrorMessage error={organizationKeys.error ?? userKeys.error} />
      {organizationKeys.isSuccess && userKeys.isSuccess && rows.length === 0 ? <p className="text-sm">No API key yet.</p> : null}
      <ul aria-label="API keys">
        {rows.map(({ key, owner }) => <KeyRow key={key.id} apiKey={key} owner={owner} onRevoke={() => setRevoking(key)} />)}
      </ul>
      <Dialog open={revoking !== null} title="Revoke the API key" onClose={() => setRevoking(null)}>
        <div className="flex flex-col gap-4">
          <p className="text-sm">Requests with the key {revoking?.name ?? ''} will be refused from now on. This cannot be undone.</p>
          <ErrorMessage error={revoke.error} />
          <Button onClick={confirm} disabled={revoke.isPending}>Revoke the key</Button>
        </div>
      </Dialog>
    </div>
  );
}
