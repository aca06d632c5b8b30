// TimeSeriesChart: a time series of one metric (the overview's, an error's occurrences) as a bucket chart, annotations
// as labelled vertical lines; clicking a bucket or an annotation's caption reports it (the site dashboard's chart
// card opens the annotation dialog).
import type { Annotation } from '../../api/types';
import { BucketChart } from '../charts/bucket-chart';
import { shortBucketLabel } from '../charts/bucket-axis';
import { bucketIndexOf, wallTimeIn } from './chart-annotations';
import { FOCUS_RING } from '../button';

export interface TimeSeriesChartProps<K extends string> {
  /** Buckets labelled by their start as `YYYY-MM-DD HH:mm:ss` wall time in `timeZone`. */
  readonly series: ReadonlyArray<{ readonly time: string } & Readonly<Record<K, number>>>;
  readonly metric: K;
  /** The previous period's buckets (the comparison), matched to this period's by position. */
  readonly previous?: ReadonlyArray<Readonly<Record<K, number>>>;
  readonly label: string;
  readonly annotations: readonly Annotation[];
  readonly timeZone: string;
  /** Called with a clicked bucket's label (its start, wall time in the zone); without it the plot is not clickable. */
  readonly onBucketClick?: (label: string) => void;
  /** Called with an annotation whose caption was activated; without it captions are plain text. */
  readonly onAnnotationClick?: (annotation: Annotation) => void;
}

export function TimeSeriesChart<K extends string>({ series, metric, previous, label, annotations, timeZone, onBucketClick, onAnnotationClick }: TimeSeriesChartProps<K>) {
  const labels = series.map((point) => point.time);
  const marks = annotations.flatMap((annotation) => {
    const index = bucketIndexOf(labels, wallTimeIn(annotation.date, timeZone), undefined);
    return index === undefined ? [] : [{ index, title: annotation.title, annotation }];
  });
  const described = marks.length ? `, annotations: ${marks.map((mark) => mark.title).join(', ')}` : '';
  return (
    <figure>
      <BucketChart
        labels={labels}
        values={series.map((point) => point[metric])}
        {...(previous ? { previousValues: previous.map((point) => point[metric]) } : {})}
        label={label}
        description={`${label} per bucket, ${series.length} buckets${previous ? ', with the previous period as a dashed line' : ''}${described}`}
        testId="time-series"
        marks={marks.map(({ index, title }) => ({ index, title }))}
        onBucketClick={onBucketClick}
      />
      {previous ? (
        <p className="mt-1 flex items-center gap-3 text-xs text-slate-600 dark:text-slate-400" data-testid="chart-legend">
          <span className="flex items-center gap-1"><span aria-hidden="true" className="inline-block h-0.5 w-4 bg-indigo-500" />This period</span>
          <span className="flex items-center gap-1"><span aria-hidden="true" className="inline-block w-4 border-t-2 border-dashed border-slate-400" />Previous period</span>
        </p>
      ) : null}
      {marks.length ? (
        <figcaption className="mt-2 flex flex-wrap gap-2 text-xs text-amber-700 dark:text-amber-400">
          {marks.map((mark) => {
            const text = `▏${mark.title} (${shortBucketLabel(labels[mark.index] ?? '')})`;
            return onAnnotationClick ? (
              <button key={mark.annotation.annotationId} type="button" className={`rounded underline-offset-2 hover:underline ${FOCUS_RING}`} onClick={() => onAnnotationClick(mark.annotation)}>{text}</button>
            ) : <span key={mark.annotation.annotationId}>{text}</span>;
          })}
        </figcaption>
      ) : null}
    </figure>
  );
}
