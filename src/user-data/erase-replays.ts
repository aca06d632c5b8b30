// Erasing session recordings with the person, visitor or session they belong to: both replay tables.
import type { AnalyticsStore, QueryParams } from '../platform/analytics-store/analytics-store.js';

/**
 * Deletes the recordings of the sessions whose metadata matches `where` (over session_replay_metadata's
 * columns, bound names from `params`); returns how many recorded sessions there were.
 */
export async function eraseReplays(store: AnalyticsStore, where: string, params: QueryParams): Promise<number> {
  const rows = await store.query<{ id: string }>(
    `SELECT DISTINCT toString(session_id) AS id FROM session_replay_metadata WHERE site_id = {siteId:UInt32} AND (${where})`,
    params,
  );
  if (rows.length === 0) return 0;
  const sessions = { ...params, replay_sessions: rows.map((row) => row.id) };
  const bySession = 'site_id = {siteId:UInt32} AND session_id IN (SELECT toUInt64(arrayJoin({replay_sessions:Array(String)})))';
  await store.command(`DELETE FROM session_replay_batches WHERE ${bySession}`, sessions);
  await store.command(`DELETE FROM session_replay_metadata WHERE ${bySession}`, sessions);
  return rows.length;
}
