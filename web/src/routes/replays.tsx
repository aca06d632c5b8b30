// /sites/:site/replays: recorded sessions of the period matching the filters, newest first, narrowed by user and
// shortest duration (kept in the URL), each linking to its player; paged.
import { Link, useParams, useSearchParams } from 'react-router';
import { useReplays } from '../api/replay-queries';
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
          {replays.isPending ? <p className="text-sm">Loading…</p> : rows.length === 0 ? (
            <p className="text-sm">No recordings in this period. Turn on session replay in the site&apos;s settings to record visits.</p>
          ) : (
            <table className="w-full text-left text-sm">
              <caption className="sr-only">Recorded sessions, newest first</caption>
              <thead>
                <tr className="border-b border-slate-200 dark:border-slate-700">
                  <th scope="col" className="py-2 pr-3">Started</th>
                  <th scope="col" className="py-2 pr-3">Duration</th>
                  <th scope="col" className="py-2 pr-3">Entry page</th>
                  <th scope="col" className="py-2 pr-3">User</th>
                  <th scope="col" className="py-2 pr-3">Device</th>
                  <th scope="col" className="py-2 pr-3">Place</th>
                  <th scope="col" className="py-2 pr-3">Channel</th>
                  <th scope="col" className="py-2 pr-3">Events</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr key={row.session_id} className="border-b border-slate-100 dark:border-slate-800">
                    <td className="py-2 pr-3">
                      <Link to={replayPath(site, row.session_id)} className={LINK} aria-label={`Watch the replay started ${formatApiTime(row.start_time, siteView.view.timeZone)}`}>
                        {formatApiTime(row.start_time, siteView.view.timeZone)}
                      </Link>
                    </td>
                    <td className="py-2 pr-3">{formatDuration(row.duration_ms / 1000)}</td>
                    <td className="py-2 pr-3 break-all">{row.entry_page || row.page_url}</td>
                    <td className="py-2 pr-3 break-all">{row.identified_user_id || row.user_id}</td>
                    <td className="py-2 pr-3">{[row.browser, row.operating_system, row.device_type].filter(Boolean).join(' · ')}</td>
                    <td className="py-2 pr-3">{[row.city, row.country].filter(Boolean).join(', ')}</td>
                    <td className="py-2 pr-3">{row.channel}</td>
                    <td className="py-2 pr-3">{row.event_count}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          <Pager page={page} hasNext={rows.length === PAGE_SIZE} label="Recordings" />
        </div>
      </Card>
    </div>
  );
}

export { ReplaysPage as Component };
