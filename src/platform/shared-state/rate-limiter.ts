// Fixed-window rate limits (window opens at a key's first hit), in-process or in Redis for several servers.
import type { Redis } from 'ioredis';

export interface RateDecision {
  readonly allowed: boolean;
  readonly retryAfterSeconds: number;
}

export interface RateLimiter {
  hit(key: string, max: number, windowMs: number, nowMs: number): Promise<RateDecision>;
}

export class MemoryRateLimiter implements RateLimiter {
  private readonly windows = new Map<string, { start: number; count: number }>();

  async hit(key: string, max: number, windowMs: number, nowMs: number): Promise<RateDecision> {
    let window = this.windows.get(key);
    if (!window || nowMs - window.start >= windowMs) {
      if (this.windows.size > 100_000) this.sweep(windowMs, nowMs);
      window = { start: nowMs, count: 0 };
      this.windows.set(key, window);
    }
    window.count += 1;
    const retryAfterSeconds = Math.max(1, Math.ceil((window.start + windowMs - nowMs) / 1000));
    return { allowed: window.count <= max, retryAfterSeconds };
  }

  private sweep(windowMs: number, nowMs: number): void {
    for (const [key, window] of this.windows) if (nowMs - window.start >= windowMs) this.windows.delete(key);
  }
}

// KEYS[1] = counter key; ARGV = window ms. Returns {count, remaining ms}.
const HIT_SCRIPT = `
redis.call('SET', KEYS[1], 0, 'NX', 'PX', tonumber(ARGV[1]))
local count = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
return {count, ttl}
`;

export class RedisRateLimiter implements RateLimiter {
  constructor(private readonly redis: Redis) {}

  async hit(key: string, max: number, windowMs: number): Promise<RateDecision> {
    const [count, ttl] = (await this.redis.eval(HIT_SCRIPT, 1, `loupe:rate:${key}`, String(windowMs))) as [number, number];
    return { allowed: count <= max, retryAfterSeconds: Math.max(1, Math.ceil(ttl / 1000)) };
  }
}
