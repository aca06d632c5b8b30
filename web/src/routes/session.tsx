// /sites/:site/sessions/:sessionId: one session's fields and its timeline (every event in order, with time spent), paged.
import { Link, useParams } from 'react-router';
import { useSessionDetail } from '../api/people-queries';
import { benchStateOfRows } from '../components/report-kit/bench-state';
import { FOCUS_RING } from '../components/button';
import { Card } from '../components/card';
import { csvFileName } from '../components/csv';
import { ErrorMessage } from '../components/error-message';
import { Pager, usePage } from '../components/people/pager';
import { useViewSearch } from '../components/people/people-links';
import { replayPath } from '../components/people/replay-links';
import { SessionSummary } from '../components/people/session-summary';
import { SessionTimeline } from '../components/people/session-timeline';
import { SiteNav } from '../components/settings/site-nav';
import { useSiteView } from '../view-state/use-site-view';

const EVENTS_PER_PAGE = 100;

export function SessionPage() {
  const { site = '', sessionId = '' } = useParams();
  const { view, params } = useSiteView();
  const page = usePage();
  const search = useViewSearch();
  const detail = useSessionDetail(site, sessionId, { ...params, limit: EVENTS_PER_PAGE, offset: (page - 1) * EVENTS_PER_PAGE });
  const events = detail.data?.events ?? [];
  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-2xl font-semibold">Session {sessionId}</h1>
      <SiteNav site={site} />
      <div className="flex flex-wrap gap-3">
        <Link to={`/sites/${encodeURIComponent(site)}/sessions${search}`} className={`rounded text-sm font-medium text-indigo-700 underline dark:text-indigo-300 ${FOCUS_RING}`}>All sessions</Link>
        {detail.data?.session.has_replay === 1 ? (
          <Link to={`${replayPath(site, sessionId)}${search}`} className={`rounded text-sm font-medium text-indigo-700 underline dark:text-indigo-300 ${FOCUS_RING}`}>Watch replay</Link>
        ) : null}
      </div>
      <ErrorMessage error={detail.error} />
      <Card title="Summary">
        <div data-bench-piece="session" data-bench-state={benchStateOfRows(detail.isSuccess, detail.data ? 1 : 0)}>
          {detail.data ? <SessionSummary site={site} session={detail.data.session} timeZone={view.timeZone} /> : detail.isPending ? <p className="text-sm">Loading…</p> : null}
        </div>
      </Card>
      <Card title="Timeline">
        <div data-bench-piece="session-events" data-bench-state={benchStateOfRows(detail.isSuccess, events.length)}>
          {detail.data ? (
            <>
              <p className="mb-2 text-sm text-slate-600 dark:text-slate-400">{detail.data.pagination.total} events, times in {view.timeZone}</p>
              <SessionTimeline events={events} timeZone={view.timeZone} fileName={csvFileName('session', sessionId, `page ${page}`)} />
              <Pager page={page} hasNext={detail.data.pagination.hasMore} label="Timeline" />
            </>
          ) : detail.isPending ? <p className="text-sm">Loading…</p> : null}
        </div>
      </Card>
    </div>
  );
}

export { SessionPage as Component };
