// Timing one operation repeatedly, and the percentiles of the samples.

/** The p-th percentile (0..100) of the samples by the nearest-rank rule; NaN for no samples. */
export function percentile(samples: readonly number[], p: number): number {
  if (samples.length === 0) return Number.NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return sorted[Math.min(rank, sorted.length) - 1] ?? Number.NaN;
}

export interface TimedRuns<T> {
  /** Milliseconds of each timed run (the warm-up excluded). */
  readonly samples: number[];
  /** What the warm-up run returned. */
  readonly first: T;
}

/** Runs `operation` once to warm up, then `runs` times, timing each run on its own; `afterWarmUp` is called in between. */
export async function timeRuns<T>(operation: () => Promise<T>, runs: number, afterWarmUp: () => void = () => undefined): Promise<TimedRuns<T>> {
  const first = await operation();
  afterWarmUp();
  const samples: number[] = [];
  for (let run = 0; run < runs; run++) {
    const started = performance.now();
    await operation();
    samples.push(performance.now() - started);
  }
  return { samples, first };
}
