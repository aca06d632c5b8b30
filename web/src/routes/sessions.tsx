// /sites/:site/sessions: the sessions of the period matching the filters, segment and the list's own narrowing, newest first, paged.
import { useParams, useSearchParams } from 'react-router';
import { useSessions } from '../api/people-queries';
import { benchStateOfRows } from '../components/report-kit/bench-state';
import { Card } from '../components/card';
import { csvFileName } from '../components/csv';
import { ErrorMessage } from '../components/error-message';
import { Pager, usePage } from '../components/people/pager';
import { readNarrowing } from '../components/people/session-narrowing';
import { SessionNarrowingForm } from '../components/people/session-narrowing-form';
import { SessionTable } from '../components/people/session-table';
import { SitePageTop } from '../components/people/site-page-top';
import { useSiteView } from '../view-state/use-site-view';

const PAGE_SIZE = 50;

export function SessionsPage() {
  const { site = '' } = useParams();
  const siteView = useSiteView();
  const page = usePage();
  const [search] = useSearchParams();
  const sessions = useSessions(site, { ...siteView.params, ...readNarrowing(search), page, limit: PAGE_SIZE });
  const rows = sessions.data?.data ?? [];
  return (
    <div className="flex flex-col gap-4">
      <SitePageTop site={site} title="Sessions" siteView={siteView} />
      <ErrorMessage error={sessions.error} />
      <Card title="Sessions">
        <SessionNarrowingForm />
        <div data-bench-piece="sessions" data-bench-state={benchStateOfRows(sessions.isSuccess, rows.length)}>
          {sessions.isPending ? <p className="text-sm">Loading…</p> : (
            <SessionTable site={site} rows={rows} timeZone={siteView.view.timeZone} fileName={csvFileName('sessions', siteView.view.period.key, `page ${page}`)} />
          )}
          <Pager page={page} hasNext={rows.length === PAGE_SIZE} label="Sessions" />
        </div>
      </Card>
    </div>
  );
}

export { SessionsPage as Component };
