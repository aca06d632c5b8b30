// ErrorTimeSeriesCard: one error message's occurrences per bucket (uPlot, as the dashboard's chart), bucket switchable.
import { useErrorTimeSeries } from '../../api/insight-queries';
import type { ReportParams } from '../../api/report-query';
import { Card } from '../card';
import { benchStateOfRows } from '../report-kit/bench-state';
import { wallTimeIn } from '../report-kit/chart-annotations';
import { BucketSelect } from '../report-kit/bucket-select';
import { TimeSeriesChart } from '../report-kit/time-series-chart';
import { ErrorMessage } from '../error-message';
import type { Bucket } from '../../view-state/period';

export interface ErrorTimeSeriesCardProps {
  readonly site: string;
  readonly params: ReportParams;
  readonly message: string;
  readonly bucket: Bucket;
  readonly buckets: readonly Bucket[];
  readonly timeZone: string;
  readonly onBucket: (bucket: Bucket) => void;
}

export function ErrorTimeSeriesCard({ site, params, message, bucket, buckets, timeZone, onBucket }: ErrorTimeSeriesCardProps) {
  const series = useErrorTimeSeries(site, { ...params, errorMessage: message, bucket });
  // The API labels buckets by their start in UTC; the chart labels them in the page's time zone.
  const points = (series.data?.data ?? []).map((point) => ({ time: wallTimeIn(point.time, timeZone), error_count: point.error_count }));
  return (
    <Card>
      <div className="mb-3 flex flex-wrap items-end justify-between gap-3">
        <h2 className="text-base font-semibold">Occurrences over time</h2>
        <BucketSelect bucket={bucket} buckets={buckets} onBucket={onBucket} />
      </div>
      <ErrorMessage error={series.error} />
      <div data-bench-piece="error-time-series" data-bench-state={benchStateOfRows(series.isSuccess, points.length)}>
        {series.isSuccess ? (
          <TimeSeriesChart series={points} metric="error_count" label="Occurrences" annotations={[]} timeZone={timeZone} />
        ) : <div style={{ height: 240 }} aria-hidden="true" />}
      </div>
    </Card>
  );
}
