// Migration 0022 on a store that already holds pageviews: each session gets one merged `page_views` row per
// path, per (title, path) pair and per session (its pageviews and smallest page), the rows of later inserts
// join them through the views, and a rerun after an interruption skips the slices already stored.
import { expect, it } from 'vitest';
import { migrationsUpTo } from '../helpers/migrations-up-to.js';
import { useTemporaryStore } from '../helpers/temporary-store.js';
import { migrateAnalyticsStore } from '../../src/platform/analytics-store/analytics-migrations.js';

const temporary = useTemporaryStore('loupe-page-views-', { migratedUpTo: '0021' });

/** A pageview of session `session` at `hm` on 2026-03-01. */
const pageview = (session: string, hm: string, pathname: string, title: string) => ({
  site_id: 1,
  session_id: session,
  session_start: '2026-03-01 10:00:00.000',
  timestamp: `2026-03-01 ${hm}:00.000`,
  type: 'pageview',
  pathname,
  page_title: title,
  country: 'DE',
  user_id: `visitor-${session}`,
  event_id: crypto.randomUUID(),
});

const stored = async () =>
  (
    await temporary.store.query<{ row: string }>(
      `SELECT concat(toString(session_id), ' ', toString(kind), ' [', page, '] ', toString(views), ' [', min_page, '] ', toString(last_at), ' ', country) AS row
       FROM page_views FINAL ORDER BY session_id, kind, page`,
    )
  ).map((row) => row.row);

it('builds the page views of the pageviews stored so far, once, and keeps them up to date', async () => {
  await temporary.store.insert('events', [
    pageview('1', '10:01', '/a', 'A'),
    pageview('1', '10:02', '/b', 'B'),
    pageview('2', '10:03', '/a', 'A'),
    { ...pageview('2', '10:04', '/a', 'A'), type: 'engagement' },
  ]);
  await temporary.store.insert('events', [pageview('1', '10:05', '/a', 'A:2')]);

  expect(await migrateAnalyticsStore(temporary.store, migrationsUpTo(temporary.root, '0022'))).toEqual(['0022_page_views']);
  const expected = [
    '1 path [/a] 2 [/a] 2026-03-01 10:05:00.000 DE',
    '1 path [/b] 1 [/b] 2026-03-01 10:02:00.000 DE',
    '1 title [2:/aA] 1 [2:/aA] 2026-03-01 10:01:00.000 DE',
    '1 title [2:/aA:2] 1 [2:/aA:2] 2026-03-01 10:05:00.000 DE',
    '1 title [2:/bB] 1 [2:/bB] 2026-03-01 10:02:00.000 DE',
    '1 session_path [] 3 [/a] 2026-03-01 10:05:00.000 DE',
    '1 session_title [] 3 [2:/aA] 2026-03-01 10:05:00.000 DE',
    '2 path [/a] 1 [/a] 2026-03-01 10:03:00.000 DE',
    '2 title [2:/aA] 1 [2:/aA] 2026-03-01 10:03:00.000 DE',
    '2 session_path [] 1 [/a] 2026-03-01 10:03:00.000 DE',
    '2 session_title [] 1 [2:/aA] 2026-03-01 10:03:00.000 DE',
  ];
  expect(await stored()).toEqual(expected);

  // A rerun of the backfill (as after an interruption) adds nothing to the slices it finds stored.
  await temporary.store.command("DELETE FROM schema_migrations WHERE version = '0022_page_views'");
  expect(await migrateAnalyticsStore(temporary.store, migrationsUpTo(temporary.root, '0022'))).toEqual(['0022_page_views']);
  expect(await stored()).toEqual(expected);

  // Later inserts reach the table through the views.
  await temporary.store.insert('events', [pageview('2', '10:10', '/c', 'C'), pageview('3', '10:11', '/c', 'C')]);
  expect(await stored()).toEqual([
    ...expected.slice(0, 7),
    '2 path [/a] 1 [/a] 2026-03-01 10:03:00.000 DE',
    '2 path [/c] 1 [/c] 2026-03-01 10:10:00.000 DE',
    '2 title [2:/aA] 1 [2:/aA] 2026-03-01 10:03:00.000 DE',
    '2 title [2:/cC] 1 [2:/cC] 2026-03-01 10:10:00.000 DE',
    '2 session_path [] 2 [/a] 2026-03-01 10:10:00.000 DE',
    '2 session_title [] 2 [2:/aA] 2026-03-01 10:10:00.000 DE',
    '3 path [/c] 1 [/c] 2026-03-01 10:11:00.000 DE',
    '3 title [2:/cC] 1 [2:/cC] 2026-03-01 10:11:00.000 DE',
    '3 session_path [] 1 [/c] 2026-03-01 10:11:00.000 DE',
    '3 session_title [] 1 [2:/cC] 2026-03-01 10:11:00.000 DE',
  ]);
});
