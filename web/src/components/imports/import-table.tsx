// ImportTable: the site's past imports (source, status, rows imported and skipped, when), each deletable with
// its rows after a confirmation.
import { useState } from 'react';
import { useDeleteImport } from '../../api/import-queries';
import type { SiteImport } from '../../api/import-types';
import { Button } from '../button';
import type { CsvColumn } from '../csv';
import { formatInstant } from '../format-instant';
import { ConfirmDeleteDialog } from '../goals/confirm-delete-dialog';
import { TABLE, TableFrame, TD, TH } from '../table-frame';
import { skippedText, sourceLabel } from './import-labels';

export function ImportTable({ site, imports }: { site: string; imports: readonly SiteImport[] }) {
  const [deleting, setDeleting] = useState<SiteImport | undefined>();
  const remove = useDeleteImport(site);
  const columns: ReadonlyArray<CsvColumn<SiteImport>> = [
    { header: 'Id', value: (entry) => entry.importId },
    { header: 'Source', value: (entry) => entry.platform },
    { header: 'Status', value: (entry) => entry.status },
    { header: 'Imported', value: (entry) => entry.importedEvents },
    { header: 'Skipped', value: (entry) => entry.skippedEvents },
    { header: 'Started', value: (entry) => entry.startedAt },
    { header: 'Completed', value: (entry) => entry.completedAt ?? '' },
  ];
  return (
    <>
      <TableFrame title="Past imports" fileName="imports.csv" columns={columns} rows={imports}>
        <table className={`${TABLE} relative`} data-testid="import-table">
          <caption className="sr-only">Past imports</caption>
          <thead><tr>{['Source', 'Status', 'Imported', 'Skipped', 'Started', ''].map((head, index) => <th key={index} scope="col" className={TH}>{head === '' ? <span className="sr-only">Actions</span> : head}</th>)}</tr></thead>
          <tbody>
            {imports.map((entry) => (
              <tr key={entry.importId} data-testid="import-row">
                <td className={TD}>{sourceLabel(entry.platform)}</td>
                <td className={TD} data-testid="import-status">{entry.status === 'running' ? 'Running' : 'Completed'}</td>
                <td className={`${TD} tabular-nums`} data-testid="import-row-imported">{entry.importedEvents.toLocaleString('en-US')}</td>
                <td className={TD} data-testid="import-row-skipped">{entry.skippedEvents.toLocaleString('en-US')}{entry.skippedEvents > 0 ? <span className="block text-xs text-slate-600 dark:text-slate-400">{skippedText(entry.skipped)}</span> : null}</td>
                <td className={`${TD} whitespace-nowrap`}><time dateTime={entry.startedAt}>{formatInstant(entry.startedAt)}</time></td>
                <td className={TD}><Button variant="secondary" onClick={() => { remove.reset(); setDeleting(entry); }}>Delete<span className="sr-only"> the import of {formatInstant(entry.startedAt)}</span></Button></td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableFrame>
      {deleting ? (
        <ConfirmDeleteDialog
          what={`import of ${formatInstant(deleting.startedAt)} and the ${deleting.importedEvents.toLocaleString('en-US')} rows it stored`}
          pending={remove.isPending} error={remove.error}
          onConfirm={() => remove.mutate(deleting.importId, { onSuccess: () => setDeleting(undefined) })}
          onClose={() => setDeleting(undefined)}
        />
      ) : null}
    </>
  );
}
