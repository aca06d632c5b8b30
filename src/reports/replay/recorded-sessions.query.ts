// Which of a page of sessions have a playable recording (at least two rrweb events stored, as Rybbit
// counts it), so session rows can carry `has_replay` and the dashboard can offer "Watch replay" only then.
import type { AnalyticsStore } from '../../platform/analytics-store/analytics-store.js';

/** The rrweb events a recording needs before the player can show it (a meta event and a full snapshot). */
export const PLAYABLE_EVENTS = 2;

/** The ids (decimal text) among `sessionIds` of the site whose recording holds at least two events. */
export async function recordedSessions(store: AnalyticsStore, siteId: number, sessionIds: readonly (bigint | string)[]): Promise<Set<string>> {
  if (sessionIds.length === 0) return new Set();
  const rows = await store.query<{ id: string }>(
    `SELECT toString(session_id) AS id FROM session_replay_batches
     WHERE site_id = {site_id:UInt32} AND session_id IN {session_ids:Array(UInt64)}
     GROUP BY session_id HAVING sum(event_count) >= {playable:UInt32}`,
    { site_id: siteId, session_ids: sessionIds.map((id) => BigInt(id)), playable: PLAYABLE_EVENTS },
  );
  return new Set(rows.map((row) => row.id));
}

/** Rows with `has_replay` (1 or 0, Rybbit's form) added from one lookup of their sessions. */
export async function withReplayFlags<T extends { readonly session_id: string }>(store: AnalyticsStore, siteId: number, rows: readonly T[]): Promise<Array<T & { has_replay: number }>> {
  const recorded = await recordedSessions(store, siteId, rows.map((row) => row.session_id));
  return rows.map((row) => ({ ...row, has_replay: recorded.has(row.session_id) ? 1 : 0 }));
}
