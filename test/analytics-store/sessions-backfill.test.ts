// Migration 0004 on a store that already holds events: their sessions are backfilled once, merged, and new
// events of the same sessions keep merging into the same rows.
import { expect, it } from 'vitest';
import { migrationsUpTo } from '../helpers/migrations-up-to.js';
import { useTemporaryStore } from '../helpers/temporary-store.js';
import { migrateAnalyticsStore } from '../../src/platform/analytics-store/analytics-migrations.js';

const temporary = useTemporaryStore('loupe-sessions-backfill-');

const event = (session: string, timestamp: string, type = 'pageview', pathname = '/') => ({
  site_id: 1, session_id: session, timestamp, type, pathname, user_id: `visitor-${session}`, event_id: crypto.randomUUID(),
});

const sessionRows = () =>
  temporary.store.query<Record<string, string>>(
    `SELECT toString(session_id) AS id, toString(session_start) AS start, toString(first_at) AS first, toString(last_at) AS last,
       toString(pageviews) AS pv, substring(entry_page, 24) AS entry, substring(exit_page, 24) AS exit
     FROM sessions FINAL ORDER BY id`,
  );

it('backfills the sessions of earlier events, keyed by their first event, and merges them into one row each', async () => {
  await migrateAnalyticsStore(temporary.store, migrationsUpTo(temporary.root, '0003'));
  await temporary.store.insert('events', [event('1', '2026-03-01 10:00:00.000', 'pageview', '/in'), event('1', '2026-03-01 10:05:00.000', 'custom_event')]);
  await temporary.store.insert('events', [event('1', '2026-03-01 10:09:00.000', 'pageview', '/out'), event('2', '2026-03-02 08:00:00.000')]);

  expect(await migrateAnalyticsStore(temporary.store, migrationsUpTo(temporary.root, '0004'))).toEqual(['0004_sessions']);
  const expected = [
    { id: '1', start: '2026-03-01 10:00:00.000', first: '2026-03-01 10:00:00.000', last: '2026-03-01 10:09:00.000', pv: '2', entry: '/in', exit: '/out' },
    { id: '2', start: '2026-03-02 08:00:00.000', first: '2026-03-02 08:00:00.000', last: '2026-03-02 08:00:00.000', pv: '1', entry: '/', exit: '/' },
  ];
  expect(await sessionRows()).toEqual(expected);
  const [stored] = await temporary.store.query<{ rows: string }>('SELECT toString(count()) AS rows FROM sessions');
  expect(stored?.rows).toBe('2');

  // Ingestion sends the start the backfill chose (the session store opened the session at its first event).
  await temporary.store.insert('events', [{ ...event('2', '2026-03-02 08:10:00.000', 'pageview', '/later'), session_start: '2026-03-02 08:00:00.000' }]);
  expect((await sessionRows())[1]).toEqual({ ...expected[1], last: '2026-03-02 08:10:00.000', pv: '2', exit: '/later' });
});

it('adds each session once when the backfill runs again after an interruption', async () => {
  await migrateAnalyticsStore(temporary.store, migrationsUpTo(temporary.root, '0003'));
  await temporary.store.insert('events', [event('1', '2026-03-01 10:00:00.000'), event('2', '2026-03-01 11:00:00.000')]);
  // The migration is recorded only after its last statement: a crash before that runs all of it again
  // (before any later migration, which runs only after it is recorded).
  const upTo0004 = migrationsUpTo(temporary.root, '0004');
  await migrateAnalyticsStore(temporary.store, upTo0004);
  await temporary.store.command("ALTER TABLE schema_migrations DELETE WHERE version = '0004_sessions' SETTINGS mutations_sync = 1");
  expect(await migrateAnalyticsStore(temporary.store, upTo0004)).toEqual(['0004_sessions']);
  expect((await sessionRows()).map((row) => [row.id, row.pv])).toEqual([['1', '1'], ['2', '1']]);
  const [stored] = await temporary.store.query<{ rows: string }>('SELECT toString(count()) AS rows FROM sessions');
  expect(stored?.rows).toBe('2');
});
