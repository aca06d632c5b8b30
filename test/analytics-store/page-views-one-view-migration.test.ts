// Migration 0037: one view feeds `page_views_by_kind` in place of the four of migration 0029, and the same events
// make the same rows through it, whatever their kind, session, month or insert.
import { expect, it } from 'vitest';
import { migrationsUpTo } from '../helpers/migrations-up-to.js';
import { useTemporaryStore } from '../helpers/temporary-store.js';
import { migrateAnalyticsStore } from '../../src/platform/analytics-store/analytics-migrations.js';

const temporary = useTemporaryStore('loupe-page-views-one-view-');

/** An event of session `session` at `hm` on the given day (its session starting at 10:00 that day). */
const event = (type: string, session: string, date: string, hm: string, pathname: string, title: string, country = 'DE') => ({
  site_id: 1,
  session_id: session,
  session_start: `${date} 10:00:00.000`,
  timestamp: `${date} ${hm}:00.000`,
  type,
  pathname,
  page_title: title,
  country,
  user_id: `visitor-${session}`,
  event_id: crypto.randomUUID(),
});

/** Two inserts: session 1 spans both (and changes country), session 2 is in another month, with other kinds of events between. */
const INSERTS = [
  [
    event('pageview', '1', '2026-03-01', '10:01', '/a', 'A'),
    event('custom_event', '1', '2026-03-01', '10:01', '/a', 'A'),
    event('pageview', '1', '2026-03-01', '10:02', '/b', 'B:1', 'FR'),
    event('pageview', '2', '2026-04-30', '10:03', '/a', ''),
    event('engagement', '2', '2026-04-30', '10:04', '/a', ''),
  ],
  [event('pageview', '1', '2026-03-01', '10:05', '/a', 'A:2'), event('pageview', '3', '2026-03-02', '10:05', '/', 'Home')],
];

const EXPECTED = [
  '1 path [/a] 2 [/a] 2026-03-01 10:05:00.000 DE',
  '1 path [/b] 1 [/b] 2026-03-01 10:02:00.000 FR',
  '1 title [2:/aA] 1 [2:/aA] 2026-03-01 10:01:00.000 DE',
  '1 title [2:/aA:2] 1 [2:/aA:2] 2026-03-01 10:05:00.000 DE',
  '1 title [2:/bB:1] 1 [2:/bB:1] 2026-03-01 10:02:00.000 FR',
  '1 session_path [] 3 [/a] 2026-03-01 10:05:00.000 FR',
  '1 session_title [] 3 [2:/aA] 2026-03-01 10:05:00.000 FR',
  '2 path [/a] 1 [/a] 2026-04-30 10:03:00.000 DE',
  '2 title [2:/a] 1 [2:/a] 2026-04-30 10:03:00.000 DE',
  '2 session_path [] 1 [/a] 2026-04-30 10:03:00.000 DE',
  '2 session_title [] 1 [2:/a] 2026-04-30 10:03:00.000 DE',
  '3 path [/] 1 [/] 2026-03-02 10:05:00.000 DE',
  '3 title [1:/Home] 1 [1:/Home] 2026-03-02 10:05:00.000 DE',
  '3 session_path [] 1 [/] 2026-03-02 10:05:00.000 DE',
  '3 session_title [] 1 [1:/Home] 2026-03-02 10:05:00.000 DE',
];

const rows = async () =>
  (
    await temporary.store.query<{ row: string }>(
      `SELECT concat(toString(session_id), ' ', toString(kind), ' [', page, '] ', toString(views), ' [', min_page, '] ', toString(last_at), ' ', country) AS row
       FROM page_views_by_kind FINAL ORDER BY session_id, kind, page`,
    )
  ).map((row) => row.row);

const viewsOnEvents = async () =>
  (
    await temporary.store.query<{ name: string }>(
      "SELECT name FROM system.tables WHERE database = currentDatabase() AND engine = 'MaterializedView' AND name LIKE 'page\\_views%' ORDER BY name",
    )
  ).map((row) => row.name);

it('replaces the four views with one that writes the same rows', async () => {
  await migrateAnalyticsStore(temporary.store, migrationsUpTo(temporary.root, '0036'));
  for (const rowsOfInsert of INSERTS) await temporary.store.insert('events', rowsOfInsert);
  expect(await rows()).toEqual(EXPECTED);

  expect(await migrateAnalyticsStore(temporary.store, migrationsUpTo(temporary.root, '0037'))).toEqual(['0037_page_views_by_kind_one_view']);
  expect(await viewsOnEvents()).toEqual(['page_views_by_kind_from_events']);
  await temporary.store.command('TRUNCATE TABLE page_views_by_kind');
  for (const rowsOfInsert of INSERTS) await temporary.store.insert('events', rowsOfInsert.map((row) => ({ ...row, event_id: crypto.randomUUID() })));
  expect(await rows()).toEqual(EXPECTED);
  // One part per kind and month the inserts touched, as the four views wrote.
  const partitions = await temporary.store.query<{ partition: string }>(
    "SELECT DISTINCT partition FROM system.parts WHERE database = currentDatabase() AND table = 'page_views_by_kind' AND active ORDER BY partition",
  );
  expect(partitions.map((row) => row.partition)).toEqual([
    "(202603,'path')",
    "(202603,'session_path')",
    "(202603,'session_title')",
    "(202603,'title')",
    "(202604,'path')",
    "(202604,'session_path')",
    "(202604,'session_title')",
    "(202604,'title')",
  ]);
});
