// TimeSeriesChart: a time series of one metric (the overview's, an error's occurrences) drawn by uPlot, annotations
// as labelled vertical lines; clicking a bucket or an annotation's caption reports it (the site dashboard's chart
// card opens the annotation dialog).
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { Annotation } from '../../api/types';
import { bucketIndexOf, wallTimeIn } from './chart-annotations';
import { FOCUS_RING } from '../button';

export interface TimeSeriesChartProps<K extends string> {
  /** Buckets labelled by their start as `YYYY-MM-DD HH:mm:ss` wall time in `timeZone`. */
  readonly series: ReadonlyArray<{ readonly time: string } & Readonly<Record<K, number>>>;
  readonly metric: K;
  readonly label: string;
  readonly annotations: readonly Annotation[];
  readonly timeZone: string;
  /** Called with a clicked bucket's label (its start, wall time in the zone); without it the plot is not clickable. */
  readonly onBucketClick?: (label: string) => void;
  /** Called with an annotation whose caption was activated; without it captions are plain text. */
  readonly onAnnotationClick?: (annotation: Annotation) => void;
}

const HEIGHT = 240;
const WHOLE_STEPS = [1, 2, 3, 4, 6, 12, 24, 48, 96, 192, 384, 768, 1536, 3072, 6144];
const shortLabel = (time: string) => (time.endsWith('00:00:00') ? time.slice(5, 10) : time.slice(11, 16));

function annotationPlugin(marks: ReadonlyArray<{ index: number; title: string }>): uPlot.Plugin {
  return {
    hooks: {
      draw: (chart) => {
        const context = chart.ctx;
        context.save();
        context.strokeStyle = '#d97706';
        context.fillStyle = '#d97706';
        context.lineWidth = 2;
        context.font = `${12 * devicePixelRatio}px sans-serif`;
        for (const mark of marks) {
          const x = Math.round(chart.valToPos(mark.index, 'x', true));
          context.beginPath();
          context.moveTo(x, chart.bbox.top);
          context.lineTo(x, chart.bbox.top + chart.bbox.height);
          context.stroke();
          context.fillText(mark.title, x + 4, chart.bbox.top + 12 * devicePixelRatio);
        }
        context.restore();
      },
    },
  };
}

export function TimeSeriesChart<K extends string>({ series, metric, label, annotations, timeZone, onBucketClick, onAnnotationClick }: TimeSeriesChartProps<K>) {
  const box = useRef<HTMLDivElement>(null);
  // The latest callback, read at click time, so a new one does not redraw the chart.
  const bucketClick = useRef(onBucketClick);
  bucketClick.current = onBucketClick;
  const labels = series.map((point) => point.time);
  const marks = annotations.flatMap((annotation) => {
    const index = bucketIndexOf(labels, wallTimeIn(annotation.date, timeZone), undefined);
    return index === undefined ? [] : [{ index, title: annotation.title, annotation }];
  });
  const dataKey = JSON.stringify([labels, series.map((point) => point[metric]), marks.map((mark) => [mark.index, mark.title])]);

  useEffect(() => {
    const element = box.current;
    if (!element) return undefined;
    const dark = matchMedia('(prefers-color-scheme: dark)').matches;
    const ink = dark ? '#cbd5e1' : '#334155';
    const grid = { stroke: dark ? '#1e293b' : '#e2e8f0' };
    const chart = new uPlot({
      width: element.clientWidth,
      height: HEIGHT,
      legend: { show: false },
      scales: { x: { time: false } },
      axes: [
        // The x values are bucket indexes: ticks only on whole ones, so no label is shown twice.
        { stroke: ink, grid, incrs: WHOLE_STEPS, values: (_, ticks) => ticks.map((tick) => shortLabel(labels[Math.round(tick)] ?? '')) },
        { stroke: ink, grid },
      ],
      series: [{}, { label, stroke: '#6366f1', width: 2, fill: 'rgba(99,102,241,0.12)' }],
      plugins: [annotationPlugin(marks)],
    }, [labels.map((_, index) => index), series.map((point) => point[metric])], element);
    const resize = new ResizeObserver(() => chart.setSize({ width: element.clientWidth, height: HEIGHT }));
    resize.observe(element);
    const click = (event: MouseEvent) => {
      const index = chart.posToIdx(event.clientX - chart.over.getBoundingClientRect().left);
      const bucket = labels[index];
      if (bucket !== undefined) bucketClick.current?.(bucket);
    };
    chart.over.addEventListener('click', click);
    return () => {
      chart.over.removeEventListener('click', click);
      resize.disconnect();
      chart.destroy();
    };
  }, [dataKey]);

  const total = series.length;
  return (
    <figure>
      <div ref={box} role="img" aria-label={`${label} per bucket, ${total} buckets${marks.length ? `, annotations: ${marks.map((mark) => mark.title).join(', ')}` : ''}`} data-testid="time-series" data-points={total} data-annotations={marks.length} className={onBucketClick ? '[&_.u-over]:cursor-crosshair' : ''} />
      {marks.length ? (
        <figcaption className="mt-2 flex flex-wrap gap-2 text-xs text-amber-700 dark:text-amber-400">
          {marks.map((mark) => {
            const text = `▏${mark.title} (${shortLabel(labels[mark.index] ?? '')})`;
            return onAnnotationClick ? (
              <button key={mark.annotation.annotationId} type="button" className={`rounded underline-offset-2 hover:underline ${FOCUS_RING}`} onClick={() => onAnnotationClick(mark.annotation)}>{text}</button>
            ) : <span key={mark.annotation.annotationId}>{text}</span>;
          })}
        </figcaption>
      ) : null}
    </figure>
  );
}
