// UserTable: people as GET /users returns them (figures, device, place, latest traits), each linking to their profile, with a CSV download.
import { Link } from 'react-router';
import type { UserRow } from '../../api/people-types';
import { FOCUS_RING } from '../button';
import { CsvDownloadButton } from '../csv-download-button';
import type { CsvColumn } from '../csv';
import { formatApiTime, traitEntries } from './people-format';
import { userPath, useViewSearch } from './people-links';

const CSV_COLUMNS: ReadonlyArray<CsvColumn<UserRow>> = [
  { header: 'user_id', value: (row) => row.user_id },
  { header: 'identified_user_id', value: (row) => row.identified_user_id },
  { header: 'first_seen', value: (row) => row.first_seen },
  { header: 'last_seen', value: (row) => row.last_seen },
  { header: 'sessions', value: (row) => row.sessions },
  { header: 'pageviews', value: (row) => row.pageviews },
  { header: 'events', value: (row) => row.events },
  { header: 'country', value: (row) => row.country },
  { header: 'device_type', value: (row) => row.device_type },
  { header: 'browser', value: (row) => row.browser },
  { header: 'operating_system', value: (row) => row.operating_system },
  { header: 'traits', value: (row) => (row.traits === null || row.traits === undefined ? '' : JSON.stringify(row.traits)) },
];

export function UserTable({ site, rows, timeZone, fileName }: { site: string; rows: readonly UserRow[]; timeZone: string; fileName: string }) {
  const search = useViewSearch();
  return (
    <div className="flex flex-col gap-2">
      <div className="flex justify-end"><CsvDownloadButton fileName={fileName} columns={CSV_COLUMNS} rows={rows} /></div>
      {rows.length === 0 ? <p className="py-6 text-center text-sm text-slate-600 dark:text-slate-400">No user for this period.</p> : (
        <div className="overflow-x-auto" tabIndex={0} role="region" aria-label="Users table">
          <table data-testid="user-table" className="w-full min-w-[48rem] text-left text-sm">
            <thead className="text-xs text-slate-600 dark:text-slate-400">
              <tr>
                <th scope="col" className="py-1 pr-3 font-medium">User</th>
                <th scope="col" className="py-1 pr-3 font-medium">Traits</th>
                <th scope="col" className="py-1 pr-3 font-medium">Last seen</th>
                <th scope="col" className="py-1 pr-3 font-medium">First seen</th>
                <th scope="col" className="py-1 pr-3 text-right font-medium">Sessions</th>
                <th scope="col" className="py-1 pr-3 text-right font-medium">Pageviews</th>
                <th scope="col" className="py-1 pr-3 text-right font-medium">Events</th>
                <th scope="col" className="py-1 pr-3 font-medium">Country</th>
                <th scope="col" className="py-1 font-medium">Device</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.user_id} data-user-id={row.user_id} className="border-t border-slate-100 align-top dark:border-slate-800">
                  <td className="py-1 pr-3">
                    <Link to={userPath(site, row.user_id) + search} className={`break-all rounded font-medium text-indigo-700 underline-offset-2 hover:underline dark:text-indigo-300 ${FOCUS_RING}`}>{row.user_id}</Link>
                    {row.identified_user_id ? null : <span className="ml-1 text-xs text-slate-600 dark:text-slate-400">(anonymous)</span>}
                  </td>
                  <td className="max-w-64 py-1 pr-3 text-xs" data-traits={JSON.stringify(row.traits ?? null)}>
                    {traitEntries(row.traits).map(([key, value]) => <span key={key} className="mr-2 inline-block break-words">{key}: {value}</span>)}
                  </td>
                  <td className="py-1 pr-3 whitespace-nowrap">{formatApiTime(row.last_seen, timeZone)}</td>
                  <td className="py-1 pr-3 whitespace-nowrap">{formatApiTime(row.first_seen, timeZone)}</td>
                  <td className="py-1 pr-3 text-right tabular-nums" data-sessions={row.sessions}>{row.sessions}</td>
                  <td className="py-1 pr-3 text-right tabular-nums">{row.pageviews}</td>
                  <td className="py-1 pr-3 text-right tabular-nums">{row.events}</td>
                  <td className="py-1 pr-3">{row.country}</td>
                  <td className="py-1">{[row.device_type, row.browser].filter(Boolean).join(' · ')}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
