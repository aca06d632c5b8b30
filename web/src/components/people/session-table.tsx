// SessionTable: sessions as GET /sessions returns them, each linking to its timeline and its visitor's profile, with a CSV download.
import { Link } from 'react-router';
import type { SessionRow } from '../../api/people-types';
import { FOCUS_RING } from '../button';
import { CsvDownloadButton } from '../csv-download-button';
import type { CsvColumn } from '../csv';
import { formatApiTime, formatDuration } from './people-format';
import { sessionPath, userPath, useViewSearch } from './people-links';
import { replayPath } from './replay-links';

const LINK = `rounded font-medium text-indigo-700 underline-offset-2 hover:underline dark:text-indigo-300 ${FOCUS_RING}`;

/** The id a person's profile is found by: the identified id when set, else the visitor id. */
export const personOf = (row: { user_id: string; identified_user_id: string }) => row.identified_user_id || row.user_id;

const CSV_COLUMNS: ReadonlyArray<CsvColumn<SessionRow>> = [
  { header: 'session_id', value: (row) => row.session_id },
  { header: 'session_start', value: (row) => row.session_start },
  { header: 'session_end', value: (row) => row.session_end },
  { header: 'session_duration', value: (row) => row.session_duration },
  { header: 'user_id', value: (row) => row.user_id },
  { header: 'identified_user_id', value: (row) => row.identified_user_id },
  { header: 'entry_page', value: (row) => row.entry_page },
  { header: 'exit_page', value: (row) => row.exit_page },
  { header: 'pageviews', value: (row) => row.pageviews },
  { header: 'events', value: (row) => row.events },
  { header: 'errors', value: (row) => row.errors },
  { header: 'country', value: (row) => row.country },
  { header: 'browser', value: (row) => row.browser },
  { header: 'operating_system', value: (row) => row.operating_system },
  { header: 'device_type', value: (row) => row.device_type },
  { header: 'channel', value: (row) => row.channel },
  { header: 'referrer', value: (row) => row.referrer },
  { header: 'has_replay', value: (row) => row.has_replay },
];

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
    <div className="flex flex-col gap-2">
      <div className="flex justify-end"><CsvDownloadButton fileName={fileName} columns={CSV_COLUMNS} rows={rows} /></div>
      {rows.length === 0 ? <p className="py-6 text-center text-sm text-slate-600 dark:text-slate-400">No session for this period.</p> : (
        <div className="overflow-x-auto" tabIndex={0} role="region" aria-label="Sessions table">
          <table data-testid="session-table" className="w-full min-w-[48rem] text-left text-sm">
            <thead className="text-xs text-slate-600 dark:text-slate-400">
              <tr>
                <th scope="col" className="py-1 pr-3 font-medium">Started</th>
                {showPerson ? <th scope="col" className="py-1 pr-3 font-medium">Visitor</th> : null}
                <th scope="col" className="py-1 pr-3 font-medium">Duration</th>
                <th scope="col" className="py-1 pr-3 font-medium">Entry page</th>
                <th scope="col" className="py-1 pr-3 font-medium">Exit page</th>
                <th scope="col" className="py-1 pr-3 text-right font-medium">Pageviews</th>
                <th scope="col" className="py-1 pr-3 text-right font-medium">Events</th>
                <th scope="col" className="py-1 pr-3 font-medium">Country</th>
                <th scope="col" className="py-1 pr-3 font-medium">Browser</th>
                <th scope="col" className="py-1 pr-3 font-medium">Channel</th>
                <th scope="col" className="py-1 font-medium">Replay</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.session_id} data-session-id={row.session_id} className="border-t border-slate-100 dark:border-slate-800">
                  <td className="py-1 pr-3 whitespace-nowrap"><Link to={sessionPath(site, row.session_id) + search} className={LINK}>{formatApiTime(row.session_start, timeZone)}</Link></td>
                  {showPerson ? <td className="py-1 pr-3"><Link to={userPath(site, personOf(row)) + search} data-person={personOf(row)} className={LINK}>{personOf(row)}</Link></td> : null}
                  <td className="py-1 pr-3 tabular-nums" data-duration={row.session_duration}>{formatDuration(row.session_duration)}</td>
                  <td className="max-w-48 truncate py-1 pr-3">{row.entry_page}</td>
                  <td className="max-w-48 truncate py-1 pr-3">{row.exit_page}</td>
                  <td className="py-1 pr-3 text-right tabular-nums" data-pageviews={row.pageviews}>{row.pageviews}</td>
                  <td className="py-1 pr-3 text-right tabular-nums" data-events={row.events}>{row.events}</td>
                  <td className="py-1 pr-3">{row.country}</td>
                  <td className="py-1 pr-3">{row.browser}</td>
                  <td className="py-1 pr-3">{row.channel}</td>
                  <td className="py-1 whitespace-nowrap">
                    {row.has_replay === 1 ? (
                      <Link to={replayPath(site, row.session_id) + search} className={LINK}>
                        Watch replay<span className="sr-only"> of the session started {formatApiTime(row.session_start, timeZone)}</span>
                      </Link>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
