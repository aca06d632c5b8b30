// The sessions list, newest first: a page of session ids found among the latest events, then their fields.
import type { AnalyticsStore } from '../../platform/analytics-store/analytics-store.js';
import { siteScopeSql } from '../../stats/site-scope.js';
import { allOf, ALWAYS_TRUE, type SqlFragment } from '../../stats/sql-fragment.js';
import { baseWhere, type StatsQuery } from '../../stats/stats-query.js';
import { withReplayFlags } from '../replay/recorded-sessions.query.js';
import { SESSION_FIELDS_SQL, toSessionRow, type SessionRow } from './session-fields.js';

/** A listed session: its fields and whether it has a playable recording (1/0, as Rybbit's rows carry it). */
export type ListedSession = SessionRow & { has_replay: number };

export interface SessionPage {
  readonly limit: number;
  readonly offset: number;
}

/** How many times the window of latest events grows (x8 each) before the whole range is grouped. */
const WINDOW_ATTEMPTS = 3;

interface PageQuery {
  readonly scope: SqlFragment;
  readonly selection: SqlFragment;
  readonly page: SessionPage;
  /** Only sessions that start at or after this instant (ClickHouse text), when set. */
  readonly windowStart?: string;
  /** Conditions on each session's aggregates (pageviews, duration...), `ALWAYS_TRUE` for none. */
  readonly having: SqlFragment;
}

const WINDOW = "{window_from:DateTime64(3, 'UTC')}";

/**
 * For statements that need no column but the site, time and session: the `events_by_type_and_path` projection
 * (analytics migration 0031) holds those columns too, and the engine would read it, sorted by type and path, whole
 * instead of the table's newest granules in its own time order.
 */
const TABLE_ORDER = 'SETTINGS optimize_use_projections = 0';

/**
 * Sessions with an event matching the filters (and `only`, e.g. one user's events) whose aggregates meet
 * `having` (e.g. at least 2 pageviews), newest start first, ties by session id descending. Their fields cover all their events in the site and time range.
 *
 * Grouping every session of a month is the slow part, so the page is first looked for among sessions
 * that start inside a window of the latest events: every such session has all its events inside the
 * window, so if the window holds a full page of them, that page is exactly the newest one. Their true
 * start is checked against all their events in the range, so no session-length assumption is made.
 */
export async function listSessions(
  store: AnalyticsStore,
  query: StatsQuery,
  page: SessionPage,
  only: SqlFragment = ALWAYS_TRUE,
  having: SqlFragment = ALWAYS_TRUE,
): Promise<ListedSession[]> {
  return withReplayFlags(store, query.siteId, await pageOfSessions(store, query, page, only, having));
}

async function pageOfSessions(store: AnalyticsStore, query: StatsQuery, page: SessionPage, only: SqlFragment, having: SqlFragment): Promise<SessionRow[]> {
  const scope = siteScopeSql(query.siteId, query.range);
  const selection = allOf([baseWhere(query), only]);
  let windowEvents = (page.offset + page.limit) * 8 + 1000;
  for (let attempt = 0; attempt < WINDOW_ATTEMPTS; attempt++, windowEvents *= 8) {
    const windowStart = await nthNewestEventTime(store, selection, windowEvents);
    if (windowStart === undefined) break;
    const ids = await pageIds(store, { scope, selection, page, windowStart, having });
    if (ids.length === page.limit) return sessionFields(store, scope, ids, windowStart);
  }
  return sessionFields(store, scope, await pageIds(store, { scope, selection, page, having }));
}

/** The timestamp of the (n+1)-th newest matching event, or undefined when there are not that many. */
async function nthNewestEventTime(store: AnalyticsStore, selection: SqlFragment, n: number): Promise<string | undefined> {
  const rows = await store.query<{ t: string }>(
    `SELECT toString(timestamp) AS t FROM events WHERE ${selection.sql}
     ORDER BY timestamp DESC LIMIT 1 OFFSET {window_events:UInt64}
     ${TABLE_ORDER}`,
    { ...selection.params, window_events: n },
  );
  return rows[0]?.t;
}

async function pageIds(store: AnalyticsStore, { scope, selection, page, windowStart, having }: PageQuery): Promise<bigint[]> {
  const inWindow = windowStart === undefined ? '' : ` AND timestamp >= ${WINDOW}`;
  const conditions = [...(windowStart === undefined ? [] : [`min(timestamp) >= ${WINDOW}`]), ...(having.sql === ALWAYS_TRUE.sql ? [] : [having.sql])];
  const candidates =
    windowStart !== undefined || selection.sql !== scope.sql
      ? `PREWHERE session_id IN (SELECT session_id FROM events WHERE ${selection.sql}${inWindow})`
      : '';
  const rows = await store.query<{ id: string }>(
    `SELECT toString(session_id) AS id FROM events
     ${candidates}
     WHERE ${scope.sql}
     GROUP BY session_id
     ${conditions.length === 0 ? '' : `HAVING ${conditions.join(' AND ')}`}
     ORDER BY min(timestamp) DESC, session_id DESC
     LIMIT {page_limit:UInt32} OFFSET {page_offset:UInt64}
     ${TABLE_ORDER}`,
    {
      ...selection.params,
      ...scope.params,
      ...having.params,
      page_limit: page.limit,
      page_offset: page.offset,
      ...(windowStart === undefined ? {} : { window_from: windowStart }),
    },
  );
  return rows.map((row) => BigInt(row.id));
}

/** The fields of the given sessions, in list order; `windowStart` bounds the scan when all start after it. */
async function sessionFields(
  store: AnalyticsStore,
  scope: SqlFragment,
  ids: readonly bigint[],
  windowStart?: string,
): Promise<SessionRow[]> {
  if (ids.length === 0) return [];
  const rows = await store.query<Record<string, unknown>>(
    `SELECT ${SESSION_FIELDS_SQL}
     FROM events
     PREWHERE session_id IN {page_ids:Array(UInt64)}
     WHERE ${scope.sql}${windowStart === undefined ? '' : ` AND timestamp >= ${WINDOW}`}
     GROUP BY session_id
     ORDER BY min(timestamp) DESC, session_id DESC`,
    {
      ...scope.params,
      page_ids: ids,
      ...(windowStart === undefined ? {} : { window_from: windowStart }),
    },
  );
  return rows.map(toSessionRow);
}
