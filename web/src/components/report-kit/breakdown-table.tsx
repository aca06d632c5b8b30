// BreakdownTable: ranked rows as the API returned them, each with a bar as long as its share of the largest row;
// a row's value is a button that adds it as a filter.
import type { ReactNode } from 'react';
import { FOCUS_RING } from '../button';
import { reportPanel } from './report-panel';

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
  /** The picture before a value (a flag, an icon, a favicon). */
  readonly icon?: (value: string) => ReactNode;
  /** What the percentage is a share of, e.g. "of all sessions" (its column's heading says it). */
  readonly percentageOf?: string;
  /** The percentage a row shows, when not the API's `percentage`. */
  readonly percentageFor?: (row: BreakdownRow) => number | undefined;
  /** The table's "Download CSV" and "Details" buttons, shown above it when there are rows. */
  readonly actions?: ReactNode;
  /** Rows of the table at most this tall scroll (the details view shows its page whole). */
  readonly scroll?: boolean;
}

/** A row's bar: its count against the largest count, in percent of the cell's width (at least a sliver). */
export const barWidth = (count: number, max: number): number => (max <= 0 ? 0 : Math.max(1, Math.round((count / max) * 1000) / 10));

export function BreakdownTable({
  testId, valueLabel, countLabel, rows, onSelect, display = (value) => value || '(none)', icon, percentageOf, percentageFor = (row) => row.percentage, actions, scroll = true,
}: BreakdownTableProps) {
  const state = reportPanel({ error: null, loading: false, empty: rows.length === 0 });
  if (state) return state;
  const max = Math.max(...rows.map((row) => row.count));
  const showShare = percentageOf !== undefined || rows.some((row) => percentageFor(row) !== undefined);
  return (
    <>
      {actions ? <div className="mb-1 flex flex-wrap justify-end gap-2">{actions}</div> : null}
      <div className={scroll ? 'max-h-80 overflow-y-auto' : ''} tabIndex={scroll ? 0 : undefined} role={scroll ? 'region' : undefined} aria-label={scroll ? `${valueLabel} list` : undefined}>
        <table data-testid={testId} className="w-full table-fixed text-sm">
          <thead className="text-left text-xs text-slate-600 dark:text-slate-400">
            <tr>
              <th scope="col" className="py-1 font-medium">{valueLabel}</th>
              <th scope="col" className="w-20 py-1 text-right font-medium">{countLabel}</th>
              {showShare ? <th scope="col" className="w-16 py-1 text-right font-medium" title={percentageOf ? `Share ${percentageOf}` : undefined}>%<span className="sr-only"> {percentageOf ?? 'share'}</span></th> : null}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => {
              const share = percentageFor(row);
              const text = display(row.value);
              return (
                <tr key={row.value}>
                  <td className="py-0.5 pr-2">
                    <div className="relative flex min-h-7 items-center gap-2 rounded px-2">
                      <div aria-hidden="true" data-bar={barWidth(row.count, max)} className="absolute inset-y-0 left-0 rounded bg-indigo-100 dark:bg-indigo-950" style={{ width: `${barWidth(row.count, max)}%` }} />
                      <span className="relative flex min-w-0 flex-1 items-center gap-2">
                        {icon ? icon(row.value) : null}
                        {onSelect ? (
                          <button type="button" data-value={row.value} title={`Filter by ${text}`} className={`min-w-0 flex-1 truncate rounded text-left hover:underline ${FOCUS_RING}`} onClick={() => onSelect(row.value)}>{text}</button>
                        ) : <span data-value={row.value} title={text} className="min-w-0 flex-1 truncate">{text}</span>}
                      </span>
                    </div>
                  </td>
                  <td className="py-0.5 text-right tabular-nums" data-count={row.count}>{row.count.toLocaleString('en')}</td>
                  {showShare ? <td className="py-0.5 text-right text-xs tabular-nums text-slate-600 dark:text-slate-400" data-share={share}>{share === undefined ? '' : `${formatShare(share)}%`}</td> : null}
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </>
  );
}

/** A share in percent with one decimal under 10 and none above ("4.2", "47"). */
export function formatShare(share: number): string {
  return share < 10 ? (Math.round(share * 10) / 10).toString() : Math.round(share).toString();
}
