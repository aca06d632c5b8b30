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

/** One labelled series of a counter, kept by a caller that counts the same labels again and again. */
export interface CounterSeries {
  inc(by?: number): void;
}

class CounterSample implements CounterSeries {
  value = 0;

  constructor(readonly labels: Labels) {}

  inc(by = 1): void {
    this.value += by;
  }
}

export class Counter implements MetricFamily {
  private readonly samples = new Map<string, CounterSample>();

  constructor(readonly name: string, private readonly help: string) {}

  inc(labels: Labels = {}, by = 1): void {
    this.series(labels).inc(by);
  }

  /** The series of these labels, made at 0 on first ask (and rendered from then on). */
  series(labels: Labels): CounterSeries {
    const key = labelKey(labels);
    let sample = this.samples.get(key);
    if (!sample) {
      sample = new CounterSample(labels);
      this.samples.set(key, sample);
    }
    return sample;
  }

  async render(): Promise<string[]> {
    return [...header(this.name, this.help, 'counter'), ...[...this.samples.values()].map((s) => sampleLine(this.name, s.labels, s.value))];
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

/** One labelled series of a histogram, kept by a caller that observes the same labels again and again. */
export interface HistogramSeries {
  observe(value: number): void;
}

class HistogramSample implements HistogramSeries {
  /** Observations at or below each bucket's upper bound (not yet cumulative). */
  readonly counts: number[];
  sum = 0;
  count = 0;

  constructor(readonly labels: Labels, private readonly bounds: readonly number[]) {
    this.counts = bounds.map(() => 0);
  }

  observe(value: number): void {
    for (let index = 0; index < this.bounds.length; index += 1) {
      if (value <= (this.bounds[index] ?? Infinity)) {
        this.counts[index] = (this.counts[index] ?? 0) + 1;
        break;
      }
    }
    this.sum += value;
    this.count += 1;
  }
}

export class Histogram implements MetricFamily {
  private readonly samples = new Map<string, HistogramSample>();
  private readonly bounds: readonly number[];

  constructor(readonly name: string, private readonly help: string, buckets: readonly number[]) {
    this.bounds = [...buckets].sort((a, b) => a - b);
  }

  observe(labels: Labels, value: number): void {
    this.series(labels).observe(value);
  }

  /** The series of these labels, made empty on first ask (and rendered from then on). */
  series(labels: Labels): HistogramSeries {
    const key = labelKey(labels);
    let sample = this.samples.get(key);
    if (!sample) {
      sample = new HistogramSample(labels, this.bounds);
      this.samples.set(key, sample);
    }
    return sample;
  }

  async render(): Promise<string[]> {
    const lines = header(this.name, this.help, 'histogram');
    for (const series of this.samples.values()) {
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
