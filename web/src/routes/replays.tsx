// /sites/:site/replays: recorded sessions of the period matching the filters, newest first, narrowed by user and
// shortest duration (kept in the URL), each linking to its player; paged.
import { Link, useParams, useSearchParams } from 'react-router';
import { useReplays, type ReplayItem } from '../api/replay-queries';
import { csvFileName } from '../components/csv';
import { csvOnlyColumns, DataTable, fieldColumn, type TableColumn } from '../components/report-kit/data-table';
import { periodName } from '../view-state/period';
import { benchStateOfRows } from '../components/report-kit/bench-state';
import { Button, FOCUS_RING } from '../components/button';
import { Card } from '../components/card';
import { ErrorMessage } from '../components/error-message';
import { Pager, usePage } from '../components/people/pager';
import { formatApiTime, formatDuration } from '../components/people/people-format';
import { replayPath } from '../components/people/replay-links';
import { SitePageTop } from '../components/people/site-page-top';
import { TextField } from '../components/text-field';
import { useSiteView } from '../view-state/use-site-view';

const PAGE_SIZE = 25;
const LINK = `rounded font-medium text-indigo-700 underline-offset-2 hover:underline dark:text-indigo-300 ${FOCUS_RING}`;

/** The recordings table and its CSV, from one set of columns. */
function replayColumns(site: string, timeZone: string): TableColumn<ReplayItem>[] {
  return [
    ...csvOnlyColumns<ReplayItem>('session_id'),
    fieldColumn<ReplayItem, 'start_time'>('start_time', 'Started', (row) => (
      <Link to={replayPath(site, row.session_id)} className={LINK} aria-label={`Watch the replay started ${formatApiTime(row.start_time, timeZone)}`}>
        {formatApiTime(row.start_time, timeZone)}
      </Link>
    ), { className: 'whitespace-nowrap' }),
    fieldColumn<ReplayItem, 'duration_ms'>('duration_ms', 'Duration', (row) => formatDuration(row.duration_ms / 1000)),
    { header: 'Entry page', className: 'break-all', cell: (row) => row.entry_page || row.page_url },
    ...csvOnlyColumns<ReplayItem>('entry_page', 'page_url'),
    { header: 'User', className: 'break-all', cell: (row) => row.identified_user_id || row.user_id },
    ...csvOnlyColumns<ReplayItem>('user_id', 'identified_user_id'),
    { header: 'Device', cell: (row) => [row.browser, row.operating_system, row.device_type].filter(Boolean).join(' · ') },
    ...csvOnlyColumns<ReplayItem>('browser', 'operating_system', 'device_type'),
    { header: 'Place', cell: (row) => [row.city, row.country].filter(Boolean).join(', ') },
    ...csvOnlyColumns<ReplayItem>('city', 'country'),
    fieldColumn<ReplayItem, 'channel'>('channel', 'Channel'),
    fieldColumn<ReplayItem, 'event_count'>('event_count', 'Events', undefined, { numeric: true }),
  ];
}

export function ReplaysPage() {
  const { site = '' } = useParams();
  const siteView = useSiteView();
  const page = usePage();
  const [search, setSearch] = useSearchParams();
  const user = search.get('user') ?? '';
  const minDuration = search.get('min_duration') ?? '';
  const replays = useReplays(site, {
    ...siteView.params,
    limit: PAGE_SIZE,
    offset: (page - 1) * PAGE_SIZE,
    ...(user ? { user_id: user } : {}),
    ...(minDuration ? { min_duration: minDuration } : {}),
  });
  const rows = replays.data?.data ?? [];
  const narrow = (form: FormData) => {
    const next = new URLSearchParams(search);
    for (const key of ['user', 'min_duration']) {
      const value = String(form.get(key) ?? '').trim();
      if (value) next.set(key, value);
      else next.delete(key);
    }
    next.delete('page');
    setSearch(next);
  };
  return (
    <div className="flex flex-col gap-4">
      <SitePageTop site={site} title="Session replays" siteView={siteView} />
      <ErrorMessage error={replays.error} />
      <Card title="Recordings">
        <form
          className="mb-3 flex flex-wrap items-end gap-3"
          onSubmit={(event) => {
            event.preventDefault();
            narrow(new FormData(event.currentTarget));
          }}
        >
          <TextField label="User or visitor id" name="user" defaultValue={user} autoComplete="off" />
          <TextField label="Shortest duration (seconds)" name="min_duration" type="number" min={0} defaultValue={minDuration} />
          <Button type="submit">Apply</Button>
        </form>
        <div data-bench-piece="replays" data-bench-state={benchStateOfRows(replays.isSuccess, rows.length)}>
          {replays.isPending ? <p className="text-sm">Loading…</p> : (
            <DataTable
              columns={replayColumns(site, siteView.view.timeZone)} rows={rows} rowKey={(row) => row.session_id} label="Recorded sessions, newest first"
              fileName={csvFileName('replays', periodName(siteView.view.period, siteView.today))} minWidth="min-w-[40rem]"
              empty="No recordings in this period. Turn on session replay in the site's settings to record visits."
            />
          )}
          <Pager page={page} hasNext={rows.length === PAGE_SIZE} label="Recordings" />
        </div>
      </Card>
    </div>
  );
}

export { ReplaysPage as Component };
