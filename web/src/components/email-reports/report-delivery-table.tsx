// ReportDeliveryTable: the latest report mails to the signed-in member, with their state (a failed attempt shows
// its error and when the next one is due).
import type { ReportSubscription } from '../../api/alert-types';
import type { CsvColumn } from '../csv';
import { formatInstant } from '../format-instant';
import { TABLE, TableFrame, TD, TH } from '../table-frame';

type Delivery = ReportSubscription['deliveries'][number];

const STATUS: Readonly<Record<Delivery['status'], string>> = { pending: 'Queued', retrying: 'Failed, will retry', sent: 'Sent', failed: 'Failed' };
const periodOf = (delivery: Delivery) => {
  const [kind = '', day = ''] = delivery.reference.split(':');
  return `${kind === 'monthly' ? 'Month' : 'Week'} from ${day}`;
};

export function ReportDeliveryTable({ deliveries }: { deliveries: readonly Delivery[] }) {
  const columns: ReadonlyArray<CsvColumn<Delivery>> = [
    { header: 'Period', value: periodOf },
    { header: 'Status', value: (delivery) => delivery.status },
    { header: 'Attempts', value: (delivery) => delivery.attempts },
    { header: 'Error', value: (delivery) => delivery.error },
    { header: 'Next attempt', value: (delivery) => delivery.next_attempt_at },
    { header: 'Queued', value: (delivery) => delivery.created_at },
  ];
  return (
    <TableFrame title="Report mails" fileName="report-mails.csv" columns={columns} rows={deliveries}>
      <table className={TABLE} data-testid="report-deliveries">
        <caption className="sr-only">Report mails</caption>
        <thead><tr>{['Period', 'Status', 'Attempts', 'Queued'].map((head) => <th key={head} scope="col" className={TH}>{head}</th>)}</tr></thead>
        <tbody>
          {deliveries.map((delivery) => (
            <tr key={delivery.id} data-testid="report-delivery-row">
              <td className={TD}>{periodOf(delivery)}</td>
              <td className={TD}>
                {STATUS[delivery.status]}
                {delivery.error ? <p className="text-xs text-red-700 dark:text-red-300">{delivery.error}</p> : null}
                {delivery.status === 'retrying' && delivery.next_attempt_at ? <p className="text-xs text-slate-600 dark:text-slate-400">Next attempt <time dateTime={delivery.next_attempt_at}>{formatInstant(delivery.next_attempt_at)}</time></p> : null}
              </td>
              <td className={`${TD} tabular-nums`}>{delivery.attempts}</td>
              <td className={`${TD} whitespace-nowrap`}><time dateTime={delivery.created_at}>{formatInstant(delivery.created_at)}</time></td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableFrame>
  );
}
