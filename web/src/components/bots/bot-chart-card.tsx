// BotChartCard: bot requests per time bucket.
import { useBotTimeSeries } from '../../api/bot-queries';
import type { ReportParams } from '../../api/report-query';
import type { Bucket } from '../../view-state/period';
import { Card } from '../card';
import { ErrorMessage } from '../error-message';
import { benchState } from '../report-kit/bench-state';
import { BucketSelect } from '../report-kit/bucket-select';
import { SeriesChart } from '../report-kit/series-chart';

export interface BotChartCardProps {
  readonly site: string;
  readonly params: ReportParams;
  readonly bucket: Bucket;
  readonly buckets: readonly Bucket[];
  readonly onBucket: (bucket: Bucket) => void;
}

export function BotChartCard({ site, params, bucket, buckets, onBucket }: BotChartCardProps) {
  const series = useBotTimeSeries(site, { ...params, bucket });
  const rows = series.data?.data ?? [];
  return (
    <Card>
      <div data-bench-piece="bots-over-time" data-bench-state={benchState(series.data !== undefined, rows.every((row) => row.bot_requests === 0))}>
        <div className="mb-3 flex flex-wrap items-end justify-between gap-3">
          <h2 className="text-base font-semibold">Bot requests over time</h2>
          <BucketSelect bucket={bucket} buckets={buckets} onBucket={onBucket} />
        </div>
        <ErrorMessage error={series.error} />
        {series.data ? (
          <SeriesChart labels={rows.map((row) => row.time)} values={rows.map((row) => row.bot_requests)} label="Bot requests" />
        ) : <div style={{ height: 240 }} aria-hidden="true" />}
      </div>
    </Card>
  );
}
