// One session: its fields and a page of its events in time order.
import type { AnalyticsStore } from '../../platform/analytics-store/analytics-store.js';
import { NotFoundError } from '../../platform/http/app-errors.js';
import { siteScopeSql } from '../../stats/site-scope.js';
import { allOf, ALWAYS_TRUE, type SqlFragment } from '../../stats/sql-fragment.js';
import { baseWhere, type StatsQuery } from '../../stats/stats-query.js';
import { parseProps } from '../event-props.js';
import { utcMillisSql } from '../response-time.js';
import { liveWindow } from '../live-users/live-user-count.query.js';
import { recordedSessions } from '../replay/recorded-sessions.query.js';
import { SESSION_FIELDS_SQL, toSessionRow, type SessionRow } from './session-fields.js';

export interface SessionEvent {
  timestamp: string;
  type: string;
  pathname: string;
  hostname: string;
  page_title: string;
  event_name: string;
  props: unknown;
  referrer: string;
  /** Seconds from this event to the session's next one (time spent on a page); null for its last event. */
  time_spent: number | null;
}

export interface SessionDetail {
  session: SessionRow & { has_replay: number };
  events: SessionEvent[];
  pagination: { total: number; limit: number; offset: number; hasMore: boolean };
}

const MAX_UINT64 = 2n ** 64n - 1n;

/** A session id as the API shows it (decimal UInt64), or undefined when it cannot be one. */
export function parseSessionId(text: string): bigint | undefined {
  if (!/^\d{1,20}$/.test(text)) return undefined;
  const id = BigInt(text);
  return id <= MAX_UINT64 ? id : undefined;
}

interface SessionEventRaw {
  e_timestamp: string;
  e_type: string;
  e_pathname: string;
  e_hostname: string;
  e_page_title: string;
  e_event_name: string;
  e_props: string;
  e_referrer: string;
  e_time_spent_ms: number | string | null;
}

const EVENT_FIELDS_SQL = `${utcMillisSql('timestamp')} AS e_timestamp, type AS e_type, pathname AS e_pathname,
  hostname AS e_hostname, page_title AS e_page_title, event_name AS e_event_name, props AS e_props, referrer AS e_referrer,
  dateDiff('millisecond', timestamp, leadInFrame(toNullable(timestamp)) OVER next_event) AS e_time_spent_ms`;

/**
 * The events a session lists: all but its web-vitals samples (type `performance`), which Rybbit's session view
 * leaves out of the list and of its count too, and the tracker's engagement beacons (type `engagement`), which
 * measure the pageviews listed rather than being something the visitor did. The session's own fields still count
 * every event.
 */
const LISTED_EVENT = "type NOT IN ('performance', 'engagement')";

/** The session's next event after each one (the window is computed before the page's LIMIT, so a page's last event still sees it). */
const NEXT_EVENT_WINDOW = 'WINDOW next_event AS (ORDER BY timestamp, event_id ROWS BETWEEN CURRENT ROW AND 1 FOLLOWING)';

/**
 * The query narrowed to the last `minutes` minutes before `now` (`[now - minutes, now]`, inside its own range): a
 * live view of a session shows only its recent events, and the session's fields over them. Not found (404) when
 * the window and the range do not meet.
 */
export function recentSessionQuery(query: StatsQuery, now: Date, minutes: number | undefined): StatsQuery {
  if (minutes === undefined) return query;
  const window = liveWindow(query.range, now, minutes);
  if (window === undefined) throw new NotFoundError('Session not found');
  return { ...query, range: { ...window, timeZone: query.range.timeZone } };
}

/**
 * The session's fields over its events in the site and time range, and `page` of its listed events (no
 * web-vitals samples), oldest first. Not found (404) for a malformed id, a session without events in range, or one the filters exclude.
 */
export async function sessionDetail(
  store: AnalyticsStore,
  query: StatsQuery,
  sessionId: string,
  page: { limit: number; offset: number },
): Promise<SessionDetail> {
  const id = parseSessionId(sessionId);
  if (id === undefined) throw new NotFoundError('Session not found');
  const scope = siteScopeSql(query.siteId, query.range);
  const selection = baseWhere(query);
  const oneSession = allOf([scope, { sql: 'session_id = {session_id:UInt64}', params: { session_id: id } }]);
  const matching: SqlFragment =
    selection.sql === scope.sql
      ? ALWAYS_TRUE
      : { sql: `session_id IN (SELECT session_id FROM events WHERE ${selection.sql} AND session_id = {session_id:UInt64})`, params: selection.params };
  const where = allOf([oneSession, matching]);
  const [raw] = await store.query<Record<string, unknown>>(
    `SELECT ${SESSION_FIELDS_SQL}, countIf(${LISTED_EVENT}) AS s_total, toString(min(timestamp)) AS s_first_at, toString(max(timestamp)) AS s_last_at
     FROM events WHERE ${where.sql} GROUP BY session_id`,
    where.params,
  );
  if (!raw) throw new NotFoundError('Session not found');
  const [events, recorded] = await Promise.all([
    eventsPage(store, oneSession, { first: String(raw.s_first_at), last: String(raw.s_last_at) }, page),
    recordedSessions(store, query.siteId, [id]),
  ]);
  const total = Number(raw.s_total);
  return {
    session: { ...toSessionRow(raw), has_replay: recorded.size > 0 ? 1 : 0 },
    events,
    pagination: { total, limit: page.limit, offset: page.offset, hasMore: page.offset + events.length < total },
  };
}

/** A page of the session's events, oldest first; its first and last instants let the primary key skip the rest of the range. */
async function eventsPage(
  store: AnalyticsStore,
  oneSession: SqlFragment,
  bounds: { first: string; last: string },
  page: { limit: number; offset: number },
): Promise<SessionEvent[]> {
  const rows = await store.query<SessionEventRaw>(
    `SELECT ${EVENT_FIELDS_SQL} FROM events
     WHERE ${oneSession.sql} AND ${LISTED_EVENT} AND timestamp BETWEEN {session_first:DateTime64(3, 'UTC')} AND {session_last:DateTime64(3, 'UTC')}
     ${NEXT_EVENT_WINDOW}
     ORDER BY timestamp, event_id LIMIT {event_limit:UInt32} OFFSET {event_offset:UInt64}`,
    { ...oneSession.params, session_first: bounds.first, session_last: bounds.last, event_limit: page.limit, event_offset: page.offset },
  );
  return rows.map(toSessionEvent);
}

function toSessionEvent(raw: SessionEventRaw): SessionEvent {
  return {
    timestamp: raw.e_timestamp,
    type: raw.e_type,
    pathname: raw.e_pathname,
    hostname: raw.e_hostname,
    page_title: raw.e_page_title,
    event_name: raw.e_event_name,
    props: parseProps(raw.e_props),
    referrer: raw.e_referrer,
    time_spent: raw.e_time_spent_ms === null ? null : Number(raw.e_time_spent_ms) / 1000,
  };
}
