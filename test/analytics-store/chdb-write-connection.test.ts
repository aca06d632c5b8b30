import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChdbStore } from '../../src/platform/analytics-store/chdb-store.js';
import { nextTurn } from '../helpers/next-turn.js';

describe("the embedded store's inserts on a connection of their own (decision 0076)", () => {
  let root: string;
  let store: ChdbStore;

  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'loupe-chdb-write-'));
    store = new ChdbStore(join(root, 'analytics'));
    await store.command('CREATE TABLE written (n UInt32) ENGINE = MergeTree ORDER BY n');
    // An insert into slow_rows sleeps a second per row in its view (the engine caps a sleep at three seconds a block).
    await store.command('CREATE TABLE slow_rows (n UInt32) ENGINE = Null');
    await store.command('CREATE TABLE slept (n UInt32) ENGINE = Null');
    await store.command('CREATE MATERIALIZED VIEW slow_view TO slept AS SELECT n + toUInt32(sleepEachRow(1)) AS n FROM slow_rows');
  });
  afterAll(async () => {
    await store.close();
    await rm(root, { recursive: true, force: true });
  });

  it('stores an insert asked for during a long read before the read ends', async () => {
    const order: string[] = [];
    // A read of about two seconds.
    const read = store.query<{ rows: number }>('SELECT toUInt32(count()) AS rows FROM numbers(2) WHERE sleepEachRow(1) = 0').then((rows) => order.push(`read ${rows[0]?.rows}`));
    await nextTurn();
    const inserted = store.insertTabSeparated('written', ['n'], Buffer.from('1\n2\n3\n')).then(() => order.push('insert'));
    await Promise.all([read, inserted]);
    expect(order).toEqual(['insert', 'read 2']);
    expect(await store.query('SELECT toUInt32(count()) AS rows, toUInt32(sum(n)) AS total FROM written')).toEqual([{ rows: 3, total: 6 }]);
  });

  it('answers a report asked for during a long insert before the insert ends', async () => {
    const order: string[] = [];
    const inserted = store.insert('slow_rows', [{ n: 1 }, { n: 2 }]).then(() => order.push('insert'));
    await nextTurn();
    const read = store.query<{ rows: number }>('SELECT toUInt32(count()) AS rows FROM written').then((rows) => order.push(`read ${rows[0]?.rows}`));
    await Promise.all([inserted, read]);
    expect(order).toEqual(['read 3', 'insert']);
  });

  it('waits for an insert under way when the store closes, and keeps its rows', async () => {
    const inserted = store.insertJsonEachRow('written', Buffer.from('{"n":10}\n'));
    await store.close();
    await expect(inserted).resolves.toBeUndefined();
    store = new ChdbStore(join(root, 'analytics'));
    expect(await store.query('SELECT toUInt32(sum(n)) AS total FROM written')).toEqual([{ total: 16 }]);
  });
});
