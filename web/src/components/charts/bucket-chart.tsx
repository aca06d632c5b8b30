// BucketChart: one series of figures per time bucket drawn by uPlot (nulls are gaps). It owns the set-up every
// chart of the dashboard shares: size, theme colours, whole-bucket ticks, resizing with its box, marks and
// guides drawn over the series, and a click on a bucket.
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { bucketTickLabels, WHOLE_BUCKET_STEPS } from './bucket-axis';
import { guidesPlugin, marksPlugin, type ChartGuide, type ChartMark } from './chart-overlays';
import { useTheme } from '../theme/theme';

/** Series colours: a line and its translucent fill. */
export const SERIES_COLOURS = {
  indigo: { stroke: '#6366f1', fill: 'rgba(99,102,241,0.12)' },
  emerald: { stroke: '#059669', fill: 'rgba(5,150,105,0.12)' },
} as const;

export interface BucketChartProps {
  /** Bucket starts, `YYYY-MM-DD HH:mm:ss`, as the API returned them. */
  readonly labels: readonly string[];
  readonly values: ReadonlyArray<number | null>;
  /** The previous period's figures bucket by bucket (the comparison), drawn as a lighter dashed line. */
  readonly previousValues?: ReadonlyArray<number | null>;
  /** The series' name. */
  readonly label: string;
  /** The accessible name of the drawing, and the test id and point count it is found by. */
  readonly description: string;
  readonly testId: string;
  readonly height?: number;
  readonly colour?: keyof typeof SERIES_COLOURS;
  /** Dots on the line; by default uPlot shows them when the buckets are wide enough. */
  readonly showPoints?: boolean;
  /** The y scale; by default uPlot fits it to the values. */
  readonly yRange?: readonly [number, number];
  /** The y axis's width in CSS pixels; by default uPlot's. */
  readonly yAxisWidth?: number;
  /** How a value is written on the y axis. */
  readonly formatValue?: (value: number) => string;
  readonly marks?: readonly ChartMark[];
  readonly guides?: readonly ChartGuide[];
  /** Called with a clicked bucket's label; without it the plot is not clickable. */
  readonly onBucketClick?: (label: string) => void;
}

const DEFAULT_HEIGHT = 240;
const NONE: readonly never[] = [];

function themeColours(dark: boolean) {
  return { ink: dark ? '#cbd5e1' : '#334155', grid: { stroke: dark ? '#1e293b' : '#e2e8f0' } };
}

function yAxis(ink: string, grid: { stroke: string }, width: number | undefined, format: ((value: number) => string) | undefined): uPlot.Axis {
  return {
    stroke: ink,
    grid,
    ...(width === undefined ? {} : { size: width }),
    ...(format ? { values: (_: uPlot, ticks: number[]) => ticks.map(format) } : {}),
  };
}

export function BucketChart(props: BucketChartProps) {
  const { labels, values, label, description, testId, height = DEFAULT_HEIGHT, colour = 'indigo', marks = NONE, guides = NONE } = props;
  const box = useRef<HTMLDivElement>(null);
  // The latest callback, read at click time, so a new one does not redraw the chart.
  const bucketClick = useRef(props.onBucketClick);
  bucketClick.current = props.onBucketClick;
  const previousValues = props.previousValues;
  const { theme } = useTheme();
  const dataKey = JSON.stringify([theme, labels, values, previousValues, label, height, colour, props.showPoints, props.yRange, props.yAxisWidth, marks, guides]);

  useEffect(() => {
    const element = box.current;
    if (!element) return undefined;
    const dark = theme === 'dark';
    const { ink, grid } = themeColours(dark);
    const range = props.yRange;
    const chart = new uPlot({
      width: element.clientWidth,
      height,
      legend: { show: false },
      scales: { x: { time: false }, ...(range ? { y: { range: (): uPlot.Range.MinMax => [range[0], range[1]] } } : {}) },
      axes: [
        // The x values are bucket indexes: ticks only on whole ones, so no label is shown twice.
        { stroke: ink, grid, incrs: [...WHOLE_BUCKET_STEPS], values: (_, ticks) => bucketTickLabels(labels, ticks) },
        yAxis(ink, grid, props.yAxisWidth, props.formatValue),
      ],
      series: [
        {},
        { label, width: 2, ...SERIES_COLOURS[colour], ...(props.showPoints === undefined ? {} : { points: { show: props.showPoints } }) },
        ...(previousValues ? [{ label: `${label}, previous period`, width: 1.5, stroke: dark ? '#64748b' : '#94a3b8', dash: [6, 4], points: { show: false } }] : []),
      ],
      plugins: [marksPlugin(marks), guidesPlugin(guides, dark)],
    }, [labels.map((_, index) => index), [...values], ...(previousValues ? [labels.map((_, index) => previousValues[index] ?? null)] : [])], element);
    const resize = new ResizeObserver(() => chart.setSize({ width: element.clientWidth, height }));
    resize.observe(element);
    const click = (event: MouseEvent) => {
      const bucket = labels[chart.posToIdx(event.clientX - chart.over.getBoundingClientRect().left)];
      if (bucket !== undefined) bucketClick.current?.(bucket);
    };
    chart.over.addEventListener('click', click);
    return () => {
      chart.over.removeEventListener('click', click);
      resize.disconnect();
      chart.destroy();
    };
    // The drawing depends on the data and the look only, which dataKey holds.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the props it reads are all in dataKey
  }, [dataKey]);

  return (
    <div ref={box} role="img" aria-label={description} data-testid={testId} data-points={labels.length} data-annotations={marks.length} data-previous-points={previousValues?.length ?? 0}
      className={props.onBucketClick ? '[&_.u-over]:cursor-crosshair' : undefined} />
  );
}
