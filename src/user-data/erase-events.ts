// Erasing a selection of a site's events (one person's, one visitor's, one session's): the events, the tables
// copied from them, the sessions, page visits and page views they built, and the people's days they count in; a
// session shared with events outside the selection is rebuilt from those events alone.
import { randomBytes } from 'node:crypto';
import type { AnalyticsStore, QueryParams } from '../platform/analytics-store/analytics-store.js';
import { markVisitorLinksStale } from '../stats/visitor-links.js';
import type { EventSelection } from './event-selection.js';
import { rewriteUserDays } from './user-days-rewrite.js';

/** Tables holding a copy of event rows (filled by views on `events`), with the same columns. */
const EVENT_TABLES = ['events', 'action_events', 'performance_events'] as const;

/** Tables holding rows per session (filled by views on `events`): removed whole for every session touched, then rebuilt. */
const SESSION_TABLES = ['sessions', 'page_visits', 'page_views_by_kind'] as const;

export interface ErasedEvents {
  readonly events: number;
  /** Sessions removed whole (a shared session stays, rebuilt). */
  readonly sessions: number;
  /** The ids of every session the selection touched, as decimal strings. */
  readonly sessionIds: readonly string[];
}

/** The selection's sessions, split into those holding only selected events and those shared with others. */
async function touchedSessions(store: AnalyticsStore, selection: EventSelection): Promise<{ all: string[]; shared: string[] }> {
  const rows = await store.query<{ session: string; others: string }>(
    `SELECT toString(session_id) AS session, countIf(NOT (${selection.where})) AS others FROM events
     WHERE site_id = {siteId:UInt32} AND session_id IN (SELECT session_id FROM events WHERE ${selection.where})
     GROUP BY session_id`,
    selection.params,
  );
  return { all: rows.map((row) => row.session), shared: rows.filter((row) => Number(row.others) > 0).map((row) => row.session) };
}

export async function countOf(store: AnalyticsStore, sql: string, params: QueryParams): Promise<number> {
  const [row] = await store.query<{ n: string }>(sql, params);
  return Number(row?.n ?? 0);
}

/**
 * Deletes the selected events. A session shared with other events (a device used by two people in one
 * visit) has its other events set aside, removed and stored again, so the session row the view builds from
 * them describes those events alone. Returns what was removed.
 */
export async function eraseEvents(store: AnalyticsStore, selection: EventSelection): Promise<ErasedEvents> {
  const events = await countOf(store, `SELECT count() AS n FROM events WHERE ${selection.where}`, selection.params);
  const sessions = await touchedSessions(store, selection);
  const scoped = { ...selection.params, sessions: sessions.all, shared: sessions.shared, shared_ids: sessions.shared.map(BigInt) };
  const keep = sessions.shared.length > 0 ? await setAsideOthers(store, selection.where, scoped) : undefined;
  // The shared sessions as an array (no subquery): the rewrite of people's days runs this inside a delete's subquery.
  const removed = `${selection.where} OR (site_id = {siteId:UInt32} AND session_id IN {shared_ids:Array(UInt64)})`;
  // People's days (migration 0030) are written again from the events that stay, while all of them are there.
  await rewriteUserDays(store, { where: removed, params: scoped });
  for (const table of EVENT_TABLES) {
    await store.command(`DELETE FROM ${table} WHERE ${removed}`, scoped);
  }
  if (sessions.all.length > 0) {
    for (const table of SESSION_TABLES) {
      await store.command(`DELETE FROM ${table} WHERE site_id = {siteId:UInt32} AND session_id IN (SELECT toUInt64(arrayJoin({sessions:Array(String)})))`, scoped);
    }
    // Links of the site's other sessions may point at the sessions removed.
    await markVisitorLinksStale(store, selection.params.siteId);
  }
  if (keep) await restoreOthers(store, keep);
  return { events, sessions: sessions.all.length - sessions.shared.length, sessionIds: sessions.all };
}

/** Copies the other events of the shared sessions to a scratch table; returns its name. */
async function setAsideOthers(store: AnalyticsStore, where: string, params: QueryParams): Promise<string> {
  const scratch = `erase_scratch_${randomBytes(6).toString('hex')}`;
  // An engine of its own: on a cluster `events` is a Distributed table, whose engine a copy would share (its
  // rows would go back into the shards' events at once).
  await store.command(`CREATE TABLE ${scratch} AS events ENGINE = MergeTree ORDER BY (site_id, timestamp)`);
  await store.command(
    `INSERT INTO ${scratch} SELECT * FROM events
     WHERE site_id = {siteId:UInt32} AND session_id IN (SELECT toUInt64(arrayJoin({shared:Array(String)}))) AND NOT (${where})`,
    params,
  );
  return scratch;
}

/** Stores the set-aside events again (the views rebuild their session rows and copies), then drops the scratch table. */
async function restoreOthers(store: AnalyticsStore, scratch: string): Promise<void> {
  // No block deduplication: these rows were stored before, and must be stored again.
  await store.command(`INSERT INTO events SETTINGS insert_deduplicate = 0 SELECT * FROM ${scratch}`);
  await store.command(`DROP TABLE ${scratch}`);
}
