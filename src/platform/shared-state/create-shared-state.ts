// Shared state for several server processes: Redis when REDIS_URL is set, in-process otherwise.
import { Redis } from 'ioredis';
import { MemoryRateLimiter, RedisRateLimiter, type RateLimiter } from './rate-limiter.js';
import { MemorySessionStore } from './memory-session-store.js';
import { RedisSessionStore, type SessionStore } from './session-store.js';

export interface SharedState {
  readonly sessions: SessionStore;
  readonly rateLimiter: RateLimiter;
  readonly kind: 'memory' | 'redis';
  /** True when the shared store answers (always, in memory). */
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

export function createSharedState(redisUrl: string | undefined): SharedState {
  if (!redisUrl) {
    return { sessions: new MemorySessionStore(), rateLimiter: new MemoryRateLimiter(), kind: 'memory', ping: async () => true, close: async () => undefined };
  }
  const redis = new Redis(redisUrl, { maxRetriesPerRequest: 3, lazyConnect: false });
  return {
    sessions: new RedisSessionStore(redis),
    rateLimiter: new RedisRateLimiter(redis),
    kind: 'redis',
    ping: async () => (await redis.ping()) === 'PONG',
    close: async () => {
      await redis.quit();
    },
  };
}
