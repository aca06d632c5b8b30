// better-auth's sign-in/sign-up rate limits kept in Loupe's shared rate limiter (Redis when REDIS_URL is set):
// left to better-auth's default, each server process counts an address on its own, and N nodes behind a
// load balancer would allow N times the documented attempts per minute.
import type { RateLimiter } from '../shared-state/rate-limiter.js';

/** The storage shape better-auth takes as `rateLimit.customStorage`: one atomic check-and-count per request. */
export interface AuthRateLimitStorage {
  consume(key: string, rule: { window: number; max: number }): Promise<{ allowed: boolean; retryAfter: number | null }>;
}

export function authRateLimitStorage(limiter: RateLimiter, clock: () => number = Date.now): AuthRateLimitStorage {
  return {
    async consume(key, rule) {
      const decision = await limiter.hit(`auth:${key}`, rule.max, rule.window * 1000, clock());
      return { allowed: decision.allowed, retryAfter: decision.allowed ? null : decision.retryAfterSeconds };
    },
  };
}
