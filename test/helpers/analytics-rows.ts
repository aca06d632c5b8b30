// Reads the analytics store in tests: flushes the ingestion buffers first, then runs a bound ClickHouse query.
import type { QueryParams } from '../../src/platform/analytics-store/analytics-store.js';
import type { LoupeApp } from '../../src/app.js';

/** Inserts everything acknowledged so far, then returns the rows of `sql` (bound `{name:Type}` params). */
export async function rows<T = Record<string, unknown>>(t: Pick<LoupeApp, 'services'>, sql: string, params: QueryParams = {}): Promise<T[]> {
  await t.services.ingestion.flush();
  return t.services.analytics.query<T>(sql, params);
}

/** The number of rows of `table` for one site (after a flush). */
export async function countRows(t: Pick<LoupeApp, 'services'>, table: 'events' | 'bot_events' | 'user_identities', siteId: number): Promise<number> {
  const result = await rows<{ n: string }>(t, `SELECT count() AS n FROM ${table} WHERE site_id = {site:UInt32}`, { site: siteId });
  return Number(result[0]?.n ?? 0);
}
