// VitalChartCard: the chosen vital at the chosen percentile per time bucket, its good and poor thresholds drawn.
import { useId } from 'react';
import { usePerformanceTimeSeries } from '../../api/performance-queries';
import type { ReportParams } from '../../api/report-query';
import type { Bucket } from '../../view-state/period';
import { Card } from '../card';
import { ErrorMessage } from '../error-message';
import { benchState } from '../report-kit/bench-state';
import { BucketSelect } from '../report-kit/bucket-select';
import { CONTROL } from '../report-kit/period-picker';
import type { ChartGuide } from '../charts/chart-overlays';
import { SeriesChart } from '../report-kit/series-chart';
import { figureKey, formatVital, VITALS, type Percentile, type Vital, type VitalKey } from './web-vitals';

export interface VitalChartCardProps {
  readonly site: string;
  readonly params: ReportParams;
  readonly vital: Vital;
  readonly percentile: Percentile;
  readonly bucket: Bucket;
  readonly buckets: readonly Bucket[];
  readonly onVital: (vital: VitalKey) => void;
  readonly onBucket: (bucket: Bucket) => void;
}

const guidesOf = (vital: Vital): ChartGuide[] => [
  { value: vital.good, label: `Good up to ${formatVital(vital, vital.good)}`, color: { light: '#047857', dark: '#34d399' } },
  { value: vital.poor, label: `Poor above ${formatVital(vital, vital.poor)}`, color: { light: '#be123c', dark: '#fb7185' } },
];

export function VitalChartCard({ site, params, vital, percentile, bucket, buckets, onVital, onBucket }: VitalChartCardProps) {
  const id = useId();
  const series = usePerformanceTimeSeries(site, { ...params, bucket });
  const rows = series.data?.data ?? [];
  const label = `${vital.label} ${percentile}`;
  return (
    <Card>
      <div data-bench-piece="vitals-over-time" data-bench-state={benchState(series.data !== undefined, rows.every((row) => row.event_count === 0))}>
        <div className="mb-3 flex flex-wrap items-end justify-between gap-3">
          <h2 className="text-base font-semibold">{label} over time</h2>
          <div className="flex flex-wrap gap-3">
            <div className="flex flex-col gap-1">
              <label htmlFor={`${id}-vital`} className="text-xs font-medium">Vital</label>
              <select id={`${id}-vital`} className={CONTROL} value={vital.key} onChange={(event) => onVital(event.target.value as VitalKey)}>
                {VITALS.map((entry) => <option key={entry.key} value={entry.key}>{entry.label} ({entry.name})</option>)}
              </select>
            </div>
            <BucketSelect bucket={bucket} buckets={buckets} onBucket={onBucket} />
          </div>
        </div>
        <ErrorMessage error={series.error} />
        {series.data ? (
          <SeriesChart
            labels={rows.map((row) => row.time)}
            values={rows.map((row) => row[figureKey(vital.key, percentile)])}
            label={label}
            guides={guidesOf(vital)}
            formatValue={(value) => formatVital(vital, value)}
          />
        ) : <div style={{ height: 240 }} aria-hidden="true" />}
      </div>
    </Card>
  );
}
