// The SQL of one /metric breakdown by kind of dimension: per value its count, sessions, pageviews, bounces (and duration).
import type { AnalyticsStore } from '../../platform/analytics-store/analytics-store.js';
import type { Dimension } from '../../stats/dimensions.js';
import { readsSessionsTable, sessionRowsSql, type SessionSplit } from '../../stats/session-rows.query.js';
import { SESSION_EVENT_NAMES, SESSION_PAGES, sessionValue } from '../../stats/session-values.js';
import type { SqlFragment } from '../../stats/sql-fragment.js';
import { baseWhere, type StatsQuery } from '../../stats/stats-query.js';
import { pageViewCountsSql } from './page-view-counts.query.js';

/**
 * How a session is attributed to values:
 * - `session`: one value per session: a session-level dimension's own value (channel, entry_page,
 *   exit_page), or for any other dimension the value of the session's first event.
 * - `page`: every value the session's pageviews had (pathname, page_title, querystring); `count` is
 *   the sessions that viewed it, `pageviews` its pageviews.
 * - `event`: every custom event name of the session; `count` is occurrences, `pageviews` those of the
 *   sessions that had the event.
 */
export type BreakdownKind = 'session' | 'page' | 'event';

const PAGE_DIMENSIONS: ReadonlySet<string> = new Set(['pathname', 'page_title', 'querystring']);

export function breakdownKindOf(dimension: Dimension): BreakdownKind {
  if (dimension.name === 'event_name') return 'event';
  return PAGE_DIMENSIONS.has(dimension.name) ? 'page' : 'session';
}

/** Columns every per-session row carries besides its value(s). */
const SESSION_FIGURES = `
      countIf(type = 'pageview') AS pv,
      dateDiff('millisecond', min(timestamp), max(timestamp)) / 1000 AS dur`;

const PER_SESSION_VALUE = 'countIf(pv = 1) AS bounces, sum(dur) AS duration_sum';

/**
 * `SELECT value, count, sessions, pageviews, bounces[, duration_sum] ... GROUP BY value` over the sessions
 * and events of the query; a bounce is a session with exactly one pageview, durations are in seconds. Page
 * breakdowns have no duration_sum: they read pageview rows, not sessions, so they cost one scan less.
 * `pathSplit`: for pathname, the query's sessionSplit, when the `page_views_by_kind` table answers (decision 0041).
 */
export async function breakdownSql(store: AnalyticsStore, query: StatsQuery, dimension: Dimension, pathSplit?: SessionSplit): Promise<SqlFragment> {
  const kind = breakdownKindOf(dimension);
  if (kind === 'session') return firstValueSql(await sessionRowsSql(store, query, sessionValue(dimension)));
  if (dimension.name === 'pathname' && pathSplit) return pathsOfPageViewsSql(query, pathSplit);
  // Too many sessions disagree on a visitor attribute for the split: the sessions rows list them as they can.
  if (dimension.name === 'pathname' && readsSessionsTable(query, SESSION_PAGES)) return pagesOfSessionsSql(await sessionRowsSql(store, query, SESSION_PAGES));
  if (kind === 'event' && readsSessionsTable(query, SESSION_EVENT_NAMES)) return eventsOfSessionsSql(await sessionRowsSql(store, query, SESSION_EVENT_NAMES));
  const where = baseWhere(query);
  const params = { ...where.params, ...dimension.expression.params };
  return { sql: kind === 'page' ? pageSql(dimension, where) : eventSql(where), params };
}

/** One value per session (see stats/session-rows.query.ts): its own for a session-level dimension, else its first event's. */
function firstValueSql(sessions: SqlFragment): SqlFragment {
  return {
    sql: `
  SELECT value, count() AS count, count() AS sessions, sum(pv) AS pageviews, countIf(pv = 1) AS bounces, sum(dur_ms) / 1000 AS duration_sum
  FROM (${sessions.sql})
  GROUP BY value`,
    params: sessions.params,
  };
}

/**
 * Sessions that viewed each path and its pageviews, from the sessions' page maps (the `sessions` table
 * keeps them): a bounced session viewed exactly one path once.
 */
function pagesOfSessionsSql(sessions: SqlFragment): SqlFragment {
  return {
    sql: `
  SELECT page AS value, count() AS count, count AS sessions, sum(views) AS pageviews, countIf(pv = 1) AS bounces
  FROM (${sessions.sql})
  ARRAY JOIN tupleElement(pages, 1) AS page, tupleElement(pages, 2) AS views
  GROUP BY value`,
    params: sessions.params,
  };
}

/** Sessions that viewed each path, its pageviews and bounces, from the `page_views_by_kind` rows (page-view-counts.query.ts). */
function pathsOfPageViewsSql(query: StatsQuery, split: SessionSplit): SqlFragment {
  const counts = pageViewCountsSql('path', query, split);
  return { sql: `SELECT page AS value, count, count AS sessions, pageviews, bounces FROM (${counts.sql})`, params: counts.params };
}

/** Custom event occurrences per name, and the sessions that had it, from the sessions' event-name maps. */
function eventsOfSessionsSql(sessions: SqlFragment): SqlFragment {
  return {
    sql: `
  SELECT name AS value, sum(times) AS count, count() AS sessions, sum(pv) AS pageviews, countIf(pv = 1) AS bounces, sum(dur_ms) / 1000 AS duration_sum
  FROM (${sessions.sql})
  ARRAY JOIN tupleElement(event_names, 1) AS name, tupleElement(event_names, 2) AS times
  GROUP BY value`,
    params: sessions.params,
  };
}

/**
 * Sessions that viewed each value, and its pageviews. A bounced session has exactly one pageview, so
 * its pageview rows under a value number one: counting rows of bounced sessions counts sessions.
 */
function pageSql(dimension: Dimension, where: SqlFragment): string {
  return `
  SELECT ${dimension.expression.sql} AS value, uniqExact(session_id) AS count, count AS sessions, count() AS pageviews,
    countIf(session_id IN (
      SELECT session_id FROM events WHERE ${where.sql} GROUP BY session_id HAVING countIf(type = 'pageview') = 1
    )) AS bounces
  FROM events WHERE ${where.sql} AND type = 'pageview'
  GROUP BY value`;
}

/** Custom event occurrences per name; sessions, pageviews and bounces of the sessions that had it. */
function eventSql(where: SqlFragment): string {
  return `
  SELECT value, sum(countEqual(names, value)) AS count, count() AS sessions, sum(pv) AS pageviews, ${PER_SESSION_VALUE}
  FROM (
    SELECT session_id, groupArrayIf(event_name, type = 'custom_event') AS names, ${SESSION_FIGURES}
    FROM events WHERE ${where.sql}
    GROUP BY session_id
  )
  ARRAY JOIN arrayDistinct(names) AS value
  GROUP BY value`;
}
