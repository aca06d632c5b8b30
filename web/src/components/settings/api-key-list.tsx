// ApiKeyList: the organization's and the account's API keys (never their secret) with a confirmed revoke.
import { useState } from 'react';
import { useApiKeys, useRevokeApiKey } from '../../api/queries';
import type { ListedApiKey } from '../../api/settings-types';
import { Button } from '../button';
import { Dialog } from '../dialog';
import { csvFileName } from '../csv';
import { CsvDownloadButton } from '../csv-download-button';
import { ErrorMessage } from '../error-message';
import { API_KEY_CSV_COLUMNS, keyPermissions, type KeyListRow } from './listed-key';
import { scopesText } from './settings-fields';

const dateOf = (value: string | null) => (value === null ? 'never' : new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' }).format(new Date(value)));

function KeyRow({ apiKey, owner, onRevoke }: { apiKey: ListedApiKey; owner: string; onRevoke: () => void }) {
  const name = apiKey.name ?? apiKey.id;
  return (
    <li data-testid="api-key-row" className="flex flex-wrap items-center justify-between gap-3 border-b border-slate-200 py-2 last:border-0 dark:border-slate-800">
      <div className="min-w-0">
        <p className="font-medium"><span data-testid="api-key-name">{name}</span> <code className="text-xs text-slate-600 dark:text-slate-400">{apiKey.start ?? apiKey.prefix ?? ''}…</code></p>
        <p className="text-xs text-slate-600 dark:text-slate-400">{owner} · {scopesText(keyPermissions(apiKey))} · created {dateOf(apiKey.createdAt)} · expires {dateOf(apiKey.expiresAt)}</p>
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
  const rows: KeyListRow[] = [
    ...(organizationKeys.data?.apiKeys ?? []).map((key) => ({ key, owner: 'Organization' })),
    ...(userKeys.data?.apiKeys ?? []).map((key) => ({ key, owner: 'Your account' })),
  ];
  const confirm = () => {
    if (revoking) revoke.mutate(revoking.id, { onSuccess: () => setRevoking(null) });
  };
  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 className="text-sm font-semibold">Existing keys</h3>
        {rows.length > 0 ? <CsvDownloadButton fileName={csvFileName('api keys')} table="API keys" columns={API_KEY_CSV_COLUMNS} rows={rows} /> : null}
      </div>
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
