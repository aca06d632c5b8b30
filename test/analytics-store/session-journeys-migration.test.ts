// Migration 0008 on a store that already holds sessions: each session's pageviews are added to its row as
// (time, path) pairs, keyed as the row was (by session start, or by first event for data from before 0004),
// leaving every other figure as it was; later inserts add theirs; a rerun after an interruption changes no
// journey as read (sorted, repeats in a row collapsed).
import { expect, it } from 'vitest';
import { migrationsUpTo } from '../helpers/migrations-up-to.js';
import { useTemporaryStore } from '../helpers/temporary-store.js';
import { migrateAnalyticsStore } from '../../src/platform/analytics-store/analytics-migrations.js';

const temporary = useTemporaryStore('loupe-session-journeys-');

/** A pageview (or another type) of session `session` at `hm` on 2026-03-01; `start` is its session_start, if known. */
const event = (session: string, hm: string, pathname: string, start?: string, type = 'pageview') => ({
  site_id: 1,
  session_id: session,
  timestamp: `2026-03-01 ${hm}:00.000`,
  ...(start === undefined ? {} : { session_start: `2026-03-01 ${start}:00.000` }),
  type,
  pathname,
  user_id: `visitor-${session}`,
  event_id: crypto.randomUUID(),
});

/** The merged session rows; `pages` is the journey as read (sorted, repeats in a row collapsed), once it exists. */
const stored = (journey = true) =>
  temporary.store.query<Record<string, string>>(
    `SELECT toString(session_id) AS id, toString(session_start) AS start, toString(pageviews) AS pv,
       ${journey ? "arrayStringConcat(arrayCompact(arraySort(journey).2), ' ')" : "''"} AS pages, substring(exit_page, 24) AS exit
     FROM sessions FINAL ORDER BY id`,
  );

it('adds the pageviews of existing sessions to their rows, old and new, and keeps adding later ones', async () => {
  // Session 1 predates migration 0004 (its events carry no start; 0004 keyed it by its first event).
  await migrateAnalyticsStore(temporary.store, migrationsUpTo(temporary.root, '0003'));
  await temporary.store.insert('events', [event('1', '10:00', '/a'), event('1', '10:01', '/b'), event('1', '10:02', '/x', undefined, 'custom_event')]);
  await migrateAnalyticsStore(temporary.store, migrationsUpTo(temporary.root, '0007'));
  // Session 2 carries its start, in two inserts (two rows until merged); session 3 has no pageview.
  await temporary.store.insert('events', [event('2', '11:00', '/c', '11:00'), event('2', '11:02', '/c', '11:00')]);
  await temporary.store.insert('events', [event('2', '11:01', '/d', '11:00')]);
  await temporary.store.insert('events', [event('3', '12:00', '/y', '12:00', 'custom_event')]);
  const before = await stored(false);
  expect(before.map((row) => [row.id, row.start, row.pv, row.pages, row.exit])).toEqual([
    ['1', '2026-03-01 10:00:00.000', '2', '', '/b'],
    ['2', '2026-03-01 11:00:00.000', '3', '', '/c'],
    ['3', '2026-03-01 12:00:00.000', '0', '', ''],
  ]);

  expect(await migrateAnalyticsStore(temporary.store, migrationsUpTo(temporary.root, '0008'))).toEqual(['0008_session_journeys']);
  const expected = [
    { id: '1', start: '2026-03-01 10:00:00.000', pv: '2', pages: '/a /b', exit: '/b' },
    { id: '2', start: '2026-03-01 11:00:00.000', pv: '3', pages: '/c /d /c', exit: '/c' },
    { id: '3', start: '2026-03-01 12:00:00.000', pv: '0', pages: '', exit: '' },
  ];
  expect(await stored()).toEqual(expected);
  const [rows] = await temporary.store.query<{ rows: string }>('SELECT toString(count()) AS rows FROM sessions');
  expect(rows?.rows).toBe('3');

  await temporary.store.insert('events', [event('2', '11:03', '/e', '11:00')]);
  expect((await stored())[1]).toEqual({ ...expected[1], pv: '4', pages: '/c /d /c /e', exit: '/e' });
});

it('reads the same journeys when the backfill runs again after an interruption', async () => {
  await migrateAnalyticsStore(temporary.store, migrationsUpTo(temporary.root, '0007'));
  await temporary.store.insert('events', [event('1', '10:00', '/a', '10:00'), event('1', '10:01', '/b', '10:00'), event('1', '10:02', '/a', '10:00')]);
  const upTo0008 = migrationsUpTo(temporary.root, '0008');
  await migrateAnalyticsStore(temporary.store, upTo0008);
  // The migration is recorded only after its last statement: a crash before that runs all of it again.
  await temporary.store.command("ALTER TABLE schema_migrations DELETE WHERE version = '0008_session_journeys' SETTINGS mutations_sync = 1");
  expect(await migrateAnalyticsStore(temporary.store, upTo0008)).toEqual(['0008_session_journeys']);
  expect(await stored()).toEqual([{ id: '1', start: '2026-03-01 10:00:00.000', pv: '3', pages: '/a /b /a', exit: '/a' }]);
});
