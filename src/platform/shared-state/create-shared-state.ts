// Shared state for several server processes (sessions, rate limits, sliding counters): Redis when REDIS_URL is
// set, in-process otherwise.
import { createRequire } from 'node:module';
import type * as IoRedis from 'ioredis';
import { MemoryRateLimiter, RedisRateLimiter, type RateLimiter } from './rate-limiter.js';
import { MemorySessionStore } from './memory-session-store.js';
import { RedisSessionStore, type SessionStore } from './session-store.js';
import { MemorySlidingCounter, RedisSlidingCounter, type SlidingCounter, type SlidingCounterOptions } from './sliding-counter.js';

export interface SharedState {
  readonly sessions: SessionStore;
  readonly rateLimiter: RateLimiter;
  /** A sliding-window counter under `namespace`, shared by every process on the same Redis. */
  slidingCounter(namespace: string, options: SlidingCounterOptions): SlidingCounter;
  readonly kind: 'memory' | 'redis';
  /** True when the shared store answers (always, in memory). */
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

const requirePackage = createRequire(import.meta.url);

/**
 * The Redis client, loaded only when REDIS_URL is set: importing it costs 6-8 MB of resident memory in each
 * thread that builds shared state (the event loop and the enrichment thread), for nothing without Redis.
 */
function redisClient(): typeof IoRedis.Redis {
  return (requirePackage('ioredis') as typeof IoRedis).Redis;
}

/** `maxSessions` bounds the in-process session store (without Redis); default: DEFAULT_MAX_SESSIONS. */
export function createSharedState(redisUrl: string | undefined, maxSessions?: number): SharedState {
  if (!redisUrl) {
    return {
      sessions: new MemorySessionStore(maxSessions),
      rateLimiter: new MemoryRateLimiter(),
      slidingCounter: (_namespace, options) => new MemorySlidingCounter(options),
      kind: 'memory',
      ping: async () => true,
      close: async () => undefined,
    };
  }
  const Redis = redisClient();
  const redis = new Redis(redisUrl, { maxRetriesPerRequest: 3, lazyConnect: false });
  return {
    sessions: new RedisSessionStore(redis),
    rateLimiter: new RedisRateLimiter(redis),
    slidingCounter: (namespace, options) => new RedisSlidingCounter(redis, namespace, options),
    kind: 'redis',
    ping: async () => (await redis.ping()) === 'PONG',
    close: async () => {
      await redis.quit();
    },
  };
}
