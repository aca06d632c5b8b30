// Migration 0011 on a store that already holds sessions: a session whose events disagree on a visitor
// attribute is marked (also when each of its two rows agrees alone), one that agrees is not; afterwards the
// view marks a row whose events disagree or one of which the ingestion marked.
import { expect, it } from 'vitest';
import { migrationsUpTo } from '../helpers/migrations-up-to.js';
import { useTemporaryStore } from '../helpers/temporary-store.js';
import { migrateAnalyticsStore } from '../../src/platform/analytics-store/analytics-migrations.js';

const temporary = useTemporaryStore('loupe-session-attribute-changes-', { migratedUpTo: '0010' });

const event = (session: string, hm: string, country: string, extra: Record<string, unknown> = {}) => ({
  site_id: 1,
  session_id: session,
  timestamp: `2026-03-01 ${hm}:00.000`,
  session_start: `2026-03-01 ${session.padStart(2, '0')}:00:00.000`,
  type: 'pageview',
  pathname: `/${hm}`,
  country,
  user_id: `visitor-${session}`,
  event_id: crypto.randomUUID(),
  ...extra,
});

const marks = async () =>
  (await temporary.store.query<{ id: string; changed: number }>('SELECT toString(session_id) AS id, attributes_changed AS changed FROM sessions FINAL ORDER BY id'))
    .map((row) => [row.id, Number(row.changed)]);

/** The sessions a plain read (no FINAL) finds marked, as the reports look for them. */
const markedByAnyRow = async () =>
  (await temporary.store.query<{ id: string }>('SELECT DISTINCT toString(session_id) AS id FROM sessions WHERE attributes_changed = 1 ORDER BY id')).map((row) => row.id);

it('marks the existing sessions whose events disagree, and later rows by their events and the ingestion', async () => {
  // 1 agrees over two inserts; 2 changes country inside one insert; 3 changes it between two inserts.
  await temporary.store.insert('events', [event('1', '01:00', 'US'), event('2', '02:00', 'US'), event('2', '02:01', 'FR')]);
  await temporary.store.insert('events', [event('1', '01:01', 'US'), event('3', '03:00', 'US')]);
  await temporary.store.insert('events', [event('3', '03:01', 'CA')]);

  expect(await migrateAnalyticsStore(temporary.store, migrationsUpTo(temporary.root, '0011'))).toEqual(['0011_session_attribute_changes']);
  expect(await marks()).toEqual([['1', 0], ['2', 1], ['3', 1]]);

  // After it: 4 disagrees inside one insert (the view marks it); 5's second event was marked by the
  // ingestion; 6 agrees; and 1 goes on agreeing.
  await temporary.store.insert('events', [event('4', '04:00', 'US'), event('4', '04:01', 'DE'), event('5', '05:00', 'US'), event('6', '06:00', 'JP')]);
  await temporary.store.insert('events', [event('5', '05:01', 'GB', { attributes_changed: 1 }), event('6', '06:01', 'JP'), event('1', '01:02', 'US')]);
  expect(await marks()).toEqual([['1', 0], ['2', 1], ['3', 1], ['4', 1], ['5', 1], ['6', 0]]);
  expect(await markedByAnyRow()).toEqual(['2', '3', '4', '5']);
});
