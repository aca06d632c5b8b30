// The shared stores a several-node test needs (a PostgreSQL server and Redis): why each cannot be reached,
// so such a test can skip loudly on a machine without them (CI provides both).
import { Redis } from 'ioredis';
import pg from 'pg';

async function postgresAnswers(url: string): Promise<string | null> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2_000 });
  try {
    await client.connect();
    await client.query('select 1');
    return null;
  } catch (error) {
    return `PostgreSQL at ${url}: ${error instanceof Error ? error.message : String(error)}`;
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function redisAnswers(url: string): Promise<string | null> {
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null, connectTimeout: 2_000 });
  try {
    await redis.connect();
    await redis.ping();
    return null;
  } catch (error) {
    return `Redis at ${url}: ${error instanceof Error ? error.message : String(error)}`;
  } finally {
    redis.disconnect();
  }
}

/** One reason per store that does not answer; empty when both do. */
export async function unreachableClusterStores(adminDatabaseUrl: string, redisUrl: string): Promise<string[]> {
  return [await postgresAnswers(adminDatabaseUrl), await redisAnswers(redisUrl)].filter((reason): reason is string => reason !== null);
}
