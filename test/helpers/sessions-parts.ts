// Shared by the tests of the migrations that decide the `sessions` parts' format (0028, 0041).
import type { AnalyticsStore } from '../../src/platform/analytics-store/analytics-store.js';

/** `count` sessions of site 7 from id `first`, each with a referrer of about 6 KB (3 pageviews each when asked). */
export function longReferrerSessions(first: number, count: number, pageviews: number): Record<string, unknown>[] {
  return Array.from({ length: count }, (_, i) => ({
    site_id: 7, session_id: String(first + i), session_start: '2026-03-01 10:00:00.000', first_at: '2026-03-01 10:00:00.000',
    last_at: '2026-03-01 10:05:00.000', pageviews, first_referrer: `https://example.com/${String(first + i).padStart(6, '0')}/${'r'.repeat(6000)}`,
  }));
}

/** The format of each active part of `sessions`, in name order. */
export async function sessionPartTypes(store: AnalyticsStore): Promise<string[]> {
  const rows = await store.query<{ part_type: string }>(
    `SELECT part_type FROM system.parts WHERE database = currentDatabase() AND table = 'sessions' AND active ORDER BY name`,
  );
  return rows.map((row) => row.part_type);
}
