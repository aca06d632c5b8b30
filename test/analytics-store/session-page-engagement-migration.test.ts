// Migration 0018 on a store that already holds sessions with engagement: each session's row gets its engaged time
// and deepest scroll per path, keyed as the row was (by session start, or by first event for data from before
// 0004), leaving every other figure as it was; later inserts keep both up to date, and a rerun after an
// interruption counts no engagement twice.
import { expect, it } from 'vitest';
import { migrationsUpTo } from '../helpers/migrations-up-to.js';
import { useTemporaryStore } from '../helpers/temporary-store.js';
import { migrateAnalyticsStore } from '../../src/platform/analytics-store/analytics-migrations.js';

const temporary = useTemporaryStore('loupe-session-page-engagement-');

/** A pageview of session `session` at `hm` on 2026-03-01 on `path`; an engagement event when `engaged` is given. */
const event = (session: string, hm: string, path: string, options: { start?: string; engaged?: [number, number] } = {}) => ({
  site_id: 1,
  session_id: session,
  timestamp: `2026-03-01 ${hm}:00.000`,
  ...(options.start === undefined ? {} : { session_start: `2026-03-01 ${options.start}:00.000` }),
  type: options.engaged === undefined ? 'pageview' : 'engagement',
  pathname: path,
  country: 'DE',
  channel: 'Direct',
  user_id: `visitor-${session}`,
  event_id: crypto.randomUUID(),
  ...(options.engaged === undefined ? {} : { engaged_ms: options.engaged[0], scroll_depth: options.engaged[1] }),
});

/** The merged rows: id, start, pageviews, entry page, engaged ms, the engaged and deepest maps. */
const stored = () =>
  temporary.store
    .query<Record<string, string>>(
      `SELECT toString(session_id) AS id, toString(session_start) AS start, toString(pageviews) AS pv, substring(entry_page, 24) AS entry,
         toString(engaged_ms) AS ms, toString(engaged_pages) AS engaged, toString(deepest_pages) AS deepest
       FROM sessions FINAL ORDER BY id`,
    )
    .then((rows) => rows.map((row) => Object.values(row)));

// Rows once merged (the migration leaves merging to the table).
const rowCount = async () => (await temporary.store.query<{ rows: string }>('SELECT toString(count()) AS rows FROM sessions FINAL'))[0]?.rows;

it('gives existing sessions their page visits, and keeps them up to date', async () => {
  // Session 1 predates migration 0004 (its events carry no start; 0004 keyed it by its first event).
  await migrateAnalyticsStore(temporary.store, migrationsUpTo(temporary.root, '0003'));
  await temporary.store.insert('events', [event('1', '10:00', '/a'), event('1', '10:01', '/a', { engaged: [0, 0] })]);
  await migrateAnalyticsStore(temporary.store, migrationsUpTo(temporary.root, '0016'));
  // Session 2 reads /a in two reports (two inserts) and /b; session 3 sends no engagement.
  await temporary.store.insert('events', [
    event('2', '11:00', '/a', { start: '11:00' }),
    event('2', '11:01', '/a', { start: '11:00', engaged: [5000, 40] }),
    event('3', '12:00', '/c', { start: '12:00' }),
  ]);
  await temporary.store.insert('events', [
    event('2', '11:05', '/a', { start: '11:00', engaged: [7000, 80] }),
    event('2', '11:06', '/b', { start: '11:00' }),
    event('2', '11:07', '/b', { start: '11:00', engaged: [3000, 30] }),
  ]);

  expect(await migrateAnalyticsStore(temporary.store, migrationsUpTo(temporary.root, '0018'))).toEqual(['0018_session_page_engagement']);
  const expected = [
    // A visit with no engaged time is still a visit (its count keeps the path in the map).
    ['1', '2026-03-01 10:00:00.000', '1', '/a', '0', "(['/a'],[1],[0])", "(['/a'],[0])"],
    ['2', '2026-03-01 11:00:00.000', '2', '/a', '15000', "(['/a','/b'],[2,1],[12000,3000])", "(['/a','/b'],[80,30])"],
    ['3', '2026-03-01 12:00:00.000', '1', '/c', '0', '([],[],[])', '([],[])'],
  ];
  expect(await stored()).toEqual(expected);
  // One merged row per session: no phantom row for the pre-0004 session.
  expect(await rowCount()).toBe('3');

  // Later inserts: session 2 reports /b again, deeper; session 3 starts sending.
  await temporary.store.insert('events', [
    event('2', '11:08', '/b', { start: '11:00', engaged: [1000, 90] }),
    event('3', '12:01', '/c', { start: '12:00', engaged: [2500, 25] }),
  ]);
  const later = await stored();
  expect(later[1]).toEqual(['2', '2026-03-01 11:00:00.000', '2', '/a', '16000', "(['/a','/b'],[2,2],[12000,4000])", "(['/a','/b'],[80,90])"]);
  expect(later[2]).toEqual(['3', '2026-03-01 12:00:00.000', '1', '/c', '2500', "(['/c'],[1],[2500])", "(['/c'],[25])"]);
});

it('counts no engagement twice when the backfill runs again after an interruption', async () => {
  await migrateAnalyticsStore(temporary.store, migrationsUpTo(temporary.root, '0016'));
  await temporary.store.insert('events', [
    event('1', '10:00', '/a', { start: '10:00' }),
    event('1', '10:01', '/a', { start: '10:00', engaged: [4000, 60] }),
    event('2', '10:05', '/b', { start: '10:05' }),
  ]);
  const upTo0018 = migrationsUpTo(temporary.root, '0018');
  await migrateAnalyticsStore(temporary.store, upTo0018);
  const once = await stored();
  expect(once.map((row) => row.slice(-2))).toEqual([["(['/a'],[1],[4000])", "(['/a'],[60])"], ['([],[],[])', '([],[])']]);
  // The migration is recorded only after its last statement: a crash before that runs all of it again.
  await temporary.store.command("ALTER TABLE schema_migrations DELETE WHERE version = '0018_session_page_engagement' SETTINGS mutations_sync = 1");
  expect(await migrateAnalyticsStore(temporary.store, upTo0018)).toEqual(['0018_session_page_engagement']);
  expect(await stored()).toEqual(once);
});
