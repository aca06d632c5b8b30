// Several nodes starting at once on one PostgreSQL: the migration lock lets one migrate while the others
// wait, so every migration runs exactly once and no start fails on a half-applied schema.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { createMetadataDb } from '../../src/platform/metadata-store/create-metadata-db.js';
import { migrateMetadataDb, pendingMetadataMigrations } from '../../src/platform/metadata-store/metadata-migrations.js';
import { MIGRATION_LOCK_KEY, withMigrationLock } from '../../src/platform/metadata-store/migration-lock.js';
import { copyMigratedAnalytics } from '../helpers/migrated-store.js';
import { metadataBackends } from '../helpers/test-app.js';
import { startServer, waitForHealth, waitForOutput, type ServerProcess } from '../helpers/server-process.js';

const postgres = (await metadataBackends()).includes('postgres');
const dataDir = mkdtempSync(join(tmpdir(), 'loupe-migration-lock-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

async function admin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** A fresh PostgreSQL database for one test; `drop` waits for closed pools to leave before forcing it. */
async function freshDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `loupe_lock_${randomBytes(5).toString('hex')}`;
  await admin((client) => client.query(`create database ${name}`));
  const url = new URL(process.env.DATABASE_URL ?? '');
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => admin(async (client) => {
      // Closed pools may still be saying goodbye; a forced drop would turn that into an uncaught error.
      for (let attempt = 0; attempt < 40; attempt++) {
        const open = await client.query<{ n: number }>('select count(*)::int as n from pg_stat_activity where datname = $1', [name]);
        if ((open.rows[0]?.n ?? 0) === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      await client.query(`drop database if exists ${name} with (force)`);
    }),
  };
}

describe.skipIf(!postgres)('migrations started by three nodes at once (PostgreSQL)', () => {
  it('run each migration exactly once; the other nodes wait and then find nothing left to do', async () => {
    const database = await freshDatabase();
    const nodes = [0, 1, 2].map(() => createMetadataDb({ dataDir, databaseUrl: database.url }));
    try {
      let waited = 0;
      const results = await Promise.all(nodes.map((node) => withMigrationLock(node, () => migrateMetadataDb(node), { onWaiting: () => waited++ })));
      const [first] = nodes;
      if (!first) throw new Error('no node');
      const all = (await sql<{ version: string }>`select version from loupe_migrations order by version`.execute(first.db)).rows.map((row) => row.version);
      expect(all.length).toBeGreaterThan(10);
      // One node applied everything; the others ran nothing.
      expect(results.map((ran) => ran.length).sort((a, b) => a - b)).toEqual([0, 0, all.length]);
      expect(results.flat().sort()).toEqual(all);
      expect(waited).toBeGreaterThanOrEqual(1);
      expect(await pendingMetadataMigrations(first)).toEqual([]);
      // The lock is released: a later start takes it at once.
      let waitedLater = false;
      expect(await withMigrationLock(first, () => migrateMetadataDb(first), { onWaiting: () => (waitedLater = true) })).toEqual([]);
      expect(waitedLater).toBe(false);
    } finally {
      await Promise.all(nodes.map((node) => node.close()));
      await database.drop();
    }
  }, 60_000);

  it('lets three server processes started together on one database all become ready', async () => {
    const database = await freshDatabase();
    const servers: ServerProcess[] = [];
    // The test holds the migration lock while the three start, so each of them finds it taken (started one after
    // the other, a quick first node could otherwise be done before the next one asks), then lets go of it.
    const holder = new pg.Client({ connectionString: database.url });
    await holder.connect();
    let held = true;
    try {
      await holder.query(`select pg_advisory_lock(${MIGRATION_LOCK_KEY}::bigint)`);
      for (const node of [1, 2, 3]) {
        const nodeDir = mkdtempSync(join(dataDir, `node-${node}-`));
        // Each node's own analytics store is migrated already (what is shared, and locked, is the PostgreSQL one).
        copyMigratedAnalytics(join(nodeDir, 'analytics'));
        servers.push(await startServer(nodeDir, { DATABASE_URL: database.url, LOG_LEVEL: 'info' }));
      }
      await Promise.all(servers.map((server) => waitForOutput(server, 'another node is applying migrations; waiting for it to finish', 90_000)));
      await holder.query(`select pg_advisory_unlock(${MIGRATION_LOCK_KEY}::bigint)`);
      held = false;
      await Promise.all(servers.map((server) => waitForHealth(server, 90_000)));
      for (const server of servers) {
        const ready = await fetch(`${server.baseUrl}/api/health/ready`);
        expect(ready.status, server.output()).toBe(200);
        expect(((await ready.json()) as { checks: unknown }).checks).toEqual({ analytics: 'ok', metadata: 'ok', redis: 'not_configured', migrations: 'ok' });
      }
    } finally {
      if (held) await holder.query(`select pg_advisory_unlock(${MIGRATION_LOCK_KEY}::bigint)`).catch(() => undefined);
      await holder.end();
      for (const server of servers) if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGTERM');
      await Promise.all(servers.map((server) => server.exited()));
      await database.drop();
    }
  }, 150_000);
});
