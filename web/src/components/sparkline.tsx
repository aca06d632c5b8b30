// Sparkline: a tiny inline SVG polyline of a series the API returned, with a text alternative.
export interface SparklineProps {
  readonly values: readonly number[];
  readonly label: string;
  readonly width?: number;
  readonly height?: number;
}

export function sparklinePoints(values: readonly number[], width: number, height: number): string {
  if (values.length === 0) return '';
  const max = Math.max(...values, 1);
  const step = values.length > 1 ? width / (values.length - 1) : 0;
  return values.map((value, index) => `${(index * step).toFixed(1)},${(height - 1 - (value / max) * (height - 2)).toFixed(1)}`).join(' ');
}

export function Sparkline({ values, label, width = 120, height = 32 }: SparklineProps) {
  return (
    <svg role="img" aria-label={label} width={width} height={height} viewBox={`0 0 ${width} ${height}`} className="text-indigo-600 dark:text-indigo-400">
      <polyline points={sparklinePoints(values, width, height)} fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinejoin="round" />
    </svg>
  );
}
