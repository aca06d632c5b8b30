// Migration 0030 on a store that already holds events: each person gets one `user_days` row per UTC day once
// added up (first and last event, pageviews, custom events, identified people by their id), later inserts join
// them through the view, and a rerun after an interruption skips the slices already stored.
import { expect, it } from 'vitest';
import { migrationsUpTo } from '../helpers/migrations-up-to.js';
import { useTemporaryStore } from '../helpers/temporary-store.js';
import { migrateAnalyticsStore } from '../../src/platform/analytics-store/analytics-migrations.js';

const temporary = useTemporaryStore('loupe-user-days-', { migratedUpTo: '0029' });

const event = (user: string, at: string, type = 'pageview', identified = '') => ({
  site_id: 1,
  session_id: '1',
  timestamp: at,
  type,
  user_id: user,
  identified_user_id: identified,
  event_id: crypto.randomUUID(),
});

const stored = async () =>
  (
    await temporary.store.query<{ row: string }>(
      `SELECT concat(toString(day), ' ', toString(user_key_hash = cityHash64(person)), ' ', person, ' ', toString(min(first_at)), ' ',
                     toString(max(last_at)), ' ', toString(sum(pageviews)), ' ', toString(sum(custom_events))) AS row
       FROM user_days
       JOIN (SELECT DISTINCT user_key_hash, if(identified_user_id = '', user_id, identified_user_id) AS person FROM events) AS people USING (user_key_hash)
       GROUP BY day, user_key_hash, person ORDER BY row`,
    )
  ).map((row) => row.row);

it('builds the days of the events stored so far, once, and keeps them up to date', async () => {
  await temporary.store.insert('events', [
    event('v1', '2026-03-01 10:00:00.000'),
    event('v1', '2026-03-01 23:59:59.999', 'custom_event'),
    event('v1', '2026-03-02 00:00:00.000', 'engagement'),
    event('v2', '2026-03-01 12:00:00.000', 'pageview', 'alice'),
  ]);
  await temporary.store.insert('events', [event('v3', '2026-03-01 13:00:00.000', 'pageview', 'alice')]);

  expect(await migrateAnalyticsStore(temporary.store, migrationsUpTo(temporary.root, '0030'))).toEqual(['0030_user_days']);
  const expected = [
    '2026-03-01 1 alice 2026-03-01 12:00:00.000 2026-03-01 13:00:00.000 2 0',
    '2026-03-01 1 v1 2026-03-01 10:00:00.000 2026-03-01 23:59:59.999 1 1',
    '2026-03-02 1 v1 2026-03-02 00:00:00.000 2026-03-02 00:00:00.000 0 0',
  ];
  expect(await stored()).toEqual(expected);

  // A rerun of the backfill (as after an interruption) adds nothing to the slices it finds stored.
  await temporary.store.command("DELETE FROM schema_migrations WHERE version = '0030_user_days'");
  expect(await migrateAnalyticsStore(temporary.store, migrationsUpTo(temporary.root, '0030'))).toEqual(['0030_user_days']);
  expect(await stored()).toEqual(expected);

  // Later inserts reach the table through the view.
  await temporary.store.insert('events', [event('v1', '2026-03-02 08:00:00.000'), event('v4', '2026-03-02 09:00:00.000', 'custom_event')]);
  expect(await stored()).toEqual([
    ...expected.slice(0, 2),
    '2026-03-02 1 v1 2026-03-02 00:00:00.000 2026-03-02 08:00:00.000 1 0',
    '2026-03-02 1 v4 2026-03-02 09:00:00.000 2026-03-02 09:00:00.000 0 1',
  ]);
});
