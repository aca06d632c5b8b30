// The Redis of REDIS_URL for tests of Redis-backed state, connected, or undefined when it is unset or does not
// answer (those tests then run their in-process half only).
import { Redis } from 'ioredis';

export async function redisUnderTest(url = process.env.REDIS_URL): Promise<Redis | undefined> {
  if (!url) return undefined;
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1, connectTimeout: 1000 });
  try {
    await redis.connect();
    await redis.ping();
    return redis;
  } catch {
    redis.disconnect();
    return undefined;
  }
}
