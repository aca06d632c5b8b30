// ChartCard: the time series card: metric and bucket switches, the chart (annotations drawn on it) and its errors;
// clicking a bucket (or "Add annotation") opens the annotation dialog at that date, a caption opens its annotation.
import { useId, useState } from 'react';
import { useReport, type ReportParams } from '../../api/report-query';
import type { Annotation, OverviewFigures } from '../../api/types';
import { Card } from '../card';
import { ErrorMessage } from '../error-message';
import { Button } from '../button';
import { AnnotationDialog, type AnnotationTarget } from '../annotations/annotation-dialog';
import { useSiteAccess } from '../public-access/read-only';
import { BucketSelect } from '../report-kit/bucket-select';
import { CONTROL } from '../report-kit/period-picker';
import { TimeSeriesChart } from '../report-kit/time-series-chart';
import { METRICS } from '../../view-state/url-state';
import type { Bucket } from '../../view-state/period';

export interface ChartCardProps {
  readonly site: string;
  readonly params: ReportParams;
  /** The previous period's parameters when comparing (its series is drawn too). */
  readonly previous?: ReportParams | undefined;
  readonly metric: keyof OverviewFigures;
  readonly bucket: Bucket;
  readonly buckets: readonly Bucket[];
  readonly timeZone: string;
  readonly onMetric: (metric: keyof OverviewFigures) => void;
  readonly onBucket: (bucket: Bucket) => void;
}

export function ChartCard({ site, params, previous, metric, bucket, buckets, timeZone, onMetric, onBucket }: ChartCardProps) {
  const id = useId();
  const series = useReport('/api/sites/{site}/overview/time-series', site, { ...params, bucket });
  const before = useReport('/api/sites/{site}/overview/time-series', site, { ...previous, bucket }, { enabled: previous !== undefined && series.isSuccess, secondary: true });
  const annotations = useReport('/api/sites/{site}/annotations', site, { start_date: params.start_date, end_date: params.end_date, time_zone: params.time_zone });
  const label = METRICS.find((entry) => entry.key === metric)?.label ?? metric;
  const { readOnly } = useSiteAccess();
  const [dialog, setDialog] = useState<AnnotationTarget | undefined>(undefined);
  const lastBucket = series.data?.data.at(-1)?.time;
  return (
    <Card>
      <div className="mb-3 flex flex-wrap items-end justify-between gap-3">
        <h2 className="text-base font-semibold">{label} over time</h2>
        <div className="flex flex-wrap items-end gap-3">
          {readOnly || lastBucket === undefined ? null : <Button variant="secondary" onClick={() => setDialog({ kind: 'new', wall: lastBucket })}>Add annotation</Button>}
          <div className="flex flex-col gap-1">
            <label htmlFor={`${id}-metric`} className="text-xs font-medium">Metric</label>
            <select id={`${id}-metric`} className={CONTROL} value={metric} onChange={(event) => onMetric(event.target.value as keyof OverviewFigures)}>
              {METRICS.map(({ key, label: name }) => <option key={key} value={key}>{name}</option>)}
            </select>
          </div>
          <BucketSelect bucket={bucket} buckets={buckets} onBucket={onBucket} />
        </div>
      </div>
      <ErrorMessage error={series.error} />
      {series.data ? (
        <TimeSeriesChart
          series={series.data.data} metric={metric} label={label} {...(previous && before.data ? { previous: before.data.data } : {})} annotations={annotations.data ?? []} timeZone={timeZone}
          {...(readOnly ? {} : { onBucketClick: (wall: string) => setDialog({ kind: 'new', wall }), onAnnotationClick: (annotation: Annotation) => setDialog({ kind: 'edit', annotation }) })}
        />
      ) : <div style={{ height: 240 }} aria-hidden="true" />}
      {readOnly ? null : <AnnotationDialog site={site} timeZone={timeZone} target={dialog} onClose={() => setDialog(undefined)} />}
    </Card>
  );
}
