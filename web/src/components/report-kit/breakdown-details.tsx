// BreakdownDetails: a card's whole list (up to 10,000 rows from the same report) in a dialog, searchable, sortable
// by value, count or bounce rate, 25 rows a page.
import { useMemo, useState, type ReactNode } from 'react';
import { useReport, type ReportParams } from '../../api/report-query';
import type { MetricEntry } from '../../api/types';
import { Button, FOCUS_RING } from '../button';
import { Dialog } from '../dialog';
import { reportPanel } from './report-panel';
import { BreakdownTable } from './breakdown-table';

export const DETAILS_PAGE_SIZE = 25;
const ALL_ROWS = 10_000;

export type DetailsSort = 'count' | 'value' | 'bounce_rate';
const SORTS: ReadonlyArray<{ readonly key: DetailsSort; readonly label: string }> = [
  { key: 'count', label: 'Count' }, { key: 'value', label: 'Name' }, { key: 'bounce_rate', label: 'Bounce rate' },
];

/** The rows whose shown text holds `search` (case-insensitive), sorted, and the page of them asked for. */
export function detailsPage(
  rows: readonly MetricEntry[], display: (value: string) => string, search: string, sort: DetailsSort, descending: boolean, page: number,
): { rows: MetricEntry[]; matching: number; pages: number } {
  const needle = search.trim().toLowerCase();
  const matching = needle === '' ? [...rows] : rows.filter((row) => display(row.value).toLowerCase().includes(needle) || row.value.toLowerCase().includes(needle));
  const direction = descending ? -1 : 1;
  matching.sort((a, b) => {
    const order = sort === 'value' ? display(a.value).localeCompare(display(b.value)) : a[sort] - b[sort];
    return order * direction || display(a.value).localeCompare(display(b.value));
  });
  const pages = Math.max(1, Math.ceil(matching.length / DETAILS_PAGE_SIZE));
  const current = Math.min(Math.max(1, page), pages);
  return { rows: matching.slice((current - 1) * DETAILS_PAGE_SIZE, current * DETAILS_PAGE_SIZE), matching: matching.length, pages };
}

export interface BreakdownDetailsProps {
  readonly site: string;
  readonly parameter: string;
  readonly title: string;
  readonly valueLabel: string;
  readonly countLabel: string;
  readonly params: ReportParams;
  readonly display: (value: string) => string;
  readonly icon?: (value: string) => ReactNode;
  readonly onSelect: (value: string) => void;
}

function DetailsList({ site, parameter, valueLabel, countLabel, params, display, icon, onSelect }: Omit<BreakdownDetailsProps, 'title'>) {
  const all = useReport('/api/sites/{site}/metric', site, { ...params, parameter, limit: ALL_ROWS });
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<DetailsSort>('count');
  const [descending, setDescending] = useState(true);
  const [page, setPage] = useState(1);
  const rows = all.data?.data.data;
  const shown = useMemo(() => (rows ? detailsPage(rows, display, search, sort, descending, page) : undefined), [rows, display, search, sort, descending, page]);
  const state = reportPanel({ error: all.error, loading: !shown });
  if (state || !shown) return state;
  const current = Math.min(page, shown.pages);
  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-end gap-2">
        <label className="flex min-w-40 flex-1 flex-col text-xs text-slate-700 dark:text-slate-300">
          Search
          <input type="search" value={search} data-testid="details-search" onChange={(event) => { setSearch(event.target.value); setPage(1); }} className={`mt-1 rounded border border-slate-300 bg-white px-2 py-1 text-sm text-slate-900 dark:border-slate-600 dark:bg-slate-950 dark:text-slate-100 ${FOCUS_RING}`} />
        </label>
        <div role="group" aria-label="Sort by" className="flex gap-1">
          {SORTS.map(({ key, label }) => (
            <button key={key} type="button" aria-pressed={sort === key} data-sort={key}
              onClick={() => { if (sort === key) setDescending(!descending); else { setSort(key); setDescending(key !== 'value'); } setPage(1); }}
              className={`rounded px-2 py-1 text-xs ${sort === key ? 'bg-indigo-100 font-semibold text-indigo-900 dark:bg-indigo-950 dark:text-indigo-100' : 'text-slate-700 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800'} ${FOCUS_RING}`}>
              {label}{sort === key ? <span aria-label={descending ? ', descending' : ', ascending'}>{descending ? ' ↓' : ' ↑'}</span> : null}
            </button>
          ))}
        </div>
      </div>
      <p className="text-xs text-slate-600 dark:text-slate-400" data-testid="details-count" data-matching={shown.matching}>{shown.matching.toLocaleString('en')} of {rows?.length.toLocaleString('en')} rows</p>
      <BreakdownTable testId="details-table" valueLabel={valueLabel} countLabel={countLabel} rows={shown.rows} display={display} icon={icon} onSelect={onSelect} scroll={false} />
      <nav aria-label="Pages of the list" className="flex items-center justify-between gap-2 text-sm">
        <Button variant="secondary" disabled={current <= 1} onClick={() => setPage(current - 1)}>Previous</Button>
        <span data-testid="details-page">Page {current} of {shown.pages}</span>
        <Button variant="secondary" disabled={current >= shown.pages} onClick={() => setPage(current + 1)}>Next</Button>
      </nav>
    </div>
  );
}

/** The "Details" button and, once opened, the dialog with the whole list. */
export function BreakdownDetails(props: BreakdownDetailsProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)} className={`rounded px-2 py-1 text-xs text-indigo-700 hover:underline dark:text-indigo-300 ${FOCUS_RING}`}>Details<span className="sr-only"> of {props.title}</span></button>
      <Dialog open={open} title={props.title} onClose={() => setOpen(false)}>
        {open ? <DetailsList {...props} onSelect={(value) => { setOpen(false); props.onSelect(value); }} /> : null}
      </Dialog>
    </>
  );
}
