// ConversionsChart: one series per time bucket (a goal's conversions) drawn by uPlot, described for screen readers.
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

export interface ConversionsChartProps {
  /** Bucket starts, `YYYY-MM-DD HH:MM:SS`. */
  readonly times: readonly string[];
  readonly values: readonly number[];
  readonly label: string;
}

const HEIGHT = 220;
const shortLabel = (time: string) => (time.endsWith('00:00:00') ? time.slice(5, 10) : time.slice(11, 16));

export function ConversionsChart({ times, values, label }: ConversionsChartProps) {
  const box = useRef<HTMLDivElement>(null);
  const dataKey = JSON.stringify([times, values, label]);
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
        { stroke: ink, grid, values: (_, ticks) => ticks.map((tick) => shortLabel(times[Math.round(tick)] ?? '')) },
        { stroke: ink, grid },
      ],
      series: [{}, { label, stroke: '#059669', width: 2, fill: 'rgba(5,150,105,0.12)' }],
    }, [times.map((_, index) => index), [...values]], element);
    const resize = new ResizeObserver(() => chart.setSize({ width: element.clientWidth, height: HEIGHT }));
    resize.observe(element);
    return () => {
      resize.disconnect();
      chart.destroy();
    };
  }, [dataKey]);
  return <div ref={box} role="img" aria-label={`${label} per bucket, ${values.length} buckets`} data-testid="goal-series" data-points={values.length} />;
}
