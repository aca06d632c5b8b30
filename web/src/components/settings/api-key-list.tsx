// ApiKeyList: the organization's (and, on the settings page, the account's) API keys (never their secret) as a
// table with its CSV download, and a confirmed revoke.
import { useState } from 'react';
import { useApiKeys, useRevokeApiKey } from '../../api/api-key-queries';
import type { ListedApiKey } from '../../api/settings-types';
import { Button } from '../button';
import { Dialog } from '../dialog';
import { csvFileName } from '../csv';
import { ErrorMessage } from '../error-message';
import { formatInstant } from '../format-instant';
import { API_KEY_CSV_COLUMNS, keyPermissions, type KeyListRow } from './listed-key';
import { TABLE, TableFrame, TD, TH } from '../table-frame';
import { scopesText } from './settings-fields';

const dateOf = (value: string | null) => (value === null ? 'never' : formatInstant(value));

function KeyTableRow({ row: { key, owner }, onRevoke }: { row: KeyListRow; onRevoke: () => void }) {
  const name = key.name ?? key.id;
  return (
    <tr data-testid="api-key-row">
      <td className={TD}><span data-testid="api-key-name" className="font-medium">{name}</span> <code className="text-xs text-slate-600 dark:text-slate-400">{key.start ?? key.prefix ?? ''}…</code></td>
      <td className={TD}>{owner}</td>
      <td className={TD}>{scopesText(keyPermissions(key))}</td>
      <td className={`${TD} whitespace-nowrap`}>{dateOf(key.createdAt)}</td>
      <td className={`${TD} whitespace-nowrap`}>{dateOf(key.expiresAt)}</td>
      <td className={TD}><Button variant="secondary" onClick={onRevoke} aria-label={`Revoke the key ${name}`}>Revoke</Button></td>
    </tr>
  );
}

/** `organizationOnly`: only the organization's keys (the organization page), not also the account's. */
export function ApiKeyList({ organizationId, organizationOnly = false }: { organizationId: string; organizationOnly?: boolean }) {
  const organizationKeys = useApiKeys(organizationId);
  const userKeys = useApiKeys(undefined, !organizationOnly);
  const revoke = useRevokeApiKey();
  const [revoking, setRevoking] = useState<ListedApiKey | null>(null);
  const rows: KeyListRow[] = [
    ...(organizationKeys.data?.apiKeys ?? []).map((key) => ({ key, owner: 'Organization' })),
    ...(organizationOnly ? [] : (userKeys.data?.apiKeys ?? []).map((key) => ({ key, owner: 'Your account' }))),
  ];
  const loaded = organizationKeys.isSuccess && (organizationOnly || userKeys.isSuccess);
  const confirm = () => {
    if (revoking) revoke.mutate(revoking.id, { onSuccess: () => setRevoking(null) });
  };
  return (
    <div className="flex flex-col gap-2" data-bench-piece="api-keys" data-bench-state={loaded ? (rows.length === 0 ? 'empty' : 'ready') : 'loading'}>
      <h3 className="text-sm font-semibold">Existing keys</h3>
      <ErrorMessage error={organizationKeys.error ?? (organizationOnly ? null : userKeys.error)} />
      {loaded && rows.length === 0 ? <p className="text-sm">No API key yet.</p> : null}
      {rows.length > 0 ? (
        <TableFrame title="API keys" fileName={csvFileName('api keys')} columns={API_KEY_CSV_COLUMNS} rows={rows}>
          <table className={TABLE}>
            <caption className="sr-only">API keys</caption>
            <thead><tr>{['Name', 'Owner', 'Scopes', 'Created', 'Expires', 'Actions'].map((head) => <th key={head} scope="col" className={TH}>{head}</th>)}</tr></thead>
            <tbody>{rows.map((row) => <KeyTableRow key={row.key.id} row={row} onRevoke={() => setRevoking(row.key)} />)}</tbody>
          </table>
        </TableFrame>
      ) : null}
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
