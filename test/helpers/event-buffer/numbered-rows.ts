// Test rows that carry a sequence number, so a test can check that each acknowledged row is stored exactly once.
import type { AnalyticsRow, AnalyticsStore } from '../../../src/platform/analytics-store/analytics-store.js';

/** UUID whose last 12 hex digits are `n`: unique per number and readable in a failing assertion. */
export function numberedUuid(n: number): string {
  return `00000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;
}

export function numberedEventRow(n: number): AnalyticsRow {
  return {
    site_id: 1,
    timestamp: '2025-03-01 12:00:00.000',
    event_id: numberedUuid(n),
    type: 'pageview',
    pathname: `/n/${n}`,
    url_parameters: { n: String(n) },
  };
}

export function numberedBotRow(n: number): AnalyticsRow {
  return { site_id: 1, timestamp: '2025-03-01 12:00:00.000', event_id: numberedUuid(n), bot_name: `bot-${n}` };
}

/** How many times each number is stored in `table` (rows made by the functions above). */
export async function storedNumberCounts(store: AnalyticsStore, table: 'events' | 'bot_events'): Promise<Map<number, number>> {
  const rows = await store.query<{ id: string; copies: string }>(
    'SELECT toString(event_id) AS id, count() AS copies FROM {table:Identifier} GROUP BY id',
    { table },
  );
  return new Map(rows.map((row) => [Number.parseInt(row.id.slice(-12), 16), Number(row.copies)]));
}
