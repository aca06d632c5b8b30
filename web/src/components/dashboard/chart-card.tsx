// ChartCard: the time series card: metric and bucket switches, the chart (annotations drawn on it) and its errors.
import { useId } from 'react';
import { useAnnotations, useOverviewTimeSeries, type ReportParams } from '../../api/queries';
import type { OverviewFigures } from '../../api/types';
import { Card } from '../card';
import { ErrorMessage } from '../error-message';
import { CONTROL } from './period-picker';
import { TimeSeriesChart } from './time-series-chart';
import { METRICS } from '../../routes/site/url-state';
import type { Bucket } from '../../routes/site/period';

export interface ChartCardProps {
  readonly site: string;
  readonly params: ReportParams;
  readonly metric: keyof OverviewFigures;
  readonly bucket: Bucket;
  readonly buckets: readonly Bucket[];
  readonly timeZone: string;
  readonly onMetric: (metric: keyof OverviewFigures) => void;
  readonly onBucket: (bucket: Bucket) => void;
}

export const BUCKET_LABELS: Readonly<Record<Bucket, string>> = {
  minute: 'Minute', five_minutes: '5 minutes', fifteen_minutes: '15 minutes', hour: 'Hour', day: 'Day', week: 'Week', month: 'Month', year: 'Year',
};

export function ChartCard({ site, params, metric, bucket, buckets, timeZone, onMetric, onBucket }: ChartCardProps) {
  const id = useId();
  const series = useOverviewTimeSeries(site, { ...params, bucket });
  const annotations = useAnnotations(site, { start_date: params.start_date, end_date: params.end_date, time_zone: params.time_zone });
  const label = METRICS.find((entry) => entry.key === metric)?.label ?? metric;
  return (
    <Card>
      <div className="mb-3 flex flex-wrap items-end justify-between gap-3">
        <h2 className="text-base font-semibold">{label} over time</h2>
        <div className="flex flex-wrap gap-3">
          <div className="flex flex-col gap-1">
            <label htmlFor={`${id}-metric`} className="text-xs font-medium">Metric</label>
            <select id={`${id}-metric`} className={CONTROL} value={metric} onChange={(event) => onMetric(event.target.value as keyof OverviewFigures)}>
              {METRICS.map(({ key, label: name }) => <option key={key} value={key}>{name}</option>)}
            </select>
          </div>
          <div className="flex flex-col gap-1">
            <label htmlFor={`${id}-bucket`} className="text-xs font-medium">Bucket</label>
            <select id={`${id}-bucket`} className={CONTROL} value={bucket} onChange={(event) => onBucket(event.target.value as Bucket)}>
              {buckets.map((name) => <option key={name} value={name}>{BUCKET_LABELS[name]}</option>)}
            </select>
          </div>
        </div>
      </div>
      <ErrorMessage error={series.error} />
      {series.data ? (
        <TimeSeriesChart series={series.data.data} metric={metric} label={label} annotations={annotations.data ?? []} timeZone={timeZone} />
      ) : <div style={{ height: 240 }} aria-hidden="true" />}
    </Card>
  );
}
