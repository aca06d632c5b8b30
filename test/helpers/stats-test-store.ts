// Test support for the stats builders: a migrated chDB store in a temp dir, and event rows to seed it with.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AnalyticsRow } from '../../src/platform/analytics-store/analytics-store.js';
import type { ChdbStore } from '../../src/platform/analytics-store/chdb-store.js';
import type { SqlFragment } from '../../src/stats/sql-fragment.js';
import { openMigratedChdbStore } from './migrated-store.js';

export interface StatsTestStore {
  readonly store: ChdbStore;
  /** `ip` of the events matching `where`, sorted: seeded rows use `ip` as their test label. */
  labelsWhere(where: SqlFragment): Promise<string[]>;
  close(): Promise<void>;
}

export async function openStatsTestStore(): Promise<StatsTestStore> {
  const dir = mkdtempSync(join(tmpdir(), 'loupe-stats-'));
  const store = await openMigratedChdbStore(dir);
  return {
    store,
    async labelsWhere(where) {
      const rows = await store.query<{ ip: string }>(`SELECT ip FROM events WHERE ${where.sql} ORDER BY ip`, where.params);
      return rows.map((row) => row.ip);
    },
    async close() {
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export interface SeedEvent {
  readonly label: string;
  readonly at: string;
  readonly site_id?: number;
  readonly session_id?: number;
  readonly [column: string]: unknown;
}

/** An events row: `label` goes to `ip`, `at` (ISO 8601) to `timestamp`; other columns default. */
export function eventRow(event: SeedEvent): AnalyticsRow {
  const { label, at, ...columns } = event;
  return {
    site_id: 1,
    session_id: 1,
    event_id: randomUUID(),
    type: 'pageview',
    ...columns,
    ip: label,
    timestamp: new Date(at).toISOString().slice(0, 23).replace('T', ' '),
  };
}
