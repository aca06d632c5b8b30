// createTestApp(): a real Loupe app on a fresh temp DATA_DIR (chDB + SQLite, or a fresh PostgreSQL database).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { createApp, type AppDeps, type LoupeApp } from '../../src/app.js';
import { loadConfig, type AppConfig } from '../../src/config.js';
import { startClickHouseStandIn } from './clickhouse-stand-in.js';
import { copyMigratedAnalytics, copyMigratedMetadata, migratedPostgresTemplate } from './migrated-store.js';
import { standInRequested } from './store-under-test.js';

export type MetadataBackend = 'sqlite' | 'postgres';

export interface TestApp extends LoupeApp {
  readonly config: AppConfig;
  readonly dataDir: string;
}

/** The metadata backends to run against: SQLite always, PostgreSQL when DATABASE_URL is set and reachable. */
export async function metadataBackends(): Promise<MetadataBackend[]> {
  const url = process.env.DATABASE_URL;
  if (!url) return ['sqlite'];
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
    await client.query('select 1');
    return ['sqlite', 'postgres'];
  } catch {
    return ['sqlite'];
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * A fresh PostgreSQL database on the server of `adminUrl` (default DATABASE_URL), and how to drop it: empty, or
 * with `migrated` a copy of the run's migrated template when there is one.
 */
export async function createPostgresDatabase(adminUrl = process.env.DATABASE_URL, options: { migrated?: boolean } = {}): Promise<{ url: string; drop: () => Promise<void> }> {
  if (!adminUrl) throw new Error('DATABASE_URL is not set');
  const name = `loupe_test_${randomBytes(5).toString('hex')}`;
  const template = options.migrated ? migratedPostgresTemplate() : undefined;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(template ? `create database ${name} template ${template}` : `create database ${name}`);
  // A test database need not wait for its commits to reach the disk (a crash test kills Loupe, not PostgreSQL).
  await admin.query(`alter database ${name} set synchronous_commit = off`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      // A closed app's pool may still be saying goodbye; forcing the drop then kills a connection that is
      // ending, and its error surfaces as an uncaught exception. Wait (up to 2 s) for those to go first.
      for (let attempt = 0; attempt < 40; attempt++) {
        const open = await client.query<{ n: number }>('select count(*)::int as n from pg_stat_activity where datname = $1', [name]);
        if ((open.rows[0]?.n ?? 0) === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

export interface TestAppOptions {
  readonly backend?: MetadataBackend;
  /** The analytics store: embedded chDB, or a ClickHouse server's HTTP interface (the test stand-in). Default:
   * LOUPE_TEST_STORE, else chDB. */
  readonly analyticsStore?: 'chdb' | 'clickhouse';
  readonly env?: Record<string, string>;
  /** Milliseconds since the epoch; a frozen clock makes sessions and rate windows deterministic. */
  readonly clock?: AppDeps['clock'];
  /** Durable-buffer tuning, e.g. `{ flushIntervalMs: 50 }`. */
  readonly ingestionBuffer?: AppDeps['ingestionBuffer'];
  /** DNS answers for webhook hosts. */
  readonly resolveHost?: AppDeps['resolveHost'];
  /** Where referrers' favicons are asked for (a loopback http server). */
  readonly faviconUpstream?: AppDeps['faviconUpstream'];
  /** Sign-in/sign-up attempts per minute per address; tests of the limit itself set the real value. */
  readonly authRateLimitPerMinute?: number;
  /** Sign-in attempts per minute per account; tests of that limit set the real value. */
  readonly signInPerAccountPerMinute?: number;
  /** Where log lines go (with `env: { LOG_LEVEL }`); tests of the logs pass a buffer. */
  readonly logDestination?: AppDeps['logDestination'];
  /** Where the tracking script's sources and build live; default: the project's tracker/. */
  readonly trackerLocation?: AppDeps['trackerLocation'];
  /** Leave DISABLE_SIGNUP unset (sign-up by invitation once an account exists) instead of the tests' open sign-up. */
  readonly productSignUpDefault?: boolean;
  /** The dashboard's build; default: web/dist served as it is (built or not), never rebuilt by a test. */
  readonly dashboard?: AppDeps['dashboard'];
}

export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'loupe-test-'));
  // Both stores start as copies of the run's migrated template (the app then finds no migration to apply).
  const database = options.backend === 'postgres' ? await createPostgresDatabase(undefined, { migrated: true }) : undefined;
  // A test that names its own DATA_DIR (a restart on an earlier app's data) keeps what that directory holds.
  const ownDataDir = options.env?.DATA_DIR !== undefined;
  if (!database && !ownDataDir) copyMigratedMetadata(dataDir);
  // LOUPE_TEST_STORE=clickhouse: the analytics store is a ClickHouse server's HTTP interface (the test stand-in).
  const standIn = (options.analyticsStore ? options.analyticsStore === 'clickhouse' : standInRequested()) && options.env?.CLICKHOUSE_URL === undefined;
  if (options.env?.CLICKHOUSE_URL === undefined && !ownDataDir) copyMigratedAnalytics(join(dataDir, standIn ? 'clickhouse-stand-in' : 'analytics'));
  const clickhouse = standIn ? await startClickHouseStandIn(join(dataDir, 'clickhouse-stand-in')) : undefined;
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    BASE_URL: 'http://localhost:3001',
    // Enrichment runs inline unless a test asks for the worker thread (ENRICHMENT_THREAD=true): same steps, faster start.
    ENRICHMENT_THREAD: 'false',
    // Most tests sign up several accounts: open sign-up unless a test sets DISABLE_SIGNUP or asks for the product's default (true).
    ...(options.productSignUpDefault ? {} : { DISABLE_SIGNUP: 'false' }),
    ...(database ? { DATABASE_URL: database.url } : {}),
    ...(clickhouse ? { CLICKHOUSE_URL: clickhouse.url } : {}),
    ...options.env,
  });
  const loupe = await createApp(config, {
    authRateLimitPerMinute: options.authRateLimitPerMinute ?? 10_000,
    signInPerAccountPerMinute: options.signInPerAccountPerMinute ?? 10_000,
    ...(options.clock ? { clock: options.clock } : {}),
    ...(options.ingestionBuffer ? { ingestionBuffer: options.ingestionBuffer } : {}),
    ...(options.resolveHost ? { resolveHost: options.resolveHost } : {}),
    ...(options.faviconUpstream ? { faviconUpstream: options.faviconUpstream } : {}),
    ...(options.logDestination ? { logDestination: options.logDestination } : {}),
    ...(options.trackerLocation ? { trackerLocation: options.trackerLocation } : {}),
    dashboard: options.dashboard ?? { buildWhenStale: false },
  });
  return {
    ...loupe,
    config,
    dataDir,
    async close() {
      await loupe.close();
      await clickhouse?.close();
      await database?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
