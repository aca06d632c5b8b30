// Migrations 0006 and 0007 on a store that already holds events: the rows of their types are copied once
// into performance_events and action_events, later inserts copy theirs, and a rerun after an interruption
// copies nothing twice.
import { describe, expect, it } from 'vitest';
import { migrationsUpTo } from '../helpers/migrations-up-to.js';
import { useTemporaryStore } from '../helpers/temporary-store.js';
import { migrateAnalyticsStore } from '../../src/platform/analytics-store/analytics-migrations.js';

const COPIES = [
  { migration: '0006_performance_events', before: '0005', table: 'performance_events', types: ['performance'] },
  {
    migration: '0007_action_events',
    before: '0006',
    table: 'action_events',
    types: ['button_click', 'copy', 'custom_event', 'error', 'form_submit', 'input_change', 'outbound'],
  },
] as const;

const ALL_TYPES = ['pageview', 'performance', 'custom_event', 'outbound', 'error', 'button_click', 'copy', 'form_submit', 'input_change'];

describe.each(COPIES)('migration $migration', ({ migration, before, table, types }) => {
  const temporary = useTemporaryStore(`loupe-${table}-`);
  const version = migration.slice(0, 4);

  /** The event stored at that second: every type in turn. */
  const event = (second: number) => {
    const type = ALL_TYPES[second % ALL_TYPES.length] ?? '';
    return {
      site_id: 1, session_id: '1', session_start: '2026-03-01 10:00:00.000', timestamp: `2026-03-01 10:00:${String(second).padStart(2, '0')}.000`,
      type, pathname: `/${type}`, lcp: type === 'performance' ? 1000 + second : null, user_id: 'visitor', event_id: crypto.randomUUID(),
    };
  };
  const seconds = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, index) => from + index);
  const copied = () =>
    temporary.store.query<{ at: string; type: string; pathname: string; lcp: number | null }>(
      `SELECT toString(timestamp) AS at, type, pathname, lcp FROM ${table} ORDER BY timestamp`,
    );
  const expected = (stored: readonly number[]) =>
    stored.flatMap((second) => {
      const row = event(second);
      return (types as readonly string[]).includes(row.type) ? [{ at: row.timestamp, type: row.type, pathname: row.pathname, lcp: row.lcp }] : [];
    });

  it('copies the stored rows of its types once, then every new one, with their columns', async () => {
    await migrateAnalyticsStore(temporary.store, migrationsUpTo(temporary.root, before));
    await temporary.store.insert('events', seconds(0, 8).map(event));

    expect(await migrateAnalyticsStore(temporary.store, migrationsUpTo(temporary.root, version))).toEqual([migration]);
    expect(await copied()).toEqual(expected(seconds(0, 8)));

    await temporary.store.insert('events', seconds(9, 17).map(event));
    expect(await copied()).toEqual(expected(seconds(0, 17)));

    // The migration is recorded after its last statement: an interrupted run starts over and copies nothing twice.
    await temporary.store.command(`ALTER TABLE schema_migrations DELETE WHERE version = '${migration}' SETTINGS mutations_sync = 1`);
    expect(await migrateAnalyticsStore(temporary.store, migrationsUpTo(temporary.root, version))).toEqual([migration]);
    expect(await copied()).toHaveLength(2 * types.length);
  });
});
