// /sites/:site/users/:userId: a person's profile: figures, traits and their sessions of the period, each linking to its timeline.
import { Link, useParams } from 'react-router';
import { useSessions, useUserDetail } from '../api/people-queries';
import { benchStateOfRows } from '../components/report-kit/bench-state';
import { FOCUS_RING } from '../components/button';
import { Card } from '../components/card';
import { csvFileName } from '../components/csv';
import { ErrorMessage } from '../components/error-message';
import { Pager, usePage } from '../components/people/pager';
import { useViewSearch } from '../components/people/people-links';
import { SessionTable } from '../components/people/session-table';
import { TraitTable } from '../components/people/trait-table';
import { UserProfileSummary } from '../components/people/user-profile-summary';
import { SiteNav } from '../components/settings/site-nav';
import { useSiteView } from '../view-state/use-site-view';

const SESSIONS_PER_PAGE = 50;

/** The view's search (period, time zone) with the replays list narrowed to this person. */
function replaysSearch(search: string, userId: string): string {
  const params = new URLSearchParams(search);
  params.set('user', userId);
  return `?${params.toString()}`;
}

export function UserPage() {
  const { site = '', userId = '' } = useParams();
  const { view, params } = useSiteView();
  const page = usePage();
  const search = useViewSearch();
  const user = useUserDetail(site, userId, params);
  // Their sessions: the sessions list narrowed to this person (visitor id or identified id), as the API documents.
  const sessions = useSessions(site, { ...params, user_id: userId, page, limit: SESSIONS_PER_PAGE });
  const rows = sessions.data?.data ?? [];
  return (
    <div className="flex flex-col gap-4">
      <h1 className="break-all text-2xl font-semibold">User {userId}</h1>
      <SiteNav site={site} />
      <div className="flex flex-wrap gap-3">
        <Link to={`/sites/${encodeURIComponent(site)}/users${search}`} className={`rounded text-sm font-medium text-indigo-700 underline dark:text-indigo-300 ${FOCUS_RING}`}>All users</Link>
        {rows.some((row) => row.has_replay === 1) ? (
          <Link to={`/sites/${encodeURIComponent(site)}/replays${replaysSearch(search, userId)}`} className={`rounded text-sm font-medium text-indigo-700 underline dark:text-indigo-300 ${FOCUS_RING}`}>Watch replays</Link>
        ) : null}
      </div>
      <ErrorMessage error={user.error ?? sessions.error} />
      <Card title="Profile">
        <div data-bench-piece="user" data-bench-state={benchStateOfRows(user.isSuccess, user.data ? 1 : 0)}>
          {user.data ? <UserProfileSummary user={user.data} timeZone={view.timeZone} /> : user.isPending ? <p className="text-sm">Loading…</p> : null}
        </div>
      </Card>
      <Card title="Traits">
        <div data-bench-piece="user-profile-traits" data-bench-state={benchStateOfRows(user.isSuccess, user.data?.traits ? 1 : 0)}>
          {user.data ? <TraitTable traits={user.data.traits} fileName={csvFileName('user', userId, 'traits')} /> : null}
        </div>
      </Card>
      <Card title="Sessions">
        <div data-bench-piece="user-sessions" data-bench-state={benchStateOfRows(sessions.isSuccess, rows.length)}>
          {sessions.isPending ? <p className="text-sm">Loading…</p> : (
            <SessionTable site={site} rows={rows} timeZone={view.timeZone} showPerson={false} fileName={csvFileName('user', userId, 'sessions', `page ${page}`)} />
          )}
          <Pager page={page} hasNext={rows.length === SESSIONS_PER_PAGE} label="Sessions" />
        </div>
      </Card>
    </div>
  );
}

export { UserPage as Component };
