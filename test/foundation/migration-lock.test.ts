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
import { withMigrationLock } from '../../src/platform/metadata-store/migration-lock.js';
import { metadataBackends } from '../helpers/test-app.js';

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

describe.skipIf(!postgres)('migrations started by three nodes at once (PostgreSQL)', () => {
  it('run each migration exactly once; the other nodes wait and then find nothing left to do', async () => {
    const name = `loupe_lock_${randomBytes(5).toString('hex')}`;
    await admin((client) => client.query(`create database ${name}`));
    const url = new URL(process.env.DATABASE_URL ?? '');
    url.pathname = `/${name}`;
    const nodes = [0, 1, 2].map(() => createMetadataDb({ dataDir, databaseUrl: url.toString() }));
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
      await admin(async (client) => {
        // Closed pools may still be saying goodbye; a forced drop would turn that into an uncaught error.
        for (let attempt = 0; attempt < 40; attempt++) {
          const open = await client.query<{ n: number }>('select count(*)::int as n from pg_stat_activity where datname = $1', [name]);
          if ((open.rows[0]?.n ?? 0) === 0) break;
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
        await client.query(`drop database if exists ${name} with (force)`);
      });
    }
  }, 60_000);
});
