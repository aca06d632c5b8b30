// Hits per key in a sliding window, in process (bounded memory) or in Redis (shared by several servers).
// Both keep three numbers per key: the fixed window being counted, its hits, and the previous window's hits,
// and estimate the sliding window as the current hits plus the previous ones weighted by how much of the
// previous window still overlaps it (rounded down, so a burst at a window edge is never over-counted).
import type { Redis } from 'ioredis';
import { LRUCache } from 'lru-cache';

/**
 * Counts a hit and returns how many hits the key has in the window ending now (this one included): at once in
 * process, as a promise from Redis (enrichment counts every event, so the in-process counter makes no promise).
 */
export interface SlidingCounter {
  hit(key: string, nowMs: number): number | Promise<number>;
}

export interface SlidingCounterOptions {
  readonly windowMs: number;
  /** Keys kept in process; the least recently seen is dropped first (Redis expires idle keys instead). */
  readonly maxKeys: number;
}

interface KeyWindow {
  /** Index of the fixed window `current` counts, floor(now / windowMs). */
  bucket: number;
  current: number;
  previous: number;
}

function checkedWindow(windowMs: number): number {
  if (!(windowMs > 0)) throw new Error('sliding counter: windowMs must be positive');
  return windowMs;
}

/**
 * Moves a key's windows on by one hit in `bucket`, in place (a clock that stepped back keeps the newest window).
 * In place, not as a new object per hit: an entry lives until its key's next hit, so a fresh one each time would
 * outlive young collections and be promoted, one old-generation object per event counted.
 */
function countHit(known: KeyWindow, bucket: number): void {
  if (known.bucket < bucket - 1) {
    known.previous = 0;
    known.current = 1;
    known.bucket = bucket;
  } else if (known.bucket === bucket - 1) {
    known.previous = known.current;
    known.current = 1;
    known.bucket = bucket;
  } else {
    known.current += 1;
  }
}

function estimate(entry: KeyWindow, nowMs: number, windowMs: number): number {
  const overlap = Math.min(1, Math.max(0, 1 - (nowMs - entry.bucket * windowMs) / windowMs));
  return entry.current + Math.floor(entry.previous * overlap);
}

export class MemorySlidingCounter implements SlidingCounter {
  private readonly windowMs: number;
  private readonly windows: LRUCache<string, KeyWindow>;

  constructor(options: SlidingCounterOptions) {
    this.windowMs = checkedWindow(options.windowMs);
    this.windows = new LRUCache({ max: options.maxKeys });
  }

  hit(key: string, nowMs: number): number {
    const bucket = Math.floor(nowMs / this.windowMs);
    // `get` makes the key the most recently used, as a `set` would.
    let entry = this.windows.get(key);
    if (entry === undefined) {
      entry = { bucket, current: 1, previous: 0 };
      this.windows.set(key, entry);
    } else {
      countHit(entry, bucket);
    }
    return estimate(entry, nowMs, this.windowMs);
  }
}

// KEYS[1] = the key's hash {b: bucket, c: current, p: previous}; ARGV = bucket, expiry ms. The same step as
// countHit, atomically. Returns {bucket, current, previous}.
const HIT_SCRIPT = `
local bucket = tonumber(ARGV[1])
local known = redis.call('HMGET', KEYS[1], 'b', 'c', 'p')
local b, c, p = tonumber(known[1]), tonumber(known[2]) or 0, tonumber(known[3]) or 0
if b == nil or b < bucket - 1 then
  b, c, p = bucket, 0, 0
elseif b == bucket - 1 then
  b, c, p = bucket, 0, c
end
c = c + 1
redis.call('HSET', KEYS[1], 'b', b, 'c', c, 'p', p)
redis.call('PEXPIRE', KEYS[1], tonumber(ARGV[2]))
return {b, c, p}
`;

export class RedisSlidingCounter implements SlidingCounter {
  private readonly windowMs: number;

  /** `namespace` keeps counters of different purposes apart in one Redis. */
  constructor(private readonly redis: Redis, private readonly namespace: string, options: Pick<SlidingCounterOptions, 'windowMs'>) {
    this.windowMs = checkedWindow(options.windowMs);
  }

  async hit(key: string, nowMs: number): Promise<number> {
    const bucket = Math.floor(nowMs / this.windowMs);
    // Two windows cover every hit the estimate can still weigh.
    const [current, hits, previous] = (await this.redis.eval(HIT_SCRIPT, 1, `loupe:count:${this.namespace}:${key}`, String(bucket), String(2 * this.windowMs))) as [number, number, number];
    return estimate({ bucket: current, current: hits, previous }, nowMs, this.windowMs);
  }
}
