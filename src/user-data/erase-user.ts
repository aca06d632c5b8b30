// Erasing one person's analytics data from a site: their events (and the tables copied from them), their
// sessions, and their identity rows; every other person's rows stay as they were.
import { randomBytes } from 'node:crypto';
import type { AnalyticsStore, QueryParams } from '../platform/analytics-store/analytics-store.js';

/**
 * The person's events, keyed as the users reports key people: events identified as them, and the
 * unidentified events of their devices (the person's own key and every device identify linked to them).
 * A linked device's events identified as someone else stay theirs.
 */
const PERSON_EVENTS = `site_id = {siteId:UInt32} AND (identified_user_id = {person:String}
  OR (identified_user_id = '' AND user_id IN {devices:Array(String)}))`;

/** Tables holding a copy of event rows (filled by views on `events`), with the same columns. */
const EVENT_TABLES = ['events', 'action_events', 'performance_events'] as const;

export interface ErasedCounts {
  readonly events: number;
  readonly sessions: number;
  readonly identities: number;
}

async function linkedDevices(store: AnalyticsStore, siteId: number, person: string): Promise<string[]> {
  const rows = await store.query<{ device: string }>(
    `SELECT DISTINCT user_id AS device FROM user_identities
     WHERE site_id = {siteId:UInt32} AND identified_user_id = {person:String} AND user_id != ''`,
    { siteId, person },
  );
  return [person, ...rows.map((row) => row.device).filter((device) => device !== person)];
}

/** The person's sessions, split into those holding only their events and those shared with someone else's. */
async function touchedSessions(store: AnalyticsStore, params: QueryParams): Promise<{ all: string[]; shared: string[] }> {
  const rows = await store.query<{ session: string; others: string }>(
    `SELECT toString(session_id) AS session, countIf(NOT (${PERSON_EVENTS})) AS others FROM events
     WHERE site_id = {siteId:UInt32} AND session_id IN (SELECT session_id FROM events WHERE ${PERSON_EVENTS})
     GROUP BY session_id`,
    params,
  );
  return { all: rows.map((row) => row.session), shared: rows.filter((row) => Number(row.others) > 0).map((row) => row.session) };
}

async function countOf(store: AnalyticsStore, sql: string, params: QueryParams): Promise<number> {
  const [row] = await store.query<{ n: string }>(sql, params);
  return Number(row?.n ?? 0);
}

/**
 * Deletes the person's rows. A session shared with another person's events (a device used by two people
 * in one visit) has its other events set aside, removed and stored again, so the session row the view
 * builds from them describes those events alone. Returns what was removed.
 */
export async function eraseUser(store: AnalyticsStore, siteId: number, person: string): Promise<ErasedCounts> {
  const devices = await linkedDevices(store, siteId, person);
  const params = { siteId, person, devices };
  const events = await countOf(store, `SELECT count() AS n FROM events WHERE ${PERSON_EVENTS}`, params);
  const identities = await countOf(
    store,
    'SELECT count() AS n FROM user_identities WHERE site_id = {siteId:UInt32} AND (identified_user_id = {person:String} OR user_id = {person:String})',
    params,
  );
  const sessions = await touchedSessions(store, params);
  const scoped = { ...params, sessions: sessions.all, shared: sessions.shared };
  const keep = sessions.shared.length > 0 ? await setAsideOthers(store, scoped) : undefined;
  for (const table of EVENT_TABLES) {
    await store.command(`DELETE FROM ${table} WHERE ${PERSON_EVENTS} OR (site_id = {siteId:UInt32} AND session_id IN (SELECT toUInt64(arrayJoin({shared:Array(String)}))))`, scoped);
  }
  if (sessions.all.length > 0) {
    await store.command('DELETE FROM sessions WHERE site_id = {siteId:UInt32} AND session_id IN (SELECT toUInt64(arrayJoin({sessions:Array(String)})))', scoped);
  }
  if (keep) await restoreOthers(store, keep);
  await store.command(
    'DELETE FROM user_identities WHERE site_id = {siteId:UInt32} AND (identified_user_id = {person:String} OR user_id = {person:String})',
    params,
  );
  return { events, sessions: sessions.all.length - sessions.shared.length, identities };
}

/** Copies the other people's events of the shared sessions to a scratch table; returns its name. */
async function setAsideOthers(store: AnalyticsStore, params: QueryParams): Promise<string> {
  const scratch = `erase_scratch_${randomBytes(6).toString('hex')}`;
  await store.command(`CREATE TABLE ${scratch} AS events`);
  await store.command(
    `INSERT INTO ${scratch} SELECT * FROM events
     WHERE site_id = {siteId:UInt32} AND session_id IN (SELECT toUInt64(arrayJoin({shared:Array(String)}))) AND NOT (${PERSON_EVENTS})`,
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
