// ErrorGroupsTable: error messages as the API ranked them (type, occurrences, sessions, share); choosing one shows its
// series and occurrences. With its CSV download.
import type { ErrorGroup } from '../../api/insight-types';
import { FOCUS_RING } from '../button';
import { CsvDownloadButton } from '../csv-download-button';
import { csvFileName, type CsvColumn } from '../csv';

const CSV_COLUMNS: readonly CsvColumn<ErrorGroup>[] = [
  { header: 'Message', value: (group) => group.value },
  { header: 'Error type', value: (group) => group.errorName },
  { header: 'Occurrences', value: (group) => group.count },
  { header: 'Sessions', value: (group) => group.sessionCount },
  { header: 'Share of errors (%)', value: (group) => group.percentage },
];

export interface ErrorGroupsTableProps {
  readonly groups: readonly ErrorGroup[];
  readonly chosen: string | undefined;
  readonly onChoose: (message: string) => void;
  readonly fileLabel: string;
}

export function ErrorGroupsTable({ groups, chosen, onChoose, fileLabel }: ErrorGroupsTableProps) {
  return (
    <div className="flex flex-col gap-2">
      <div className="flex justify-end">
        <CsvDownloadButton fileName={csvFileName('errors', fileLabel)} columns={CSV_COLUMNS} rows={groups} label="Download CSV of errors" />
      </div>
      <div className="max-h-96 overflow-auto" tabIndex={0} role="region" aria-label="Errors table">
        <table data-testid="error-groups" className="w-full text-sm">
          <caption className="sr-only">Error messages by occurrences; choose one to see its occurrences</caption>
          <thead className="text-left text-xs text-slate-600 dark:text-slate-400">
            <tr>
              <th scope="col" className="py-1 pr-2 font-medium">Message</th>
              <th scope="col" className="py-1 pr-2 font-medium">Type</th>
              <th scope="col" className="py-1 pr-2 text-right font-medium">Occurrences</th>
              <th scope="col" className="py-1 text-right font-medium">Sessions</th>
            </tr>
          </thead>
          <tbody>
            {groups.map((group) => {
              const selected = group.value === chosen;
              return (
                <tr key={group.value} data-testid="error-group" className={`border-t border-slate-100 align-top dark:border-slate-800 ${selected ? 'bg-indigo-50 dark:bg-indigo-950' : ''}`}>
                  <td className="py-1 pr-2">
                    <button
                      type="button"
                      aria-pressed={selected}
                      data-value={group.value}
                      onClick={() => onChoose(group.value)}
                      className={`w-full rounded text-left break-words hover:underline ${selected ? 'font-semibold' : ''} ${FOCUS_RING}`}
                    >
                      {group.value || '(no message)'}
                    </button>
                  </td>
                  <td className="py-1 pr-2">{group.errorName}</td>
                  <td className="py-1 pr-2 text-right tabular-nums" data-count={group.count}>
                    {group.count}<span className="ml-2 text-xs text-slate-600 dark:text-slate-400">{group.percentage}%</span>
                  </td>
                  <td className="py-1 text-right tabular-nums" data-sessions={group.sessionCount}>{group.sessionCount}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </div>
  );
}
