// SessionTable: sessions as GET /sessions returns them, each linking to its timeline and its visitor's profile, with
// a CSV download; its columns (components/report-kit/data-table.tsx) drive both.
import { Link } from 'react-router';
import type { SessionRow } from '../../api/people-types';
import { FOCUS_RING } from '../button';
import { csvOnlyColumns, DataTable, fieldColumn, type TableColumn } from '../report-kit/data-table';
import { formatApiTime, formatDuration } from './people-format';
import { sessionPath, userPath, useViewSearch } from './people-links';
import { replayPath } from './replay-links';

const LINK = `rounded font-medium text-indigo-700 underline-offset-2 hover:underline dark:text-indigo-300 ${FOCUS_RING}`;

/** The id a person's profile is found by: the identified id when set, else the visitor id. */
export const personOf = (row: { user_id: string; identified_user_id: string }) => row.identified_user_id || row.user_id;

function sessionColumns(site: string, timeZone: string, search: string, showPerson: boolean): TableColumn<SessionRow>[] {
  return [
    ...csvOnlyColumns<SessionRow>('session_id'),
    fieldColumn<SessionRow, 'session_start'>('session_start', 'Started', (row) => <Link to={sessionPath(site, row.session_id) + search} className={LINK}>{formatApiTime(row.session_start, timeZone)}</Link>, { className: 'whitespace-nowrap' }),
    ...csvOnlyColumns<SessionRow>('session_end'),
    ...(showPerson
      ? [{ header: 'Visitor', cell: (row: SessionRow) => <Link to={userPath(site, personOf(row)) + search} data-person={personOf(row)} className={LINK}>{personOf(row)}</Link> }]
      : []),
    fieldColumn<SessionRow, 'session_duration'>('session_duration', 'Duration', (row) => formatDuration(row.session_duration), { className: 'tabular-nums', data: (row) => ({ 'data-duration': row.session_duration }) }),
    ...csvOnlyColumns<SessionRow>('user_id', 'identified_user_id'),
    fieldColumn<SessionRow, 'entry_page'>('entry_page', 'Entry page', undefined, { className: 'max-w-48 truncate' }),
    fieldColumn<SessionRow, 'exit_page'>('exit_page', 'Exit page', undefined, { className: 'max-w-48 truncate' }),
    fieldColumn<SessionRow, 'pageviews'>('pageviews', 'Pageviews', undefined, { numeric: true, data: (row) => ({ 'data-pageviews': row.pageviews }) }),
    fieldColumn<SessionRow, 'events'>('events', 'Events', undefined, { numeric: true, data: (row) => ({ 'data-events': row.events }) }),
    ...csvOnlyColumns<SessionRow>('errors'),
    fieldColumn<SessionRow, 'country'>('country', 'Country'),
    fieldColumn<SessionRow, 'browser'>('browser', 'Browser'),
    ...csvOnlyColumns<SessionRow>('operating_system', 'device_type'),
    fieldColumn<SessionRow, 'channel'>('channel', 'Channel'),
    ...csvOnlyColumns<SessionRow>('referrer', 'has_replay'),
    {
      header: 'Replay',
      className: 'whitespace-nowrap',
      cell: (row) => (row.has_replay === 1 ? (
        <Link to={replayPath(site, row.session_id) + search} className={LINK}>
          Watch replay<span className="sr-only"> of the session started {formatApiTime(row.session_start, timeZone)}</span>
        </Link>
      ) : null),
    },
  ];
}

export interface SessionTableProps {
  readonly site: string;
  readonly rows: readonly SessionRow[];
  readonly timeZone: string;
  readonly fileName: string;
  /** False on a person's profile: every row is theirs. */
  readonly showPerson?: boolean;
}

export function SessionTable({ site, rows, timeZone, fileName, showPerson = true }: SessionTableProps) {
  const search = useViewSearch();
  return (
    <DataTable
      columns={sessionColumns(site, timeZone, search, showPerson)} rows={rows} rowKey={(row) => row.session_id} rowData={(row) => ({ 'data-session-id': row.session_id })}
      label="Sessions table" testId="session-table" fileName={fileName} empty="No session for this period."
    />
  );
}
