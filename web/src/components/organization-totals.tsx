// OrganizationTotals: the sites page's combined figures for the last 24 hours: every site's visitors, sessions and
// pageviews added up, and their hourly visitors summed into one trend. It reads the same answers as the site rows
// (same query keys), so it asks the API for nothing more.
import { useQueries } from '@tanstack/react-query';
import { apiRequest } from '../api/client';
import { LAST_24_HOURS } from '../api/realtime-queries';
import { sitePath } from '../api/report-query';
import type { Overview, OverviewTimeSeries, Site } from '../api/types';
import { Sparkline } from './sparkline';

const HOURLY = { ...LAST_24_HOURS, bucket: 'hour' } as const;

const overviewOf = (site: string) => apiRequest<Overview>(sitePath(site, '/overview', LAST_24_HOURS));
const hourlyOf = (site: string) => apiRequest<OverviewTimeSeries>(sitePath(site, '/overview/time-series', HOURLY));

/** Figures added up across sites; hourly series added bucket by bucket (the sites share the window). */
export function combine(overviews: ReadonlyArray<{ users: number; sessions: number; pageviews: number }>, series: ReadonlyArray<readonly number[]>) {
  const total = (key: 'users' | 'sessions' | 'pageviews') => overviews.reduce((sum, figures) => sum + figures[key], 0);
  const length = Math.max(0, ...series.map((values) => values.length));
  const trend = Array.from({ length }, (_unused, index) => series.reduce((sum, values) => sum + (values[index] ?? 0), 0));
  return { users: total('users'), sessions: total('sessions'), pageviews: total('pageviews'), trend };
}

export function OrganizationTotals({ sites }: { sites: readonly Site[] }) {
  const overviews = useQueries({
    queries: sites.map((site) => ({ queryKey: ['/api/sites/overview', site.id, LAST_24_HOURS], queryFn: () => overviewOf(site.id) })),
  });
  const series = useQueries({
    queries: sites.map((site) => ({ queryKey: ['/api/sites/overview/time-series', site.id, HOURLY], queryFn: () => hourlyOf(site.id) })),
  });
  if (sites.length < 2) return null;
  const ready = overviews.every((answer) => answer.data) && series.every((answer) => answer.data);
  const figures = ready
    ? combine(overviews.map((answer) => answer.data?.data ?? { users: 0, sessions: 0, pageviews: 0 }), series.map((answer) => answer.data?.data.map((bucket) => bucket.users) ?? []))
    : undefined;
  return (
    <section aria-labelledby="totals-title" data-testid="organization-totals" className="rounded-lg border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900">
      <h2 id="totals-title" className="text-base font-semibold">All {sites.length} sites, last 24 hours</h2>
      <p className="mb-2 text-xs text-slate-600 dark:text-slate-400">Each site's figures added up (someone who visited two sites counts in both).</p>
      <div className="flex flex-wrap items-center justify-between gap-4">
        <dl className="flex flex-wrap gap-6">
          {(['users', 'sessions', 'pageviews'] as const).map((key) => (
            <div key={key}>
              <dt className="text-xs text-slate-600 dark:text-slate-400">{key === 'users' ? 'Visitors' : key === 'sessions' ? 'Sessions' : 'Pageviews'}</dt>
              <dd data-testid={`total-${key}`} className="text-xl font-semibold tabular-nums">{figures ? figures[key].toLocaleString('en') : '–'}</dd>
            </div>
          ))}
        </dl>
        <Sparkline values={figures?.trend ?? []} label="Visitors per hour across all sites, last 24 hours" />
      </div>
    </section>
  );
}
