// Deletes a site's analytics data older than its retention: events and their copies, bot events, sessions,
// page visits and page views that ended before the cutoff, identity rows, people's days before it; a session running
// across the cutoff keeps its later events and is rebuilt from them, and so does a person's day across it.
import type { AnalyticsStore } from '../platform/analytics-store/analytics-store.js';
import { toClickHouseDateTime } from '../stats/time-range.js';
import { markVisitorLinksStale } from '../stats/visitor-links.js';
import { countOf, eraseEvents, rewriteUserDays } from '../user-data/index.js';

const DAY_MS = 86_400_000;

/** Tables whose rows are deleted by their `timestamp`, in this order (the views' copies before bot events). */
const TIMESTAMPED_TABLES = ['events', 'action_events', 'performance_events', 'bot_events', 'user_identities'] as const;

export type SweptCounts = Record<(typeof TIMESTAMPED_TABLES)[number] | 'sessions', number>;

export function retentionCutoff(now: number, retentionDays: number): Date {
  return new Date(now - retentionDays * DAY_MS);
}

/** Sessions of the site with events on both sides of the cutoff (read from their own rows). */
async function sessionsAcross(store: AnalyticsStore, params: { siteId: number; cutoff: string }): Promise<string[]> {
  const rows = await store.query<{ id: string }>(
    `SELECT DISTINCT toString(session_id) AS id FROM sessions
     WHERE site_id = {siteId:UInt32} AND last_at >= {cutoff:DateTime64(3, 'UTC')} AND first_at < {cutoff:DateTime64(3, 'UTC')}`,
    params,
  );
  return rows.map((row) => row.id);
}

async function deleteWhere(store: AnalyticsStore, table: string, where: string, params: { siteId: number; cutoff: string }): Promise<number> {
  const rows = await countOf(store, `SELECT count() AS n FROM ${table} WHERE ${where}`, params);
  // A delete is a mutation of every part it may touch: skipped when nothing is old enough.
  if (rows > 0) await store.command(`DELETE FROM ${table} WHERE ${where}`, params);
  return rows;
}

/** Deletes what the site holds from before `cutoff`; returns the rows deleted per table. */
export async function sweepSite(store: AnalyticsStore, siteId: number, cutoff: Date): Promise<SweptCounts> {
  const params = { siteId, cutoff: toClickHouseDateTime(cutoff) };
  const across = await sessionsAcross(store, params);
  let rebuilt = 0;
  if (across.length > 0) {
    const erased = await eraseEvents(store, {
      // The sessions as an array, not a subquery: erase-events.ts reads the selection inside a delete's subquery.
      where: `site_id = {siteId:UInt32} AND timestamp < {cutoff:DateTime64(3, 'UTC')} AND session_id IN {across:Array(UInt64)}`,
      params: { ...params, across: across.map(BigInt) },
    });
    rebuilt = erased.events;
  }
  // People's days (migration 0030): the cutoff's day is written again from its events after the cutoff (while the
  // events before it are still there to find its people), the days before it go whole after the events.
  const cutoffDay = { ...params, cutoffDay: toClickHouseDateTime(new Date(Math.floor(cutoff.getTime() / DAY_MS) * DAY_MS)) };
  const beforeCutoff = "site_id = {siteId:UInt32} AND timestamp >= {cutoffDay:DateTime64(3, 'UTC')} AND timestamp < {cutoff:DateTime64(3, 'UTC')}";
  await rewriteUserDays(store, { where: beforeCutoff, params: cutoffDay });
  const counts: Partial<SweptCounts> = {};
  for (const table of TIMESTAMPED_TABLES) {
    counts[table] = await deleteWhere(store, table, "site_id = {siteId:UInt32} AND timestamp < {cutoff:DateTime64(3, 'UTC')}", params);
  }
  const sessions = await deleteWhere(store, 'sessions', "site_id = {siteId:UInt32} AND last_at < {cutoff:DateTime64(3, 'UTC')}", params);
  // Links of the sessions kept may point at those deleted (the sessions rebuilt above marked them already).
  if (sessions > 0) await markVisitorLinksStale(store, siteId);
  // Page visits (migration 0021) by their last engagement: no session crosses the cutoff any more.
  await deleteWhere(store, 'page_visits', "site_id = {siteId:UInt32} AND last_at < {cutoff:DateTime64(3, 'UTC')}", params);
  // Page views (migration 0022) by their last pageview, likewise.
  await deleteWhere(store, 'page_views_by_kind', "site_id = {siteId:UInt32} AND last_at < {cutoff:DateTime64(3, 'UTC')}", params);
  await deleteWhere(store, 'user_days', "site_id = {siteId:UInt32} AND day < toDate({cutoff:DateTime64(3, 'UTC')})", params);
  // Recordings expire by their own retention (the tables' TTL); a shorter data retention removes them too.
  await deleteWhere(store, 'session_replay_batches', "site_id = {siteId:UInt32} AND last_at < {cutoff:DateTime64(3, 'UTC')}", params);
  await deleteWhere(store, 'session_replay_metadata', "site_id = {siteId:UInt32} AND end_time < {cutoff:DateTime64(3, 'UTC')}", params);
  return { ...(counts as SweptCounts), events: (counts.events ?? 0) + rebuilt, sessions };
}
