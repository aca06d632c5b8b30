// Migration 0021 on a store that already holds engagement events: each (session, path) gets one merged
// `page_visits` row with its engaged time summed and its deepest scroll, visits of later inserts join them,
// and a rerun after an interruption skips the slices already stored.
import { expect, it } from 'vitest';
import { migrationsUpTo } from '../helpers/migrations-up-to.js';
import { useTemporaryStore } from '../helpers/temporary-store.js';
import { migrateAnalyticsStore } from '../../src/platform/analytics-store/analytics-migrations.js';

const temporary = useTemporaryStore('loupe-page-visits-', { migratedUpTo: '0020' });

/** An engagement event of session `session` at `hm` on 2026-03-01 on `pathname`. */
const engagement = (session: string, hm: string, pathname: string, ms: number, depth: number) => ({
  site_id: 1,
  session_id: session,
  session_start: '2026-03-01 10:00:00.000',
  timestamp: `2026-03-01 ${hm}:00.000`,
  type: 'engagement',
  pathname,
  engaged_ms: ms,
  scroll_depth: depth,
  country: 'DE',
  user_id: `visitor-${session}`,
  event_id: crypto.randomUUID(),
});

const stored = async () =>
  (
    await temporary.store.query<{ row: string }>(
      `SELECT concat(toString(session_id), ' ', pathname, ' ', toString(engaged_ms), ' ', toString(scroll_depth), ' ', toString(last_at), ' ', country) AS row
       FROM page_visits FINAL ORDER BY session_id, pathname`,
    )
  ).map((row) => row.row);

it('builds the visits of the engagement stored so far, once, and keeps them up to date', async () => {
  await temporary.store.insert('events', [
    engagement('1', '10:01', '/a', 4000, 30),
    engagement('1', '10:02', '/b', 1000, 10),
    engagement('2', '10:03', '/a', 2500, 100),
    { ...engagement('2', '10:03', '/a', 0, 0), type: 'pageview' },
  ]);
  await temporary.store.insert('events', [engagement('1', '10:05', '/a', 6000, 80)]);

  expect(await migrateAnalyticsStore(temporary.store, migrationsUpTo(temporary.root, '0021'))).toEqual(['0021_page_visits']);
  const expected = ['1 /a 10000 80 2026-03-01 10:05:00.000 DE', '1 /b 1000 10 2026-03-01 10:02:00.000 DE', '2 /a 2500 100 2026-03-01 10:03:00.000 DE'];
  expect(await stored()).toEqual(expected);

  // A rerun of the backfill (as after an interruption) adds nothing to the slices it finds stored.
  await temporary.store.command("DELETE FROM schema_migrations WHERE version = '0021_page_visits'");
  expect(await migrateAnalyticsStore(temporary.store, migrationsUpTo(temporary.root, '0021'))).toEqual(['0021_page_visits']);
  expect(await stored()).toEqual(expected);

  // Later inserts reach the table through the view.
  await temporary.store.insert('events', [engagement('2', '10:10', '/a', 500, 20), engagement('3', '10:11', '/c', 700, 5)]);
  expect(await stored()).toEqual([
    '1 /a 10000 80 2026-03-01 10:05:00.000 DE',
    '1 /b 1000 10 2026-03-01 10:02:00.000 DE',
    '2 /a 3000 100 2026-03-01 10:10:00.000 DE',
    '3 /c 700 5 2026-03-01 10:11:00.000 DE',
  ]);
});
