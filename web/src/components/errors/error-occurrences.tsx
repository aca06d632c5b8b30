// ErrorOccurrences: one message's occurrences, newest first, a page at a time: when, stack, source position, browser,
// page, and a link to the session each happened in. With its CSV download.
import { Link } from 'react-router';
import { replayPath } from '../people/replay-links';
import type { ErrorOccurrence } from '../../api/insight-types';
import { Button, FOCUS_RING } from '../button';
import { formatInstant } from '../format-instant';
import { CsvDownloadButton } from '../csv-download-button';
import { csvFileName, type CsvColumn } from '../csv';

const CSV_COLUMNS: readonly CsvColumn<ErrorOccurrence>[] = [
  { header: 'Time (UTC)', value: (row) => row.timestamp },
  { header: 'Message', value: (row) => row.message },
  { header: 'Stack', value: (row) => row.stack },
  { header: 'File', value: (row) => row.fileName },
  { header: 'Line', value: (row) => row.lineNumber },
  { header: 'Column', value: (row) => row.columnNumber },
  { header: 'Browser', value: (row) => row.browser },
  { header: 'Browser version', value: (row) => row.browser_version },
  { header: 'Operating system', value: (row) => row.operating_system },
  { header: 'Device', value: (row) => row.device_type },
  { header: 'Country', value: (row) => row.country },
  { header: 'Hostname', value: (row) => row.hostname },
  { header: 'Page', value: (row) => row.pathname },
  { header: 'Session', value: (row) => row.session_id },
];

/** `file:line:column`, as far as the occurrence knows it. */
function sourceOf(row: ErrorOccurrence): string {
  if (row.fileName === null) return '';
  return [row.fileName, row.lineNumber, row.lineNumber === null ? null : row.columnNumber].filter((part) => part !== null).join(':');
}

function Occurrence({ site, row, timeZone }: { site: string; row: ErrorOccurrence; timeZone: string }) {
  const when = formatInstant(row.timestamp, timeZone);
  const browser = [row.browser, row.browser_version].filter(Boolean).join(' ');
  const system = [row.operating_system, row.operating_system_version].filter(Boolean).join(' ');
  const facts: Array<[string, string, string]> = [
    ['Page', `${row.hostname}${row.pathname}`, 'page'],
    ['Source', sourceOf(row), 'source'],
    ['Browser', browser, 'browser'],
    ['System', [system, row.device_type].filter(Boolean).join(' · '), 'system'],
    ['Location', [row.city, row.region, row.country].filter(Boolean).join(', '), 'location'],
  ];
  return (
    <li data-testid="error-occurrence" className="flex flex-col gap-2 border-t border-slate-200 py-3 first:border-0 dark:border-slate-800">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <time dateTime={row.timestamp} className="text-sm font-medium tabular-nums">{when}</time>
        <Link to={`/sites/${encodeURIComponent(site)}/sessions/${encodeURIComponent(row.session_id)}`} className={`rounded text-sm font-medium text-indigo-700 underline dark:text-indigo-300 ${FOCUS_RING}`}>
          View session<span className="sr-only"> of the error at {when}</span>
        </Link>
        {row.has_replay === 1 ? (
          <Link to={replayPath(site, row.session_id)} className={`rounded text-sm font-medium text-indigo-700 underline dark:text-indigo-300 ${FOCUS_RING}`}>
            Watch replay<span className="sr-only"> of the session of the error at {when}</span>
          </Link>
        ) : null}
      </div>
      <p data-testid="error-message" className="break-words text-sm">{row.message}</p>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-xs">
        {facts.filter(([, value]) => value !== '').map(([term, value, key]) => (
          <div key={key} className="contents">
            <dt className="text-slate-600 dark:text-slate-400">{term}</dt>
            <dd data-testid={`error-${key}`} className="min-w-0 break-all">{value}</dd>
          </div>
        ))}
      </dl>
      {row.stack ? (
        <pre data-testid="error-stack" tabIndex={0} aria-label="Stack trace" className={`max-h-60 overflow-auto rounded bg-slate-100 p-2 text-xs text-slate-900 dark:bg-slate-950 dark:text-slate-100 ${FOCUS_RING}`}>{row.stack}</pre>
      ) : <p className="text-xs text-slate-600 dark:text-slate-400">No stack trace was sent.</p>}
    </li>
  );
}

export interface ErrorOccurrencesProps {
  readonly site: string;
  readonly rows: readonly ErrorOccurrence[];
  readonly totalCount: number | undefined;
  readonly page: number;
  readonly perPage: number;
  readonly timeZone: string;
  readonly fileLabel: string;
  readonly onPage: (page: number) => void;
}

export function ErrorOccurrences({ site, rows, totalCount, page, perPage, timeZone, fileLabel, onPage }: ErrorOccurrencesProps) {
  const first = (page - 1) * perPage + 1;
  const hasNext = totalCount !== undefined && page * perPage < totalCount;
  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-slate-600 dark:text-slate-400" data-testid="occurrence-range">
          {rows.length === 0 ? 'No occurrence on this page.' : `${first}–${first + rows.length - 1}${totalCount === undefined ? '' : ` of ${totalCount}`}, newest first`}
        </p>
        <CsvDownloadButton fileName={csvFileName('error occurrences', fileLabel, `page ${page}`)} columns={CSV_COLUMNS} rows={rows} label="Download CSV of these occurrences" />
      </div>
      <ol className="flex flex-col">
        {rows.map((row, index) => <Occurrence key={`${row.timestamp}-${row.session_id}-${index}`} site={site} row={row} timeZone={timeZone} />)}
      </ol>
      {page > 1 || hasNext ? (
        <nav aria-label="Occurrence pages" className="flex gap-2">
          <Button variant="secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>Newer</Button>
          <Button variant="secondary" disabled={!hasNext} onClick={() => onPage(page + 1)}>Older</Button>
        </nav>
      ) : null}
    </div>
  );
}
