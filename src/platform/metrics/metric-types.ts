// Counter, gauge and histogram families with labels, each rendering its own HELP/TYPE block and samples.
import { escapeHelp, labelKey, sampleLine, type Labels } from './exposition.js';

export interface MetricFamily {
  readonly name: string;
  /** The family's lines (HELP, TYPE, samples), without a trailing line feed. */
  render(): Promise<string[]>;
}

function header(name: string, help: string, type: 'counter' | 'gauge' | 'histogram'): string[] {
  return [`# HELP ${name} ${escapeHelp(help)}`, `# TYPE ${name} ${type}`];
}

export class Counter implements MetricFamily {
  private readonly series = new Map<string, { labels: Labels; value: number }>();

  constructor(readonly name: string, private readonly help: string) {}

  inc(labels: Labels = {}, by = 1): void {
    const key = labelKey(labels);
    const existing = this.series.get(key);
    if (existing) existing.value += by;
    else this.series.set(key, { labels, value: by });
  }

  async render(): Promise<string[]> {
    return [...header(this.name, this.help, 'counter'), ...[...this.series.values()].map((s) => sampleLine(this.name, s.labels, s.value))];
  }
}

/** One sample read when the metrics are scraped. */
export interface CollectedSample {
  readonly labels: Labels;
  readonly value: number;
}

/**
 * A gauge or counter whose samples are read at scrape time from the component that keeps them (queue
 * depths, lags, a buffer's running totals), so it is never stale and costs nothing between scrapes.
 */
export class CollectedMetric implements MetricFamily {
  constructor(
    readonly name: string,
    private readonly help: string,
    private readonly type: 'counter' | 'gauge',
    private readonly collect: () => Promise<readonly CollectedSample[]> | readonly CollectedSample[],
  ) {}

  async render(): Promise<string[]> {
    const samples = await this.collect();
    return [...header(this.name, this.help, this.type), ...samples.map((s) => sampleLine(this.name, s.labels, s.value))];
  }
}

interface HistogramSeries {
  readonly labels: Labels;
  /** Observations at or below each bucket's upper bound (not yet cumulative). */
  readonly counts: number[];
  sum: number;
  count: number;
}

export class Histogram implements MetricFamily {
  private readonly series = new Map<string, HistogramSeries>();
  private readonly bounds: readonly number[];

  constructor(readonly name: string, private readonly help: string, buckets: readonly number[]) {
    this.bounds = [...buckets].sort((a, b) => a - b);
  }

  observe(labels: Labels, value: number): void {
    const key = labelKey(labels);
    let series = this.series.get(key);
    if (!series) {
      series = { labels, counts: this.bounds.map(() => 0), sum: 0, count: 0 };
      this.series.set(key, series);
    }
    const index = this.bounds.findIndex((bound) => value <= bound);
    if (index >= 0) series.counts[index] = (series.counts[index] ?? 0) + 1;
    series.sum += value;
    series.count += 1;
  }

  async render(): Promise<string[]> {
    const lines = header(this.name, this.help, 'histogram');
    for (const series of this.series.values()) {
      let cumulative = 0;
      this.bounds.forEach((bound, index) => {
        cumulative += series.counts[index] ?? 0;
        lines.push(sampleLine(`${this.name}_bucket`, { ...series.labels, le: String(bound) }, cumulative));
      });
      lines.push(sampleLine(`${this.name}_bucket`, { ...series.labels, le: '+Inf' }, series.count));
      lines.push(sampleLine(`${this.name}_sum`, series.labels, series.sum));
      lines.push(sampleLine(`${this.name}_count`, series.labels, series.count));
    }
    return lines;
  }
}
