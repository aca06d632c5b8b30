// /sites/:site/errors: error messages with their counts and shares; the chosen one's occurrences over time and each
// occurrence with its stack, linking to its session. Period, filters, the message and its page are in the URL.
import { useParams, useSearchParams } from 'react-router';
import { useErrorEvents, useErrorNames } from '../api/insight-queries';
import { countedRows } from '../api/insight-types';
import { useSite } from '../api/site-queries';
import { type ReportParams } from '../api/report-query';
import { Card } from '../components/card';
import { benchStateOfRows } from '../components/report-kit/bench-state';
import { FilterBar } from '../components/report-kit/filter-bar';
import { InsightHeader } from '../components/report-kit/insight-header';
import { PeriodPicker } from '../components/report-kit/period-picker';
import { ErrorGroupsTable } from '../components/errors/error-groups-table';
import { ErrorOccurrences } from '../components/errors/error-occurrences';
import { ErrorTimeSeriesCard } from '../components/errors/error-time-series-card';
import { ErrorMessage } from '../components/error-message';
import { usePeopleVisible } from '../components/public-access/people-visible';
import { ERROR_GROUP_LIMIT, OCCURRENCES_PER_PAGE, readErrorView, writeErrorView, type ErrorView } from '../view-state/error-state';
import { periodLabel } from '../view-state/period-label';
import { useSiteView } from '../view-state/use-site-view';

function OccurrencesCard({ site, params, message, page, timeZone, onPage }: {
  site: string; params: ReportParams; message: string; page: number; timeZone: string; onPage: (page: number) => void;
}) {
  const answer = useErrorEvents(site, { ...params, errorMessage: message, page, limit: OCCURRENCES_PER_PAGE });
  const occurrences = answer.data ? countedRows(answer.data.data) : undefined;
  return (
    <Card title="Occurrences">
      <ErrorMessage error={answer.error} />
      <div data-bench-piece="error-occurrences" data-bench-state={benchStateOfRows(answer.isSuccess, occurrences?.rows.length ?? 0)}>
        {answer.isPending ? <p className="py-6 text-center text-sm">Loading…</p> : null}
        {occurrences ? (
          <ErrorOccurrences site={site} rows={occurrences.rows} totalCount={occurrences.totalCount} page={page} perPage={OCCURRENCES_PER_PAGE} timeZone={timeZone} fileLabel={periodLabel(params)} onPage={onPage} />
        ) : null}
      </div>
    </Card>
  );
}

export function ErrorsPage() {
  const { site = '' } = useParams();
  const [search, setSearch] = useSearchParams();
  const { view, today, params, buckets, bucket, update } = useSiteView();
  const errorView = readErrorView(search);
  const people = usePeopleVisible(site);
  const answer = useErrorNames(site, { ...params, page: 1, limit: ERROR_GROUP_LIMIT });
  const groups = answer.data ? countedRows(answer.data.data) : undefined;
  // The site's tracker settings (already asked by the page frame): an empty list says why when tracking is off.
  const siteInfo = useSite(site);
  const chosen = errorView.message ?? groups?.rows[0]?.value;
  const change = (next: Partial<ErrorView>) => setSearch((current) => writeErrorView(current, next));
  return (
    <div className="flex flex-col gap-4">
      <InsightHeader site={site} title="Errors" />
      <PeriodPicker period={view.period} today={today} onPeriod={(period) => update({ period })} />
      <FilterBar filters={view.filters} onChange={(filters) => update({ filters })} />
      <ErrorMessage error={answer.error} />
      <Card title="Errors by message">
        <div data-bench-piece="error-groups" data-bench-state={benchStateOfRows(answer.isSuccess, groups?.rows.length ?? 0)}>
          {answer.isPending ? <p className="py-6 text-center text-sm">Loading…</p> : null}
          {groups?.rows.length === 0 ? (
            <p className="py-6 text-center text-sm text-slate-600 dark:text-slate-400" data-testid="errors-empty">
              {siteInfo.data?.trackErrors === false
                ? 'Error tracking is off for this site, so no error is recorded. Turn on “Track JavaScript errors” in the site’s settings.'
                : 'No error was recorded in this period.'}
            </p>
          ) : null}
          {groups && groups.rows.length > 0 ? (
            <>
              {groups.totalCount !== undefined && groups.totalCount > groups.rows.length ? (
                <p className="mb-2 text-xs text-slate-600 dark:text-slate-400">The {groups.rows.length} most frequent of {groups.totalCount} messages.</p>
              ) : null}
              <ErrorGroupsTable groups={groups.rows} chosen={chosen} onChoose={(message) => change({ message })} fileLabel={periodLabel(params)} />
            </>
          ) : null}
        </div>
      </Card>
      {chosen !== undefined ? (
        <section aria-labelledby="chosen-error" className="flex flex-col gap-4">
          <h2 id="chosen-error" className="text-lg font-semibold break-words">
            <span className="text-slate-600 dark:text-slate-400">Error: </span><span data-testid="chosen-error">{chosen}</span>
          </h2>
          <ErrorTimeSeriesCard site={site} params={params} message={chosen} bucket={bucket} buckets={buckets} timeZone={view.timeZone} onBucket={(next) => update({ bucket: next })} />
          {people ? (
            <OccurrencesCard site={site} params={params} message={chosen} page={errorView.occurrencePage} timeZone={view.timeZone} onPage={(page) => change({ occurrencePage: page })} />
          ) : null}
        </section>
      ) : null}
    </div>
  );
}

export { ErrorsPage as Component };
