// The rate_anomaly layer's counter: events per visitor key in a sliding window, in process with bounded memory.
import { LRUCache } from 'lru-cache';

/** Counts a hit and returns how many hits the key has in the window ending now (this one included). */
export interface RateCounter {
  hit(key: string, nowMs: number): number;
}

export interface MemoryRateCounterOptions {
  readonly windowMs: number;
  /** Keys kept; the least recently seen is dropped first. */
  readonly maxKeys: number;
}

interface KeyWindow {
  /** Index of the fixed window `current` counts, floor(now / windowMs). */
  bucket: number;
  current: number;
  previous: number;
}

/**
 * Sliding-window estimate from two fixed windows: the hits of the current window plus the previous window's
 * hits weighted by how much of it still overlaps the sliding window (rounded down, so a burst at a window
 * edge is never over-counted). Three numbers per key instead of one timestamp per hit.
 */
export function createMemoryRateCounter(options: MemoryRateCounterOptions): RateCounter {
  const { windowMs } = options;
  if (!(windowMs > 0)) throw new Error('rate counter: windowMs must be positive');
  const windows = new LRUCache<string, KeyWindow>({ max: options.maxKeys });
  return {
    hit(key, nowMs) {
      const bucket = Math.floor(nowMs / windowMs);
      const known = windows.get(key);
      let entry: KeyWindow;
      if (!known || known.bucket < bucket - 1) entry = { bucket, current: 0, previous: 0 };
      else if (known.bucket === bucket - 1) entry = { bucket, current: 0, previous: known.current };
      else entry = known; // same window, or a clock that stepped back: keep counting in the newest window
      entry.current += 1;
      windows.set(key, entry);
      const overlap = Math.min(1, Math.max(0, 1 - (nowMs - entry.bucket * windowMs) / windowMs));
      return entry.current + Math.floor(entry.previous * overlap);
    },
  };
}
