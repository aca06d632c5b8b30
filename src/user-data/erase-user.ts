// Erasing the analytics data of one person, one visitor (device) or one session of a site: their events
// (and what is built from them) and, for people and visitors, their identity rows (links and traits).
import type { AnalyticsStore } from '../platform/analytics-store/analytics-store.js';
import type { EventOwner } from '../webhooks/index.js';
import { countOf, eraseEvents } from './erase-events.js';
import type { EventSelection } from './event-selection.js';
import { eraseReplays } from './erase-replays.js';

/**
 * The person's events, keyed as the users reports key people: events identified as them, and the
 * unidentified events of their devices (the person's own key and every device identify linked to them).
 * A linked device's events identified as someone else stay theirs.
 */
const PERSON_EVENTS = `site_id = {siteId:UInt32} AND (identified_user_id = {person:String}
  OR (identified_user_id = '' AND user_id IN {devices:Array(String)}))`;

/** Every event a device sent, whoever it was identified as. */
const VISITOR_EVENTS = 'site_id = {siteId:UInt32} AND user_id = {visitor:String}';

const SESSION_EVENTS = 'site_id = {siteId:UInt32} AND session_id = {sessionId:UInt64}';

export interface ErasedCounts {
  readonly events: number;
  readonly sessions: number;
  readonly identities: number;
}

/** What an erase removed, and whose data it was (the webhook delivery log is cleared of it next). */
export type Erased = ErasedCounts & { readonly owner: EventOwner };

async function linkedDevices(store: AnalyticsStore, siteId: number, person: string): Promise<string[]> {
  const rows = await store.query<{ device: string }>(
    `SELECT DISTINCT user_id AS device FROM user_identities
     WHERE site_id = {siteId:UInt32} AND identified_user_id = {person:String} AND user_id != ''`,
    { siteId, person },
  );
  return [person, ...rows.map((row) => row.device).filter((device) => device !== person)];
}

/** Deletes identity rows matching `where` (bound names from `params`); returns how many there were. */
async function eraseIdentities(store: AnalyticsStore, where: string, params: EventSelection['params']): Promise<number> {
  const identities = await countOf(store, `SELECT count() AS n FROM user_identities WHERE ${where}`, params);
  if (identities > 0) await store.command(`DELETE FROM user_identities WHERE ${where}`, params);
  return identities;
}

/** The person's rows: events as PERSON_EVENTS says, identity rows naming them as the user or the device. */
export async function eraseUser(store: AnalyticsStore, siteId: number, person: string): Promise<Erased> {
  const devices = await linkedDevices(store, siteId, person);
  const params = { siteId, person, devices };
  const identityRows = 'site_id = {siteId:UInt32} AND (identified_user_id = {person:String} OR user_id = {person:String})';
  const identities = await countOf(store, `SELECT count() AS n FROM user_identities WHERE ${identityRows}`, params);
  const erased = await eraseEvents(store, { where: PERSON_EVENTS, params });
  await eraseReplays(store, "identified_user_id = {person:String} OR (identified_user_id = '' AND user_id IN {devices:Array(String)})", params);
  await eraseIdentities(store, identityRows, params);
  return { events: erased.events, sessions: erased.sessions, identities, owner: { kind: 'person', person, devices } };
}

/** The visitor's rows: every event of the device (identified or not) and the identity rows linking it to someone. */
export async function eraseVisitor(store: AnalyticsStore, siteId: number, visitor: string): Promise<Erased> {
  const params = { siteId, visitor };
  const erased = await eraseEvents(store, { where: VISITOR_EVENTS, params });
  await eraseReplays(store, 'user_id = {visitor:String}', params);
  const identities = await eraseIdentities(store, 'site_id = {siteId:UInt32} AND user_id = {visitor:String}', params);
  return { events: erased.events, sessions: erased.sessions, identities, owner: { kind: 'visitor', visitor } };
}

/** The session's rows: every event of the session and its session row; identity rows are not tied to a session. */
export async function eraseSession(store: AnalyticsStore, siteId: number, sessionId: string): Promise<Erased> {
  const erased = await eraseEvents(store, { where: SESSION_EVENTS, params: { siteId, sessionId } });
  await eraseReplays(store, 'session_id = {sessionId:UInt64}', { siteId, sessionId });
  return { events: erased.events, sessions: erased.sessions, identities: 0, owner: { kind: 'session', sessionId } };
}
