// The shared stores a several-node test needs (a PostgreSQL server and Redis): why each cannot be reached,
// so such a test can skip loudly on a machine without them (CI provides both).
import { Redis } from 'ioredis';
import pg from 'pg';

/**
 * How long a first connection may take: a server that is absent refuses at once, but in the whole suite a busy
 * worker took more than 2 s to connect to the PostgreSQL that was there, and the reverse-proxy test skipped.
 */
const CONNECT_TIMEOUT_MS = 15_000;

async function postgresAnswers(url: string): Promise<string | null> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
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
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null, connectTimeout: CONNECT_TIMEOUT_MS });
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
