// Migration 0012 on a store that already holds sessions: each session's row gets its first hostname and the
// occurrences of its custom event names, keyed as the row was (by session start, or by first event for data
// from before 0004), leaving every other figure as it was; later inserts keep both up to date, and a rerun
// after an interruption counts no event twice.
import { expect, it } from 'vitest';
import { migrationsUpTo } from '../helpers/migrations-up-to.js';
import { useTemporaryStore } from '../helpers/temporary-store.js';
import { migrateAnalyticsStore } from '../../src/platform/analytics-store/analytics-migrations.js';

const temporary = useTemporaryStore('loupe-session-hostnames-');

/** An event of session `session` at `hm` on 2026-03-01 on `hostname`; a custom event when `name` is given. */
const event = (session: string, hm: string, hostname: string, options: { start?: string; name?: string } = {}) => ({
  site_id: 1,
  session_id: session,
  timestamp: `2026-03-01 ${hm}:00.000`,
  ...(options.start === undefined ? {} : { session_start: `2026-03-01 ${options.start}:00.000` }),
  type: options.name === undefined ? 'pageview' : 'custom_event',
  event_name: options.name ?? '',
  pathname: `/${hm}`,
  hostname,
  country: 'DE',
  channel: 'Direct',
  user_id: `visitor-${session}`,
  event_id: crypto.randomUUID(),
});

/** The merged rows: id, start, pageviews, entry and exit, first channel, country, agreement, first hostname, event names. */
const stored = () =>
  temporary.store
    .query<Record<string, string>>(
      `SELECT toString(session_id) AS id, toString(session_start) AS start, toString(pageviews) AS pv, substring(entry_page, 24) AS entry,
         substring(exit_page, 24) AS exit, substring(first_channel, 24) AS channel, country, toString(attributes_changed) AS changed,
         substring(first_hostname, 24) AS hostname, toString(event_names) AS names
       FROM sessions FINAL ORDER BY id`,
    )
    .then((rows) => rows.map((row) => Object.values(row)));

const rowCount = async () => (await temporary.store.query<{ rows: string }>('SELECT toString(count()) AS rows FROM sessions'))[0]?.rows;

it('gives existing sessions their first hostname and event names, and keeps both up to date', async () => {
  // Session 1 predates migration 0004 (its events carry no start; 0004 keyed it by its first event).
  await migrateAnalyticsStore(temporary.store, migrationsUpTo(temporary.root, '0003'));
  await temporary.store.insert('events', [event('1', '10:00', 'a.example'), event('1', '10:01', 'b.example', { name: 'signup' })]);
  await migrateAnalyticsStore(temporary.store, migrationsUpTo(temporary.root, '0011'));
  // Session 2 spans two inserts and two hosts; 3 has no pageview and the same event twice.
  await temporary.store.insert('events', [event('2', '11:00', 'b.example', { start: '11:00' }), event('3', '12:00', 'c.example', { start: '12:00', name: 'play' })]);
  await temporary.store.insert('events', [event('2', '11:01', 'a.example', { start: '11:00', name: 'signup' }), event('3', '12:01', 'c.example', { start: '12:00', name: 'play' })]);

  expect(await migrateAnalyticsStore(temporary.store, migrationsUpTo(temporary.root, '0012'))).toEqual(['0012_session_hostnames_and_events']);
  const expected = [
    ['1', '2026-03-01 10:00:00.000', '1', '/10:00', '/10:00', 'Direct', 'DE', '0', 'a.example', "(['signup'],[1])"],
    ['2', '2026-03-01 11:00:00.000', '1', '/11:00', '/11:00', 'Direct', 'DE', '0', 'b.example', "(['signup'],[1])"],
    ['3', '2026-03-01 12:00:00.000', '0', '', '', 'Direct', 'DE', '0', 'c.example', "(['play'],[2])"],
  ];
  expect(await stored()).toEqual(expected);
  // One merged row per session: no phantom row for the pre-0004 session.
  expect(await rowCount()).toBe('3');

  // Later inserts: session 2 fires another signup and a download on a third host.
  await temporary.store.insert('events', [
    event('2', '11:02', 'c.example', { start: '11:00', name: 'signup' }),
    event('2', '11:03', 'c.example', { start: '11:00', name: 'download' }),
  ]);
  expect((await stored())[1]).toEqual(['2', '2026-03-01 11:00:00.000', '1', '/11:00', '/11:00', 'Direct', 'DE', '0', 'b.example', "(['download','signup'],[1,2])"]);
});

it('counts no event twice when the backfill runs again after an interruption', async () => {
  await migrateAnalyticsStore(temporary.store, migrationsUpTo(temporary.root, '0011'));
  await temporary.store.insert('events', [
    event('1', '10:00', 'a.example', { start: '10:00' }),
    event('1', '10:01', 'a.example', { start: '10:00', name: 'signup' }),
    event('2', '10:05', 'b.example', { start: '10:05' }),
  ]);
  const upTo0012 = migrationsUpTo(temporary.root, '0012');
  await migrateAnalyticsStore(temporary.store, upTo0012);
  const once = await stored();
  expect(once.map((row) => row.slice(-2))).toEqual([['a.example', "(['signup'],[1])"], ['b.example', '([],[])']]);
  // The migration is recorded only after its last statement: a crash before that runs all of it again.
  await temporary.store.command("ALTER TABLE schema_migrations DELETE WHERE version = '0012_session_hostnames_and_events' SETTINGS mutations_sync = 1");
  expect(await migrateAnalyticsStore(temporary.store, upTo0012)).toEqual(['0012_session_hostnames_and_events']);
  expect(await stored()).toEqual(once);
});
