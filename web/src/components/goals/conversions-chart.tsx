// ConversionsChart: one series per time bucket (a goal's conversions) as a bucket chart, described for screen readers.
import { BucketChart } from '../charts/bucket-chart';

export interface ConversionsChartProps {
  /** Bucket starts, `YYYY-MM-DD HH:MM:SS`. */
  readonly times: readonly string[];
  readonly values: readonly number[];
  readonly label: string;
}

export function ConversionsChart({ times, values, label }: ConversionsChartProps) {
  return (
    <BucketChart labels={times} values={values} label={label} description={`${label} per bucket, ${values.length} buckets`} testId="goal-series" height={220} colour="emerald" />
  );
}
