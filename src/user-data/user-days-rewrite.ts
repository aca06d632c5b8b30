// Keeping `user_days` (analytics migration 0030) equal to the events when events are removed: the rows of every
// (person, UTC day) a removal touches are written again from that person's other events of the day.
import type { AnalyticsStore } from '../platform/analytics-store/analytics-store.js';
import type { EventSelection } from './event-selection.js';

/** The (person, day) pairs holding one of the events about to be removed. */
const touchedPairs = (where: string) => `(SELECT user_key_hash, toDate(timestamp) FROM events WHERE ${where})`;

/**
 * Rewrites the `user_days` rows of the (person, day) pairs that the events matching `removed` belong to, from
 * the events that stay: call it before those events are deleted. A day row adds up a person's events of the
 * day (first, last, counts), which cannot be taken back from a sum, so the pair's rows are deleted and written
 * again from its remaining events. Events removed and then stored again (a shared session rebuilt by erase-events.ts)
 * belong in `removed`: storing them again adds their rows back through the view. `removed` must hold no subquery:
 * the embedded engine (chDB 26.7) never finished a delete whose subquery held another (bind arrays instead).
 */
export async function rewriteUserDays(store: AnalyticsStore, removed: EventSelection): Promise<void> {
  // A delete is a mutation of every part it may touch: skipped when no event is to go.
  const [found] = await store.query<{ n: string }>(`SELECT count() AS n FROM events WHERE ${removed.where}`, removed.params);
  if (Number(found?.n ?? 0) === 0) return;
  await store.command(
    `DELETE FROM user_days WHERE site_id = {siteId:UInt32} AND (user_key_hash, day) IN ${touchedPairs(removed.where)}`,
    removed.params,
  );
  await store.command(
    // No block deduplication: the same rows written again by a later removal must be stored too.
    `INSERT INTO user_days SETTINGS insert_deduplicate = 0
     SELECT site_id, toDate(timestamp) AS day, user_key_hash, min(timestamp), max(timestamp), countIf(type = 'pageview'), countIf(type = 'custom_event')
     FROM events
     WHERE site_id = {siteId:UInt32} AND NOT (${removed.where}) AND (user_key_hash, toDate(timestamp)) IN ${touchedPairs(removed.where)}
     GROUP BY site_id, day, user_key_hash`,
    removed.params,
  );
}
