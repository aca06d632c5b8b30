// /sites/:site/performance: web vitals (LCP, CLS, INP, FCP, TTFB) at a chosen percentile, rated by the published
// thresholds; every percentile, the chosen vital over time, and the vitals per page, country, device and browser.
import { useParams } from 'react-router';
import { usePerformanceOverview } from '../api/performance-queries';
import { useSite } from '../api/site-queries';
import { Card } from '../components/card';
import { benchState } from '../components/report-kit/bench-state';
import { ChoiceButtons } from '../components/report-kit/choice-buttons';
import { FilterBar } from '../components/report-kit/filter-bar';
import { PeriodPicker } from '../components/report-kit/period-picker';
import { ErrorMessage } from '../components/error-message';
import { PercentileTable } from '../components/performance/percentile-table';
import { VitalCards } from '../components/performance/vital-cards';
import { VitalChartCard } from '../components/performance/vital-chart-card';
import { VitalsByDimensionCard } from '../components/performance/vitals-by-dimension-card';
import { PERCENTILES, VITAL_KEYS, vitalOf, type Percentile, type VitalKey } from '../components/performance/web-vitals';
import { SiteNav } from '../components/settings/site-nav';
import { addFilter } from '../view-state/filters';
import { periodName } from '../view-state/period-name';
import { useSiteView } from '../view-state/use-site-view';
import { useUrlChoice } from '../view-state/use-url-choice';

export function PerformancePage() {
  const { site = '' } = useParams();
  const details = useSite(site);
  const { view, today, params, buckets, bucket, update } = useSiteView();
  const [vital, setVital] = useUrlChoice<VitalKey>('vital', VITAL_KEYS, 'lcp');
  const [percentile, setPercentile] = useUrlChoice<Percentile>('percentile', PERCENTILES, 'p75');
  const overview = usePerformanceOverview(site, params);
  const figures = overview.data?.data;
  const samples = figures?.total_performance_events;
  const period = periodName(view.period, today);
  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-2xl font-semibold">Performance{details.data ? `: ${details.data.name}` : ''}</h1>
      <SiteNav site={site} />
      <PeriodPicker period={view.period} today={today} onPeriod={(next) => update({ period: next })} />
      <FilterBar filters={view.filters} onChange={(filters) => update({ filters })} />
      <ErrorMessage error={details.error ?? overview.error} />
      <Card>
        <div data-bench-piece="vitals" data-bench-state={benchState(figures !== undefined, samples === 0)} className="flex flex-col gap-3">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <div>
              <h2 className="text-base font-semibold">Web vitals</h2>
              <p className="text-sm text-slate-600 dark:text-slate-400">
                <span data-testid="performance-events">{samples ?? '–'}</span> performance events · rated by the published thresholds
              </p>
            </div>
            <ChoiceButtons label="Percentile" options={PERCENTILES.map((value) => ({ value, label: value }))} value={percentile} onChange={setPercentile} />
          </div>
          {samples === 0 ? (
            <p className="text-sm text-slate-700 dark:text-slate-300">No web vitals were recorded in this period. The script sends them when “Measure Web Vitals” is on in the site’s settings.</p>
          ) : null}
          <VitalCards figures={figures} percentile={percentile} selected={vital} onSelect={setVital} />
          {figures && samples !== 0 ? <PercentileTable figures={figures} period={period} /> : null}
        </div>
      </Card>
      <VitalChartCard site={site} params={params} vital={vitalOf(vital)} percentile={percentile} bucket={bucket} buckets={buckets} onVital={setVital} onBucket={(next) => update({ bucket: next })} />
      <VitalsByDimensionCard
        site={site}
        params={params}
        percentile={percentile}
        period={period}
        onFilter={(parameter, value) => update({ filters: addFilter(view.filters, { parameter, type: 'equals', value: [value] }) })}
      />
    </div>
  );
}

export { PerformancePage as Component };
