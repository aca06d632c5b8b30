// The store property exactly-once replay rests on: an insert repeating a seen dedup token is dropped.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ChdbStore } from '../../src/platform/analytics-store/chdb-store.js';
import { numberedBotRow, numberedEventRow, storedNumberCounts } from '../helpers/event-buffer/numbered-rows.js';
import { openMigratedChdbStore } from '../helpers/migrated-store.js';

describe('chDB insert deduplication by token', () => {
  let root: string;
  let store: ChdbStore;
  beforeEach(async () => {
    root = await mkdtemp(join(tmpdir(), 'loupe-dedup-'));
    store = await openMigratedChdbStore(root);
  });
  afterEach(async () => {
    await store.close();
    await rm(root, { recursive: true, force: true });
  });

  it.each([
    ['events', numberedEventRow],
    ['bot_events', numberedBotRow],
  ] as const)('%s: the same token twice stores the rows once; another token stores them again', async (table, row) => {
    const rows = [row(1), row(2)];
    await store.insert(table, rows, { dedupToken: `${table}:a` });
    await store.insert(table, rows, { dedupToken: `${table}:a` });
    expect(await storedNumberCounts(store, table)).toEqual(new Map([[1, 1], [2, 1]]));
    await store.insert(table, rows, { dedupToken: `${table}:b` });
    expect(await storedNumberCounts(store, table)).toEqual(new Map([[1, 2], [2, 2]]));
  });

  it('remembers tokens across a restart, for rows spread over several monthly partitions', async () => {
    const rows = [1, 2, 3].map((n) => ({ ...numberedEventRow(n), timestamp: `2025-0${n}-15 00:00:00.000` }));
    await store.insert('events', rows, { dedupToken: 'events:months' });
    await store.close();
    store = new ChdbStore(root);
    await store.insert('events', rows, { dedupToken: 'events:months' });
    expect(await storedNumberCounts(store, 'events')).toEqual(new Map([[1, 1], [2, 1], [3, 1]]));
  });

  describe('the sessions table fed from events', () => {
    const sessionRows = [1, 2, 3].map((n) => ({
      ...numberedEventRow(n),
      session_id: String(n % 2),
      session_start: '2025-03-01 12:00:00.000',
    }));
    const sessionPageviews = async () =>
      store.query<{ session_id: string; pageviews: string }>(
        'SELECT toString(session_id) AS session_id, toString(sum(pageviews)) AS pageviews FROM sessions GROUP BY session_id ORDER BY session_id',
      );

    it('counts a deduplicated replay once', async () => {
      await store.insert('events', sessionRows, { dedupToken: 'events:sessions' });
      await store.insert('events', sessionRows, { dedupToken: 'events:sessions' });
      expect(await sessionPageviews()).toEqual([
        { session_id: '0', pageviews: '1' },
        { session_id: '1', pageviews: '2' },
      ]);
    });

    it('receives a replayed block that reached events but not sessions before a crash', async () => {
      await store.command('DETACH TABLE sessions_from_events');
      await store.insert('events', sessionRows, { dedupToken: 'events:crash' });
      await store.command('ATTACH TABLE sessions_from_events');
      expect(await sessionPageviews()).toEqual([]);
      await store.insert('events', sessionRows, { dedupToken: 'events:crash' });
      expect(await storedNumberCounts(store, 'events')).toEqual(new Map([[1, 1], [2, 1], [3, 1]]));
      expect(await sessionPageviews()).toEqual([
        { session_id: '0', pageviews: '1' },
        { session_id: '1', pageviews: '2' },
      ]);
    });
  });

  it.each([
    { table: 'performance_events', type: 'performance' },
    { table: 'action_events', type: 'error' },
  ])('$table (fed from events) keeps a deduplicated replay of a $type row once', async ({ table, type }) => {
    const rows = [1, 2].map((n) => ({ ...numberedEventRow(n), type, lcp: 1000 + n }));
    await store.insert('events', rows, { dedupToken: `events:${type}` });
    await store.insert('events', rows, { dedupToken: `events:${type}` });
    const copies = await store.query<{ lcp: number }>(`SELECT lcp FROM ${table} ORDER BY lcp`);
    expect(copies).toEqual([{ lcp: 1001 }, { lcp: 1002 }]);
  });

  it("user_days (fed from events) counts a deduplicated replay's pageviews once", async () => {
    const rows = [1, 2, 3].map((n) => ({ ...numberedEventRow(n), user_id: 'v', type: 'pageview' }));
    await store.insert('events', rows, { dedupToken: 'events:days' });
    await store.insert('events', rows, { dedupToken: 'events:days' });
    const days = await store.query<{ pageviews: string }>('SELECT toString(sum(pageviews)) AS pageviews FROM user_days');
    expect(days).toEqual([{ pageviews: '3' }]);
  });
});
