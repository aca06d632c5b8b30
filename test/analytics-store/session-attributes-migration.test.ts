// Migration 0009 on a store that already holds sessions: each session's row gets its visitor attributes and
// whether its events agree on them, keyed as the row was (by session start, or by first event for data from
// before 0004), leaving every other figure as it was; later inserts keep both up to date, and a rerun after
// an interruption changes nothing.
import { expect, it } from 'vitest';
import { migrationsUpTo } from '../helpers/migrations-up-to.js';
import { useTemporaryStore } from '../helpers/temporary-store.js';
import { migrateAnalyticsStore } from '../../src/platform/analytics-store/analytics-migrations.js';

const temporary = useTemporaryStore('loupe-session-attributes-');

/** An event of session `session` at `hm` on 2026-03-01 from `country`; `start` is its session_start, if known. */
const event = (session: string, hm: string, country: string, start?: string, type = 'pageview') => ({
  site_id: 1,
  session_id: session,
  timestamp: `2026-03-01 ${hm}:00.000`,
  ...(start === undefined ? {} : { session_start: `2026-03-01 ${start}:00.000` }),
  type,
  pathname: `/${hm}`,
  country,
  browser: 'Firefox',
  user_id: `visitor-${session}`,
  event_id: crypto.randomUUID(),
});

/** The merged session rows: id, start, pageviews, exit page, journey length, country, browser and agreement. */
const stored = () =>
  temporary.store
    .query<Record<string, string>>(
      `SELECT toString(session_id) AS id, toString(session_start) AS start, toString(pageviews) AS pv, substring(exit_page, 24) AS exit,
         toString(length(journey)) AS steps, country, browser, toString(attributes_low = attributes_high) AS agrees
       FROM sessions FINAL ORDER BY id`,
    )
    .then((rows) => rows.map((row) => Object.values(row)));

const rowCount = async () => (await temporary.store.query<{ rows: string }>('SELECT toString(count()) AS rows FROM sessions'))[0]?.rows;

it('gives existing sessions their attributes and whether their events agree, and keeps both up to date', async () => {
  // Session 1 predates migration 0004 (its events carry no start; 0004 keyed it by its first event).
  await migrateAnalyticsStore(temporary.store, migrationsUpTo(temporary.root, '0003'));
  await temporary.store.insert('events', [event('1', '10:00', 'DE'), event('1', '10:01', 'DE')]);
  await migrateAnalyticsStore(temporary.store, migrationsUpTo(temporary.root, '0008'));
  // Session 2 agrees over two inserts; 3 changes country inside one insert; 4 changes it between two
  // inserts, so each of its rows agrees alone; 5 has no pageview.
  await temporary.store.insert('events', [event('2', '11:00', 'US', '11:00'), event('3', '12:00', 'US', '12:00'), event('3', '12:01', 'FR', '12:00')]);
  await temporary.store.insert('events', [event('2', '11:01', 'US', '11:00'), event('4', '13:00', 'US', '13:00')]);
  await temporary.store.insert('events', [event('4', '13:01', 'CA', '13:00'), event('5', '14:00', 'JP', '14:00', 'custom_event')]);

  expect(await migrateAnalyticsStore(temporary.store, migrationsUpTo(temporary.root, '0009'))).toEqual(['0009_session_attributes']);
  const expected = [
    ['1', '2026-03-01 10:00:00.000', '2', '/10:01', '2', 'DE', 'Firefox', '1'],
    ['2', '2026-03-01 11:00:00.000', '2', '/11:01', '2', 'US', 'Firefox', '1'],
    ['3', '2026-03-01 12:00:00.000', '2', '/12:01', '2', 'US', 'Firefox', '0'],
    ['4', '2026-03-01 13:00:00.000', '2', '/13:01', '2', 'US', 'Firefox', '0'],
    ['5', '2026-03-01 14:00:00.000', '0', '', '0', 'JP', 'Firefox', '1'],
  ];
  expect(await stored()).toEqual(expected);
  // One merged row per session: no phantom row for the pre-0004 session.
  expect(await rowCount()).toBe('5');

  // Later inserts: session 2 moves to another country, session 5 stays where it was.
  await temporary.store.insert('events', [event('2', '11:02', 'GB', '11:00'), event('5', '14:01', 'JP', '14:00')]);
  const later = await stored();
  expect(later[1]).toEqual(['2', '2026-03-01 11:00:00.000', '3', '/11:02', '3', 'US', 'Firefox', '0']);
  expect(later[4]).toEqual(['5', '2026-03-01 14:00:00.000', '1', '/14:01', '1', 'JP', 'Firefox', '1']);
});

it('reads the same attributes when the backfill runs again after an interruption', async () => {
  await migrateAnalyticsStore(temporary.store, migrationsUpTo(temporary.root, '0008'));
  await temporary.store.insert('events', [event('1', '10:00', 'US', '10:00'), event('1', '10:01', 'US', '10:00'), event('2', '10:05', 'US', '10:05')]);
  await temporary.store.insert('events', [event('2', '10:06', 'CA', '10:05')]);
  const upTo0009 = migrationsUpTo(temporary.root, '0009');
  await migrateAnalyticsStore(temporary.store, upTo0009);
  const once = await stored();
  expect(once.map((row) => row.at(-1))).toEqual(['1', '0']);
  // The migration is recorded only after its last statement: a crash before that runs all of it again.
  await temporary.store.command("ALTER TABLE schema_migrations DELETE WHERE version = '0009_session_attributes' SETTINGS mutations_sync = 1");
  expect(await migrateAnalyticsStore(temporary.store, upTo0009)).toEqual(['0009_session_attributes']);
  expect(await stored()).toEqual(once);
});
