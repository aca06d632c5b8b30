// /sites/:site: the site's dashboard on one page: the site header (period and comparison, filters, segments),
// top-line cards, chart, engagement, breakdowns. The top-line figures and the chart are asked first (and before
// the page mounts: view-state/prefetch-site-dashboard.ts); the comparison and the engagement figures after them;
// each breakdown card when it comes into view.
import { Link, useParams } from 'react-router';
import { useLiveUserCount } from '../api/realtime-queries';
import { useReport } from '../api/report-query';
import { useSite } from '../api/site-queries';
import { FOCUS_RING } from '../components/button';
import { ErrorMessage } from '../components/error-message';
import { SiteHeader } from '../components/report-kit/site-header';
import { BreakdownCard } from '../components/site-dashboard/breakdown-card';
import { BREAKDOWN_CARDS } from '../components/site-dashboard/breakdown-cards';
import { ChartCard } from '../components/site-dashboard/chart-card';
import { TopLineCards } from '../components/site-dashboard/top-line-cards';
import { EngagementCards } from '../components/site-dashboard/engagement-cards';
import { addFilter } from '../view-state/filters';
import { periodName } from '../view-state/period';
import { useSiteView } from '../view-state/use-site-view';
import { useSiteAccess } from '../components/public-access/read-only';

export function SitePage() {
  const { site = '' } = useParams();
  const details = useSite(site);
  const { view, today, params, previous, buckets, bucket, update } = useSiteView();
  const overview = useReport('/api/sites/{site}/overview', site, params);
  const before = useReport('/api/sites/{site}/overview', site, previous ?? {}, { enabled: previous !== undefined && overview.isSuccess, secondary: true });
  const live = useLiveUserCount(site, 30_000);
  const { readOnly } = useSiteAccess();
  const scriptTag = readOnly ? null : <Link to={`/sites/${site}/install`} className={`rounded text-sm font-medium text-indigo-700 underline dark:text-indigo-300 ${FOCUS_RING}`}>Script tag</Link>;
  return (
    <div className="flex flex-col gap-4">
      <SiteHeader site={site} title={details.data?.name ?? 'Site'} action={scriptTag} view={view} today={today} comparison update={update} />
      <ErrorMessage error={details.error ?? overview.error ?? before.error} />
      <TopLineCards current={overview.data?.data} previous={previous ? before.data?.data : undefined} live={live.data?.count} metric={view.metric} onMetric={(metric) => update({ metric })} />
      <ChartCard site={site} params={params} previous={previous} metric={view.metric} bucket={bucket} buckets={buckets} timeZone={view.timeZone} onMetric={(metric) => update({ metric })} onBucket={(next) => update({ bucket: next })} />
      <EngagementCards site={site} params={params} />
      <div className="grid gap-4 md:grid-cols-2">
        {BREAKDOWN_CARDS.map((spec) => (
          <BreakdownCard key={spec.title} site={site} spec={spec} params={params} filters={view.filters} period={periodName(view.period, today)} onFilter={(parameter, value) => update({ filters: addFilter(view.filters, { parameter, type: 'equals', value: [value] }) })}
            onFilters={(added) => update({ filters: added.reduce((all, filter) => addFilter(all, filter), view.filters) })}
          />
        ))}
      </div>
    </div>
  );
}

export { SitePage as Component };
