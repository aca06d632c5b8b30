// AlertTable: the site's alert rules (condition, channels, state, last figure) with their CSV download; admins
// pause, resume and delete them.
import type { Alert } from '../../api/alert-types';
import { useDeleteAlert, useUpdateAlert } from '../../api/alert-queries';
import { Button } from '../button';
import type { CsvColumn } from '../csv';
import { ErrorMessage } from '../error-message';
import { formatInstant } from '../format-instant';
import { TABLE, TableFrame, TD, TH } from '../table-frame';
import { ruleText } from './alert-fields';

const channelsOf = (alert: Alert) => [...alert.emails, ...alert.webhook_ids.map((id) => `webhook ${id}`)].join(', ');
const stateOf = (alert: Alert) => (alert.enabled ? (alert.state === 'firing' ? 'Firing' : 'OK') : 'Paused');

export function AlertTable({ site, alerts, canManage }: { site: string; alerts: readonly Alert[]; canManage: boolean }) {
  const update = useUpdateAlert(site);
  const remove = useDeleteAlert(site);
  const columns: ReadonlyArray<CsvColumn<Alert>> = [
    { header: 'Id', value: (alert) => alert.id },
    { header: 'Name', value: (alert) => alert.name },
    { header: 'Rule', value: ruleText },
    { header: 'Channels', value: channelsOf },
    { header: 'State', value: stateOf },
    { header: 'Last value', value: (alert) => alert.last_value },
    { header: 'Last evaluated', value: (alert) => alert.last_evaluated_at },
  ];
  return (
    <div className="flex flex-col gap-2">
      <TableFrame title="Alerts" fileName="alerts.csv" columns={columns} rows={alerts}>
        <table className={TABLE} data-testid="alert-table">
          <caption className="sr-only">Alerts</caption>
          <thead><tr>{['Alert', 'Channels', 'State', 'Last value', ...(canManage ? ['Actions'] : [])].map((head) => <th key={head} scope="col" className={TH}>{head}</th>)}</tr></thead>
          <tbody>
            {alerts.map((alert) => (
              <tr key={alert.id} data-testid="alert-row">
                <td className={TD}>
                  <p className="font-medium">{alert.name}</p>
                  <p className="text-xs text-slate-600 dark:text-slate-400">{ruleText(alert)}</p>
                  {alert.last_error ? <p className="text-xs text-red-700 dark:text-red-300">{alert.last_error}</p> : null}
                </td>
                <td className={`${TD} max-w-56 break-all`}>{channelsOf(alert)}</td>
                <td className={TD}>
                  <span data-testid="alert-state" className={alert.enabled && alert.state === 'firing' ? 'font-semibold text-red-700 dark:text-red-300' : ''}>{stateOf(alert)}</span>
                </td>
                <td className={`${TD} whitespace-nowrap tabular-nums`}>
                  {alert.last_value ?? '–'}
                  {alert.last_evaluated_at ? <p className="text-xs text-slate-600 dark:text-slate-400"><time dateTime={alert.last_evaluated_at}>{formatInstant(alert.last_evaluated_at)}</time></p> : null}
                </td>
                {canManage ? (
                  <td className={`${TD} whitespace-nowrap`}>
                    <div className="flex gap-2">
                      <Button variant="secondary" disabled={update.isPending} onClick={() => update.mutate({ id: alert.id, changes: { enabled: !alert.enabled } })}
                        aria-label={`${alert.enabled ? 'Pause' : 'Resume'} ${alert.name}`}>{alert.enabled ? 'Pause' : 'Resume'}</Button>
                      <Button variant="secondary" disabled={remove.isPending} onClick={() => remove.mutate(alert.id)} aria-label={`Delete ${alert.name}`}>Delete</Button>
                    </div>
                  </td>
                ) : null}
              </tr>
            ))}
          </tbody>
        </table>
      </TableFrame>
      <ErrorMessage error={update.error ?? remove.error} />
    </div>
  );
}
