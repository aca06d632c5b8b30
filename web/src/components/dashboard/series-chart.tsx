// SeriesChart: one series of figures per time bucket drawn by uPlot (nulls are gaps), with optional labelled
// horizontal guides (such as a metric's thresholds) drawn dashed and named in the caption.
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { yRange } from './series-range';

export interface ChartGuide {
  readonly value: number;
  readonly label: string;
  /** Line colours in the light and dark themes. */
  readonly color: { readonly light: string; readonly dark: string };
}

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

const HEIGHT = 240;
const shortLabel = (time: string) => (time.endsWith('00:00:00') ? time.slice(5, 10) : time.slice(11, 16));

function guidePlugin(guides: readonly ChartGuide[], dark: boolean): uPlot.Plugin {
  return {
    hooks: {
      draw: (chart) => {
        const context = chart.ctx;
        context.save();
        context.lineWidth = 1.5 * devicePixelRatio;
        context.setLineDash([6 * devicePixelRatio, 4 * devicePixelRatio]);
        context.font = `${11 * devicePixelRatio}px sans-serif`;
        context.textAlign = 'left';
        context.textBaseline = 'bottom';
        for (const guide of guides) {
          const y = Math.round(chart.valToPos(guide.value, 'y', true));
          if (y < chart.bbox.top || y > chart.bbox.top + chart.bbox.height) continue;
          const color = dark ? guide.color.dark : guide.color.light;
          context.strokeStyle = color;
          context.fillStyle = color;
          context.beginPath();
          context.moveTo(chart.bbox.left, y);
          context.lineTo(chart.bbox.left + chart.bbox.width, y);
          context.stroke();
          context.fillText(guide.label, chart.bbox.left + 4 * devicePixelRatio, y - 4 * devicePixelRatio);
        }
        context.restore();
      },
    },
  };
}

export function SeriesChart({ labels, values, label, guides = [], formatValue }: SeriesChartProps) {
  const box = useRef<HTMLDivElement>(null);
  const dataKey = JSON.stringify([labels, values, guides, label]);

  useEffect(() => {
    const element = box.current;
    if (!element) return undefined;
    const dark = matchMedia('(prefers-color-scheme: dark)').matches;
    const ink = dark ? '#cbd5e1' : '#334155';
    const grid = { stroke: dark ? '#1e293b' : '#e2e8f0' };
    const range = yRange(values, guides.map((guide) => guide.value));
    const chart = new uPlot({
      width: element.clientWidth,
      height: HEIGHT,
      legend: { show: false },
      scales: { x: { time: false }, y: { range: () => range } },
      axes: [
        { stroke: ink, grid, values: (_, ticks) => ticks.map((tick) => shortLabel(labels[Math.round(tick)] ?? '')) },
        { stroke: ink, grid, size: 60, ...(formatValue ? { values: (_: uPlot, ticks: number[]) => ticks.map(formatValue) } : {}) },
      ],
      series: [{}, { label, stroke: '#6366f1', width: 2, fill: 'rgba(99,102,241,0.12)', points: { show: labels.length < 60 } }],
      plugins: [guidePlugin(guides, dark)],
    }, [labels.map((_, index) => index), [...values]], element);
    const resize = new ResizeObserver(() => chart.setSize({ width: element.clientWidth, height: HEIGHT }));
    resize.observe(element);
    return () => {
      resize.disconnect();
      chart.destroy();
    };
  }, [dataKey]);

  const filled = values.filter((value) => value !== null).length;
  return (
    <figure>
      <div ref={box} role="img" aria-label={`${label} per bucket: ${labels.length} buckets, ${filled} with a value`} data-testid="series-chart" data-points={labels.length} />
      {guides.length ? (
        <figcaption className="mt-2 flex flex-wrap gap-3 text-xs text-slate-700 dark:text-slate-300">
          {guides.map((guide) => <span key={guide.label}><span aria-hidden="true">╌ </span>{guide.label}</span>)}
        </figcaption>
      ) : null}
    </figure>
  );
}
