// FiringLog: every time an alert fired or resolved, newest first, with what was sent and how it went.
import { useAlertFirings } from '../../api/alert-queries';
import type { AlertFiring } from '../../api/alert-types';
import type { CsvColumn } from '../csv';
import { formatInstant } from '../format-instant';
import { TABLE, TableFrame, TD, TH } from '../table-frame';
import { deliveriesText, firingValueText } from './alert-fields';

export function FiringLog({ site }: { site: string }) {
  const log = useAlertFirings(site);
  const rows = log.data?.data ?? [];
  const columns: ReadonlyArray<CsvColumn<AlertFiring>> = [
    { header: 'Time', value: (firing) => firing.created_at },
    { header: 'Alert', value: (firing) => firing.alert_name },
    { header: 'Event', value: (firing) => firing.kind },
    { header: 'Value', value: (firing) => firing.value },
    { header: 'Week earlier', value: (firing) => firing.baseline },
    { header: 'Window start', value: (firing) => firing.window_from },
    { header: 'Window end', value: (firing) => firing.window_to },
    { header: 'Notifications', value: deliveriesText },
  ];
  return (
    <div data-bench-piece="alert-firings" data-bench-state={log.isSuccess ? (rows.length === 0 ? 'empty' : 'ready') : 'loading'}>
      {log.isPending ? <p role="status" className="text-sm">Loading the log…</p> : null}
      {log.isSuccess && rows.length === 0 ? <p className="text-sm">No alert has fired yet.</p> : null}
      {rows.length > 0 ? (
        <TableFrame title="Firing log" fileName="alert-firings.csv" columns={columns} rows={rows}>
          <table className={TABLE} data-testid="firing-log">
            <caption className="sr-only">Firing log</caption>
            <thead><tr>{['Time', 'Alert', 'Event', 'Value', 'Notifications'].map((head) => <th key={head} scope="col" className={TH}>{head}</th>)}</tr></thead>
            <tbody>
              {rows.map((firing) => (
                <tr key={firing.id} data-testid="firing-row">
                  <td className={`${TD} whitespace-nowrap`}><time dateTime={firing.created_at}>{formatInstant(firing.created_at)}</time></td>
                  <td className={TD}>{firing.alert_name}</td>
                  <td className={TD} data-testid="firing-kind">{firing.kind === 'fired' ? 'Fired' : 'Resolved'}</td>
                  <td className={`${TD} tabular-nums`}>{firingValueText(firing)}</td>
                  <td className={`${TD} max-w-72 break-all`} data-testid="firing-deliveries">{deliveriesText(firing)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableFrame>
      ) : null}
    </div>
  );
}
