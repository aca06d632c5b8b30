// SeriesChart: one series of figures per time bucket as a bucket chart (nulls are gaps), with optional labelled
// horizontal guides (such as a metric's thresholds) drawn dashed and named in the caption.
import { BucketChart } from '../charts/bucket-chart';
import type { ChartGuide } from '../charts/chart-overlays';
import { yRange } from './series-range';

export interface SeriesChartProps {
  /** Bucket starts, `YYYY-MM-DD HH:mm:ss`, as the API returned them. */
  readonly labels: readonly string[];
  readonly values: ReadonlyArray<number | null>;
  /** What is drawn, for the chart's accessible name. */
  readonly label: string;
  readonly guides?: readonly ChartGuide[];
  /** How a value is written on the y axis. */
  readonly formatValue?: (value: number) => string;
}

/** Beyond this many buckets the line is drawn without dots. */
const MAX_DOTTED_BUCKETS = 60;

export function SeriesChart({ labels, values, label, guides = [], formatValue }: SeriesChartProps) {
  const filled = values.filter((value) => value !== null).length;
  return (
    <figure>
      <BucketChart
        labels={labels}
        values={values}
        label={label}
        description={`${label} per bucket: ${labels.length} buckets, ${filled} with a value`}
        testId="series-chart"
        showPoints={labels.length < MAX_DOTTED_BUCKETS}
        yRange={yRange(values, guides.map((guide) => guide.value))}
        yAxisWidth={60}
        formatValue={formatValue}
        guides={guides}
      />
      {guides.length ? (
        <figcaption className="mt-2 flex flex-wrap gap-3 text-xs text-slate-700 dark:text-slate-300">
          {guides.map((guide) => <span key={guide.label}><span aria-hidden="true">╌ </span>{guide.label}</span>)}
        </figcaption>
      ) : null}
    </figure>
  );
}
