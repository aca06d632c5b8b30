import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_ANALYTICS_MEMORY } from '../../src/platform/analytics-store/chdb-memory.js';
import { ChdbStore } from '../../src/platform/analytics-store/chdb-store.js';
import type { ReadFirstOptions } from '../../src/platform/analytics-store/read-first-scheduler.js';
import { nextTurn } from '../helpers/next-turn.js';

/** Background operations start the moment they are asked for: the order of the engine's work is the test's. */
const NO_WAITING: ReadFirstOptions = { quietMs: 0, restFactor: 0, activeWindowMs: 0, maxWaitMs: 0 };

describe("the embedded store's background lane (decision 0031)", () => {
  let root: string;
  let store: ChdbStore;

  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'loupe-chdb-background-'));
    store = new ChdbStore(join(root, 'analytics'), DEFAULT_ANALYTICS_MEMORY, NO_WAITING);
    await store.command('CREATE TABLE lane_rows (n UInt32) ENGINE = MergeTree ORDER BY n');
    // An insert into slow_rows takes three seconds per row: three views sleep a second on each, one after the other
    // (the engine caps a sleep at three seconds a block).
    await store.command('CREATE TABLE slow_rows (n UInt32) ENGINE = Null');
    await store.command('CREATE TABLE slept (n UInt32) ENGINE = Null');
    for (const view of ['slow_a', 'slow_b', 'slow_c']) {
      await store.command(`CREATE MATERIALIZED VIEW ${view} TO slept AS SELECT n + toUInt32(sleepEachRow(1)) AS n FROM slow_rows`);
    }
  });
  afterAll(async () => {
    await store.close();
    await rm(root, { recursive: true, force: true });
  });

  it('writes to the same engine: rows inserted through the lane are read through the store, and the other way round', async () => {
    await store.background().insert('lane_rows', [{ n: 1 }, { n: 2 }]);
    await store.insert('lane_rows', [{ n: 3 }]);
    expect(await store.query('SELECT toUInt32(count()) AS rows, toUInt32(sum(n)) AS total FROM lane_rows')).toEqual([{ rows: 3, total: 6 }]);
    expect(await store.background().query('SELECT toUInt32(count()) AS rows FROM lane_rows')).toEqual([{ rows: 3 }]);
  });

  it('has a connection of its own: a read asked for during a long background insert is answered before the insert ends', async () => {
    const order: string[] = [];
    // Three rows: the background connection is busy for about nine seconds.
    const background = store.background().insert('slow_rows', [{ n: 1 }, { n: 2 }, { n: 3 }]).then(() => order.push('background insert'));
    // The insert is with the engine (started at once, NO_WAITING); then the read is asked for.
    await nextTurn();
    const read = store.query<{ one: number }>('SELECT 1 AS one').then((rows) => order.push(`read ${rows[0]?.one}`));
    await Promise.all([background, read]);
    expect(order).toEqual(['read 1', 'background insert']);
  });

  it('hands the memory the engine freed back through the lane (its allocator purges; decision 0043), and answers after', async () => {
    // The engine of this build has jemalloc: the purge releaseFreedMemory sends is accepted, not silently skipped.
    await expect(store.command('SYSTEM JEMALLOC PURGE')).resolves.toBeUndefined();
    await store.background().insert('lane_rows', [{ n: 4 }]);
    await expect(store.background().releaseFreedMemory?.()).resolves.toBeUndefined();
    expect(await store.query('SELECT toUInt32(sum(n)) AS total FROM lane_rows')).toEqual([{ total: 10 }]);
  });

  it('is closed with the store: close() waits for the lane\'s operations under way', async () => {
    const inserted = store.background().insert('lane_rows', [{ n: 7 }]);
    await store.close();
    await expect(inserted).resolves.toBeUndefined();
    store = new ChdbStore(join(root, 'analytics'), DEFAULT_ANALYTICS_MEMORY, NO_WAITING);
    expect(await store.query('SELECT toUInt32(sum(n)) AS total FROM lane_rows')).toEqual([{ total: 17 }]);
  });
});
