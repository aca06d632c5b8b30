// Migration 0029 on a store that already holds page views: the rows of `page_views` move to `page_views_by_kind`
// (partitioned by kind as well), unchanged once merged; the old table and its views are gone; later inserts reach
// the new table through its views, and a rerun after an interruption copies no kind twice.
import { expect, it } from 'vitest';
import { migrationsUpTo } from '../helpers/migrations-up-to.js';
import { useTemporaryStore } from '../helpers/temporary-store.js';
import { migrateAnalyticsStore } from '../../src/platform/analytics-store/analytics-migrations.js';

const temporary = useTemporaryStore('loupe-page-views-by-kind-', { migratedUpTo: '0028' });

/** A pageview of session `session` at `hm` on the given day of March 2026 (its session starting at 10:00). */
const pageview = (session: string, day: string, hm: string, pathname: string, title: string) => ({
  site_id: 1,
  session_id: session,
  session_start: `2026-03-${day} 10:00:00.000`,
  timestamp: `2026-03-${day} ${hm}:00.000`,
  type: 'pageview',
  pathname,
  page_title: title,
  country: 'DE',
  user_id: `visitor-${session}`,
  event_id: crypto.randomUUID(),
});

const rowsOf = async (table: string) =>
  (
    await temporary.store.query<{ row: string }>(
      `SELECT concat(toString(session_id), ' ', toString(kind), ' [', page, '] ', toString(views), ' [', min_page, '] ', toString(last_at), ' ', country) AS row
       FROM ${table} FINAL ORDER BY session_id, kind, page`,
    )
  ).map((row) => row.row);

const tableNames = async () =>
  (
    await temporary.store.query<{ name: string }>(
      "SELECT name FROM system.tables WHERE database = currentDatabase() AND name LIKE 'page\\_views%' ORDER BY name",
    )
  ).map((row) => row.name);

it('moves the page views to the table partitioned by kind, keeps them up to date and copies nothing twice', async () => {
  // Two inserts for session 1 (its rows stay unmerged in the old table), one of them in another month's partition.
  await temporary.store.insert('events', [
    pageview('1', '01', '10:01', '/a', 'A'),
    pageview('1', '01', '10:02', '/b', 'B'),
    pageview('2', '31', '10:03', '/a', 'A'),
  ]);
  await temporary.store.insert('events', [pageview('1', '01', '10:05', '/a', 'A:2')]);
  const before = await rowsOf('page_views');
  expect(before).toEqual([
    '1 path [/a] 2 [/a] 2026-03-01 10:05:00.000 DE',
    '1 path [/b] 1 [/b] 2026-03-01 10:02:00.000 DE',
    '1 title [2:/aA] 1 [2:/aA] 2026-03-01 10:01:00.000 DE',
    '1 title [2:/aA:2] 1 [2:/aA:2] 2026-03-01 10:05:00.000 DE',
    '1 title [2:/bB] 1 [2:/bB] 2026-03-01 10:02:00.000 DE',
    '1 session_path [] 3 [/a] 2026-03-01 10:05:00.000 DE',
    '1 session_title [] 3 [2:/aA] 2026-03-01 10:05:00.000 DE',
    '2 path [/a] 1 [/a] 2026-03-31 10:03:00.000 DE',
    '2 title [2:/aA] 1 [2:/aA] 2026-03-31 10:03:00.000 DE',
    '2 session_path [] 1 [/a] 2026-03-31 10:03:00.000 DE',
    '2 session_title [] 1 [2:/aA] 2026-03-31 10:03:00.000 DE',
  ]);

  expect(await migrateAnalyticsStore(temporary.store, migrationsUpTo(temporary.root, '0029'))).toEqual(['0029_page_views_by_kind']);
  expect(await rowsOf('page_views_by_kind')).toEqual(before);
  expect(await tableNames()).toEqual([
    'page_views_by_kind',
    'page_views_by_kind_path',
    'page_views_by_kind_session_path',
    'page_views_by_kind_session_title',
    'page_views_by_kind_title',
  ]);
  const partitions = await temporary.store.query<{ partition: string }>(
    "SELECT DISTINCT partition FROM system.parts WHERE database = currentDatabase() AND table = 'page_views_by_kind' AND active ORDER BY partition",
  );
  expect(partitions.map((row) => row.partition)).toEqual([
    "(202603,'path')",
    "(202603,'session_path')",
    "(202603,'session_title')",
    "(202603,'title')",
  ]);

  // Later inserts reach the new table through its views.
  await temporary.store.insert('events', [pageview('2', '31', '10:10', '/c', 'C')]);
  const after = [
    ...before.slice(0, 7),
    '2 path [/a] 1 [/a] 2026-03-31 10:03:00.000 DE',
    '2 path [/c] 1 [/c] 2026-03-31 10:10:00.000 DE',
    '2 title [2:/aA] 1 [2:/aA] 2026-03-31 10:03:00.000 DE',
    '2 title [2:/cC] 1 [2:/cC] 2026-03-31 10:10:00.000 DE',
    '2 session_path [] 2 [/a] 2026-03-31 10:10:00.000 DE',
    '2 session_title [] 2 [2:/aA] 2026-03-31 10:10:00.000 DE',
  ];
  expect(await rowsOf('page_views_by_kind')).toEqual(after);

  // A rerun (as after an interruption before the old table was dropped) copies no kind already copied.
  await temporary.store.command(
    'CREATE TABLE page_views AS page_views_by_kind ENGINE = AggregatingMergeTree PARTITION BY toYYYYMM(session_start) ORDER BY (site_id, kind, session_start, session_id, page)',
  );
  await temporary.store.command('INSERT INTO page_views SELECT * FROM page_views_by_kind');
  await temporary.store.command("DELETE FROM schema_migrations WHERE version = '0029_page_views_by_kind'");
  expect(await migrateAnalyticsStore(temporary.store, migrationsUpTo(temporary.root, '0029'))).toEqual(['0029_page_views_by_kind']);
  expect(await rowsOf('page_views_by_kind')).toEqual(after);
  expect(await tableNames()).not.toContain('page_views');
});
