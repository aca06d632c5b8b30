// Migration 0006 on a store that already holds events: its performance samples are copied once into
// performance_events, later inserts copy theirs, and a rerun after an interruption copies nothing twice.
import { expect, it } from 'vitest';
import { migrationsUpTo } from '../../../test/helpers/migrations-up-to.js';
import { useTemporaryStore } from '../../../test/helpers/temporary-store.js';
import { migrateAnalyticsStore } from './analytics-migrations.js';

const temporary = useTemporaryStore('loupe-performance-events-');

const event = (timestamp: string, type: string, lcp: number | null = null) => ({
  site_id: 1, session_id: '1', session_start: '2026-03-01 10:00:00.000', timestamp, type, pathname: '/', lcp, user_id: 'visitor', event_id: crypto.randomUUID(),
});

const copied = () =>
  temporary.store.query<{ at: string; type: string; lcp: number | null }>(
    'SELECT toString(timestamp) AS at, type, lcp FROM performance_events ORDER BY timestamp',
  );

it('copies the stored samples once, then every new one, with their columns', async () => {
  await migrateAnalyticsStore(temporary.store, migrationsUpTo(temporary.root, '0005'));
  await temporary.store.insert('events', [
    event('2026-03-01 10:00:00.000', 'pageview'),
    event('2026-03-01 10:00:05.000', 'performance', 1250.5),
    event('2026-03-01 10:01:00.000', 'custom_event'),
  ]);

  expect(await migrateAnalyticsStore(temporary.store, migrationsUpTo(temporary.root, '0006'))).toEqual(['0006_performance_events']);
  expect(await copied()).toEqual([{ at: '2026-03-01 10:00:05.000', type: 'performance', lcp: 1250.5 }]);

  await temporary.store.insert('events', [event('2026-03-01 10:02:00.000', 'performance', 980), event('2026-03-01 10:02:01.000', 'pageview')]);
  expect(await copied()).toEqual([
    { at: '2026-03-01 10:00:05.000', type: 'performance', lcp: 1250.5 },
    { at: '2026-03-01 10:02:00.000', type: 'performance', lcp: 980 },
  ]);

  // The migration is recorded after its last statement: an interrupted run starts over and copies nothing twice.
  await temporary.store.command("ALTER TABLE schema_migrations DELETE WHERE version = '0006_performance_events' SETTINGS mutations_sync = 1");
  expect(await migrateAnalyticsStore(temporary.store, migrationsUpTo(temporary.root, '0006'))).toEqual(['0006_performance_events']);
  expect(await copied()).toHaveLength(2);
});
