// Latency probes of the import benchmarks: a probe called at a fixed pace, one call at a time, and quantiles.

export function quantile(sorted: readonly number[], q: number): number {
  return sorted.length === 0 ? Number.NaN : (sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN);
}

export const median = (samples: readonly number[]): number => quantile([...samples].sort((a, b) => a - b), 0.5);

export function describeLatencies(samples: readonly number[]): string {
  const sorted = [...samples].sort((a, b) => a - b);
  return `n=${sorted.length} p50 ${quantile(sorted, 0.5).toFixed(1)} ms, p99 ${quantile(sorted, 0.99).toFixed(1)} ms, max ${(sorted.at(-1) ?? Number.NaN).toFixed(1)} ms`;
}

export interface Probe {
  readonly latencies: number[];
  /** Stops after the call under way and returns every call's latency in ms. */
  stop(): Promise<number[]>;
}

/** Calls `probe` every `everyMs` (one at a time) until stopped. */
export function startProbe(everyMs: number, probe: () => Promise<void>): Probe {
  const latencies: number[] = [];
  let running = true;
  const loop = (async () => {
    while (running) {
      const started = performance.now();
      await probe();
      latencies.push(performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, everyMs));
    }
  })();
  return { latencies, stop: async () => { running = false; await loop; return latencies; } };
}
