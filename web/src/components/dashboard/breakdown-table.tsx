// BreakdownTable: ranked rows as the API returned them; a row's value is a button that adds it as a filter.
import type { ReactNode } from 'react';
import { FOCUS_RING } from '../button';

export interface BreakdownRow {
  readonly value: string;
  readonly count: number;
  readonly percentage?: number;
}

export interface BreakdownTableProps {
  readonly testId: string;
  readonly valueLabel: string;
  readonly countLabel: string;
  readonly rows: readonly BreakdownRow[];
  /** Without it the rows are not filters. */
  readonly onSelect?: (value: string) => void;
  readonly display?: (value: string) => string;
  /** The table's "Download CSV" button, shown above it when there are rows. */
  readonly download?: ReactNode;
}

export function BreakdownTable({ testId, valueLabel, countLabel, rows, onSelect, display = (value) => value || '(none)', download }: BreakdownTableProps) {
  if (rows.length === 0) return <p className="py-6 text-center text-sm text-slate-600 dark:text-slate-400">No data for this period.</p>;
  return (
    <>
      {download ? <div className="mb-1 flex justify-end">{download}</div> : null}
      <div className="max-h-80 overflow-y-auto" tabIndex={0} role="region" aria-label={`${valueLabel} list`}>
        <table data-testid={testId} className="w-full text-sm">
          <thead className="text-left text-xs text-slate-600 dark:text-slate-400">
            <tr><th scope="col" className="py-1 font-medium">{valueLabel}</th><th scope="col" className="py-1 text-right font-medium">{countLabel}</th></tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.value} className="border-t border-slate-100 dark:border-slate-800">
                <td className="max-w-0 py-1 pr-2">
                  {onSelect ? (
                    <button type="button" data-value={row.value} title={`Filter by ${display(row.value)}`} className={`w-full truncate rounded text-left hover:underline ${FOCUS_RING}`} onClick={() => onSelect(row.value)}>{display(row.value)}</button>
                  ) : <span data-value={row.value} className="block truncate">{display(row.value)}</span>}
                </td>
                <td className="py-1 text-right tabular-nums" data-count={row.count}>
                  {row.count}{row.percentage !== undefined ? <span className="ml-2 text-xs text-slate-600 dark:text-slate-400">{row.percentage}%</span> : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
