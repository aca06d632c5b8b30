// UserTable: people as GET /users returns them (figures, device, place, latest traits), each linking to their profile,
// with a CSV download; its columns (components/report-kit/data-table.tsx) drive both.
import { Link } from 'react-router';
import type { UserRow } from '../../api/people-types';
import { FOCUS_RING } from '../button';
import { csvOnlyColumns, DataTable, fieldColumn, type TableColumn } from '../report-kit/data-table';
import { formatApiTime, traitEntries } from './people-format';
import { userPath, useViewSearch } from './people-links';

function userColumns(site: string, timeZone: string, search: string): TableColumn<UserRow>[] {
  return [
    fieldColumn<UserRow, 'user_id'>('user_id', 'User', (row) => (
      <>
        <Link to={userPath(site, row.user_id) + search} className={`break-all rounded font-medium text-indigo-700 underline-offset-2 hover:underline dark:text-indigo-300 ${FOCUS_RING}`}>{row.user_id}</Link>
        {row.identified_user_id ? null : <span className="ml-1 text-xs text-slate-600 dark:text-slate-400">(anonymous)</span>}
      </>
    )),
    ...csvOnlyColumns<UserRow>('identified_user_id'),
    {
      header: 'Traits',
      className: 'max-w-64 text-xs',
      data: (row) => ({ 'data-traits': JSON.stringify(row.traits ?? null) }),
      cell: (row) => traitEntries(row.traits).map(([key, value]) => <span key={key} className="mr-2 inline-block break-words">{key}: {value}</span>),
    },
    // Shown last seen first; written in the API's order (first_seen, then last_seen).
    { header: 'Last seen', className: 'whitespace-nowrap', cell: (row) => formatApiTime(row.last_seen, timeZone) },
    fieldColumn<UserRow, 'first_seen'>('first_seen', 'First seen', (row) => formatApiTime(row.first_seen, timeZone), { className: 'whitespace-nowrap' }),
    ...csvOnlyColumns<UserRow>('last_seen'),
    fieldColumn<UserRow, 'sessions'>('sessions', 'Sessions', undefined, { numeric: true, data: (row) => ({ 'data-sessions': row.sessions }) }),
    fieldColumn<UserRow, 'pageviews'>('pageviews', 'Pageviews', undefined, { numeric: true }),
    fieldColumn<UserRow, 'events'>('events', 'Events', undefined, { numeric: true }),
    fieldColumn<UserRow, 'country'>('country', 'Country'),
    { header: 'Device', cell: (row) => [row.device_type, row.browser].filter(Boolean).join(' · ') },
    ...csvOnlyColumns<UserRow>('device_type', 'browser', 'operating_system'),
    { csv: { header: 'traits', value: (row) => (row.traits === null || row.traits === undefined ? '' : JSON.stringify(row.traits)) } },
  ];
}

export function UserTable({ site, rows, timeZone, fileName }: { site: string; rows: readonly UserRow[]; timeZone: string; fileName: string }) {
  const search = useViewSearch();
  return (
    <DataTable
      columns={userColumns(site, timeZone, search)} rows={rows} rowKey={(row) => row.user_id} rowData={(row) => ({ 'data-user-id': row.user_id })}
      label="Users table" testId="user-table" fileName={fileName} empty="No user for this period."
    />
  );
}
