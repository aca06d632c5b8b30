// /sites/:site: the site's dashboard on one page: period and comparison, filters, top-line cards, chart, breakdowns.
import { Link, useParams } from 'react-router';
import { useLiveUserCount } from '../api/realtime-queries';
import { useReport } from '../api/report-query';
import { useSite } from '../api/site-queries';
import { FOCUS_RING } from '../components/button';
import { ErrorMessage } from '../components/error-message';
import { BreakdownCard } from '../components/site-dashboard/breakdown-card';
import { BREAKDOWN_CARDS } from '../components/site-dashboard/breakdown-cards';
import { ChartCard } from '../components/site-dashboard/chart-card';
import { PeriodPicker } from '../components/report-kit/period-picker';
import { TopLineCards } from '../components/site-dashboard/top-line-cards';
import { EngagementCards } from '../components/site-dashboard/engagement-cards';
import { addFilter } from '../view-state/filters';
import { periodName } from '../view-state/period';
import { useSiteView } from '../view-state/use-site-view';
import { useSiteAccess } from '../components/public-access/read-only';
import { SiteNav } from '../components/settings/site-nav';
import { ViewFilters } from '../components/segments/view-filters';

export function SitePage() {
  const { site = '' } = useParams();
  const details = useSite(site);
  const { view, today, params, previous, buckets, bucket, update } = useSiteView();
  const overview = useReport('/api/sites/{site}/overview', site, params);
  const before = useReport('/api/sites/{site}/overview', site, previous ?? {}, { enabled: previous !== undefined && overview.isSuccess, secondary: true });
  const live = useLiveUserCount(site, 30_000);
  const { readOnly } = useSiteAccess();
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h1 className="text-2xl font-semibold">{details.data?.name ?? 'Site'}</h1>
        {readOnly ? null : <Link to={`/sites/${site}/install`} className={`rounded text-sm font-medium text-indigo-700 underline dark:text-indigo-300 ${FOCUS_RING}`}>Script tag</Link>}
      </div>
      <SiteNav site={site} />
      <PeriodPicker period={view.period} compare={view.compare} today={today} onPeriod={(period) => update({ period })} onCompare={(compare) => update({ compare })} />
      <ViewFilters site={site} view={view} update={update} />
      <ErrorMessage error={details.error ?? overview.error ?? before.error} />
      <TopLineCards current={overview.data?.data} previous={previous ? before.data?.data : undefined} live={live.data?.count} metric={view.metric} onMetric={(metric) => update({ metric })} />
      <EngagementCards site={site} params={params} />
      <ChartCard site={site} params={params} previous={previous} metric={view.metric} bucket={bucket} buckets={buckets} timeZone={view.timeZone} onMetric={(metric) => update({ metric })} onBucket={(next) => update({ bucket: next })} />
      <div className="grid gap-4 md:grid-cols-2">
        {BREAKDOWN_CARDS.map((spec) => (
          <BreakdownCard key={spec.title} site={site} spec={spec} params={params} filters={view.filters} period={periodName(view.period, today)} onFilter={(parameter, value) => update({ filters: addFilter(view.filters, { parameter, type: 'equals', value: [value] }) })} />
        ))}
      </div>
    </div>
  );
}

export { SitePage as Component };
