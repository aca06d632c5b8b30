// WebhookTable: the site's webhooks (endpoint, triggers, status, failures) with their CSV download.
import { Link } from 'react-router';
import type { SiteGoal, Webhook } from '../../api/webhook-types';
import { FOCUS_RING } from '../button';
import type { CsvColumn } from '../csv';
import { TABLE, TableFrame, TD, TH } from '../table-frame';
import { formatInstant } from '../format-instant';
import { triggersOf } from './webhook-fields';

export function WebhookTable({ site, webhooks, goals }: { site: string; webhooks: readonly Webhook[]; goals: readonly SiteGoal[] }) {
  const columns: ReadonlyArray<CsvColumn<Webhook>> = [
    { header: 'Id', value: (webhook) => webhook.id },
    { header: 'URL', value: (webhook) => webhook.url },
    { header: 'Description', value: (webhook) => webhook.description },
    { header: 'Triggers', value: (webhook) => triggersOf(webhook, goals) },
    { header: 'Status', value: (webhook) => webhook.status },
    { header: 'Disabled reason', value: (webhook) => webhook.disabled_reason },
    { header: 'Consecutive failures', value: (webhook) => webhook.consecutive_failures },
    { header: 'Created', value: (webhook) => webhook.created_at },
  ];
  return (
    <TableFrame title="Webhooks" fileName="webhooks.csv" columns={columns} rows={webhooks}>
      <table className={TABLE} data-testid="webhook-table">
        <caption className="sr-only">Webhooks</caption>
        <thead><tr>{['Endpoint', 'Triggers', 'Status', 'Failures', 'Created'].map((head) => <th key={head} scope="col" className={TH}>{head}</th>)}</tr></thead>
        <tbody>
          {webhooks.map((webhook) => (
            <tr key={webhook.id} data-testid="webhook-row">
              <td className={`${TD} max-w-64 break-all`}>
                <Link to={`/sites/${encodeURIComponent(site)}/webhooks/${encodeURIComponent(webhook.id)}`} className={`rounded font-medium text-indigo-700 underline dark:text-indigo-300 ${FOCUS_RING}`}>{webhook.url}</Link>
                {webhook.description ? <p className="text-xs text-slate-600 dark:text-slate-400">{webhook.description}</p> : null}
              </td>
              <td className={TD}>{triggersOf(webhook, goals)}</td>
              <td className={TD} data-testid="webhook-status">{webhook.status}</td>
              <td className={`${TD} tabular-nums`}>{webhook.consecutive_failures}</td>
              <td className={`${TD} whitespace-nowrap`}><time dateTime={webhook.created_at}>{formatInstant(webhook.created_at)}</time></td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableFrame>
  );
}
