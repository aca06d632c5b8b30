// The ClickHouse-server store configured for a cluster, its client running on chDB (chdb/connection): the
// settings it sends and the statements it rewrites reach the engine. The engine has no Keeper, so a statement
// ON CLUSTER is refused there as distributed DDL, which shows that it was sent so.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient } from '@clickhouse/client';
import { createChdbConnection } from 'chdb/connection';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ClickHouseStore } from '../../src/platform/analytics-store/clickhouse-store.js';

/** chdb/connection is typed against its own copy of the client's common types; the shapes match at run time. */
type ClientConnection = NonNullable<NonNullable<Parameters<typeof createClient>[0]>['connection']>;

let dir = '';
let clustered: ClickHouseStore;
let single: ClickHouseStore;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'loupe-clickhouse-store-cluster-'));
  const client = createClient({ connection: createChdbConnection({ path: dir }) as unknown as ClientConnection });
  clustered = new ClickHouseStore('http://unused.invalid', client, { cluster: 'loupe' });
  single = new ClickHouseStore('http://unused.invalid', client);
});

afterAll(async () => {
  await clustered.close();
  rmSync(dir, { recursive: true, force: true });
});

it('runs subqueries on Distributed tables GLOBAL on a cluster, and leaves the server default on one server', async () => {
  const sql = "SELECT getSetting('distributed_product_mode') AS mode";
  // One server first: chdb/connection keeps a setting in its session once a request has sent it.
  expect(await single.query(sql)).toEqual([{ mode: 'deny' }]);
  expect(await clustered.query(sql)).toEqual([{ mode: 'global' }]);
});

it('sends a delete to the local table ON CLUSTER', async () => {
  for (const table of ['events', 'events_local']) await single.command(`CREATE TABLE ${table} (site_id UInt32) ENGINE = MergeTree ORDER BY site_id`);
  await expect(clustered.command('DELETE FROM events WHERE site_id = {siteId:UInt32}', { siteId: 1 })).rejects.toThrow(/Replicated DDL queries are disabled/);
  await expect(single.command('DELETE FROM events WHERE site_id = {siteId:UInt32}', { siteId: 1 })).resolves.toBeUndefined();
});
