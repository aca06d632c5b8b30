// DeliveryLog: the webhook's deliveries of the last 30 days, newest first, as the API returns them (status,
// attempts, the last answer's code or error, when it was tried and when it is tried next), with its CSV download.
import { useDeliveries } from '../../api/webhook-queries';
import type { Delivery } from '../../api/webhook-types';
import { Button } from '../button';
import { Card } from '../card';
import type { CsvColumn } from '../csv';
import { ErrorMessage } from '../error-message';
import { TABLE, TableFrame, TD, TH } from '../table-frame';
import { formatInstant } from '../format-instant';
import { triggerText } from './webhook-fields';

const COLUMNS: ReadonlyArray<CsvColumn<Delivery>> = [
  { header: 'Delivery id', value: (delivery) => delivery.id },
  { header: 'Created', value: (delivery) => delivery.created_at },
  { header: 'Trigger', value: (delivery) => triggerText(delivery.trigger) },
  { header: 'Status', value: (delivery) => delivery.status },
  { header: 'Attempts', value: (delivery) => delivery.attempts },
  { header: 'Response code', value: (delivery) => delivery.response_code },
  { header: 'Error', value: (delivery) => delivery.error },
  { header: 'Last attempt', value: (delivery) => delivery.last_attempt_at },
  { header: 'Next attempt', value: (delivery) => delivery.next_attempt_at },
];

const HEADS = ['Created', 'Trigger', 'Status', 'Attempts', 'Response', 'Last attempt', 'Next attempt'];

function When({ iso }: { iso: string | null }) {
  return iso === null ? <span className="text-slate-600 dark:text-slate-400">—</span> : <time dateTime={iso}>{formatInstant(iso)}</time>;
}

function DeliveryRow({ delivery }: { delivery: Delivery }) {
  return (
    <tr data-testid="delivery-row" data-delivery-id={delivery.id}>
      <td className={`${TD} whitespace-nowrap`}><When iso={delivery.created_at} /></td>
      <td className={TD} data-testid="delivery-trigger">{triggerText(delivery.trigger)}</td>
      <td className={TD} data-testid="delivery-status">{delivery.status}</td>
      <td className={`${TD} tabular-nums`} data-testid="delivery-attempts">{delivery.attempts}</td>
      <td className={`${TD} max-w-64 break-words`} data-testid="delivery-response">{delivery.response_code ?? ''}{delivery.error ? <span className="block text-xs text-red-800 dark:text-red-300">{delivery.error}</span> : null}</td>
      <td className={`${TD} whitespace-nowrap`}><When iso={delivery.last_attempt_at} /></td>
      <td className={`${TD} whitespace-nowrap`}><When iso={delivery.next_attempt_at} /></td>
    </tr>
  );
}

export function DeliveryLog({ site, webhookId }: { site: string; webhookId: string }) {
  const log = useDeliveries(site, webhookId);
  const rows = log.data?.data ?? [];
  const state = log.isSuccess ? (rows.length === 0 ? 'empty' : 'ready') : 'loading';
  return (
    <Card title="Delivery log">
      <div className="flex flex-col gap-3" data-bench-piece="webhook-deliveries" data-bench-state={state}>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p className="text-sm text-slate-600 dark:text-slate-400">The last 30 days, newest first. Test pings are not logged.</p>
          <Button variant="secondary" onClick={() => void log.refetch()} disabled={log.isFetching}>Refresh the log</Button>
        </div>
        <ErrorMessage error={log.error} />
        {log.isPending ? <p role="status" className="text-sm">Loading deliveries…</p> : null}
        {log.isSuccess && rows.length === 0 ? <p className="text-sm">No delivery yet: one is made for each stored event that matches a trigger.</p> : null}
        {rows.length > 0 ? (
          <TableFrame title="Deliveries" fileName={`webhook-deliveries-${webhookId}.csv`} columns={COLUMNS} rows={rows}>
            <table className={TABLE}>
              <caption className="sr-only">Deliveries, newest first</caption>
              <thead><tr>{HEADS.map((head) => <th key={head} scope="col" className={TH}>{head}</th>)}</tr></thead>
              <tbody>{rows.map((delivery) => <DeliveryRow key={delivery.id} delivery={delivery} />)}</tbody>
            </table>
          </TableFrame>
        ) : null}
      </div>
    </Card>
  );
}
