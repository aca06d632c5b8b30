// The totals of an unfiltered range's sessions, with its visitors counted from the links between each visitor's
// sessions (visitor-links.ts, decision 0085) instead of by sorting every session's visitor hash.
//
// A visitor is counted once, by their first session in the range: among the sessions that started before the last
// link run's watermark, the linked ones whose previous session started before the range; the others (sessions
// from the watermark on, and those crossing the range's edges, computed from their events) count by their visitor
// hash unless that visitor has a session in the range before the watermark (whose first one the links counted).
// A session before the watermark without a valid link (stored after the run read, or whose visitor hash changed
// since) makes the answer undefined: the caller counts as before, until the next run links it.
import type { AnalyticsStore } from '../platform/analytics-store/analytics-store.js';
import { edgeConditions } from './edge-sessions.query.js';
import { edgeSessionRowsSql, wholeInsideCondition } from './session-rows.query.js';
import { allOf } from './sql-fragment.js';
import type { StatsQuery } from './stats-query.js';
import { toClickHouseDateTime } from './time-range.js';

const DT = "DateTime64(3, 'UTC')";

/** 2299-12-31 23:59:59.999 UTC, the last instant a DateTime64(3) holds: after every session's start. */
const LAST_INSTANT_MS = 10_413_791_999_999;

/** Sums over the range's sessions, as the engine returns them (text). */
export interface SessionTotals {
  readonly sessions: string;
  readonly pageviews: string;
  readonly users: string;
  readonly bounces: string;
  readonly duration_ms: string;
}

/**
 * After the links could not answer a site's overview (no run yet, a delete since, a session waiting for a run),
 * its overviews count by the sort for this long without asking the links first, which would cost a second read
 * of the range each time. A run over the site ends it at once on this node (forgetUnlinkedSite).
 */
const SORT_AFTER_UNLINKED_MS = 30_000;

/**
 * The sites whose overviews count by the sort until the given time (ms). Keyed by site alone: the job runs on the
 * store's background lane, a store object of its own, and a site id names one site in a process.
 */
const sortedSites = new Map<number, number>();

/** A run has linked the site: its next overview asks the links again. */
export function forgetUnlinkedSite(siteId: number): void {
  sortedSites.delete(siteId);
}

/**
 * The range's session totals (sessions, pageviews, bounces, duration in ms, and visitors), or undefined when the
 * links cannot answer: a filter (a visitor's first matching session is not what the links find), no run since
 * the last delete of the site's sessions, or a session before the watermark not linked as it now stands.
 */
export async function linkedSessionTotals(store: AnalyticsStore, query: StatsQuery): Promise<SessionTotals | undefined> {
  if (query.filters.length > 0) return undefined;
  const sortUntil = sortedSites.get(query.siteId);
  if (sortUntil !== undefined && Date.now() < sortUntil) return undefined;
  const edges = await edgeSessionRowsSql(store, query);
  const within = allOf([{ sql: 'site_id = {siteId:UInt32}', params: {} }, edgeConditions(query.range, 'session_start').within]);
  const wholeInside = wholeInsideCondition(query.range);
  // A row of `sessions` counts in the sums when the session lies wholly inside the range; the edge rows always do.
  const sessionRows = `
    SELECT session_start AS s, toUInt64(user_hash) AS uh, toUInt64(pageviews) AS pv, dateDiff('millisecond', first_at, last_at) AS dur_ms,
      ${wholeInside.sql} AS counted, 0 AS edge, tupleElement(visitor_link, 2) = user_hash AS linked, tupleElement(visitor_link, 3) AS prev
    FROM sessions FINAL WHERE ${within.sql}`;
  const edgeRows = edges
    ? `SELECT start AS s, uh, pv, dur_ms, 1 AS counted, 1 AS edge, 0 AS linked, toDateTime64(0, 3, 'UTC') AS prev FROM (${edges.rows.sql})`
    : undefined;
  const before = '(s < watermark)';
  // The range's sessions from the watermark on, counted by their visitor hash.
  const recentRows = `FROM sessions FINAL WHERE ${within.sql} AND session_start >= watermark`;
  // Visitors counted by hash who also have a session in the range before the watermark (whose first one the links
  // counted), found by the visitor hashes of that session's rows. With sessions from the watermark on, every such
  // row is probed against the hashes that may be counted by hash: the edge sessions' (their merged rows') and those
  // of the sessions since (every edge row's hash must be among them, else the answer is left to the sort).
  // Without, only two kinds of row can be such a visitor's, and their hashes are gathered without a probe: an edge
  // session's own row (not wholly inside), and a visitor's first session in the range after an edge session of
  // theirs before it, whose previous session started no earlier than that edge session's first event.
  const inRangeByHash = `if(recent_sessions = 0,
    NOT counted OR (prev >= {probe_from:${DT}} AND prev < {links_from:${DT}}),
    uh IN {edge_visitors:Array(UInt64)} OR uh IN (SELECT toUInt64(user_hash) ${recentRows}))`;
  const sql = `
    WITH
      (SELECT max(linked_before) FROM session_link_runs WHERE site_id = {siteId:UInt32}) AS watermark,
      (SELECT max(version) > 0 AND max(version) > max(stale_at) FROM session_link_runs WHERE site_id = {siteId:UInt32}) AS usable,
      (SELECT count() ${recentRows}) AS recent_sessions,
      arrayConcat({edge_visitors:Array(UInt64)}, (SELECT groupArray(toUInt64(user_hash)) ${recentRows})) AS may_count_by_hash
    SELECT sessions, pageviews, bounces, duration_ms,
      toString(first_sessions + length(by_hash) - length(arrayIntersect(by_hash, linked_by_hash))) AS users,
      toString(if(usable, unlinked + (length(arrayIntersect(edge_hashes, may_count_by_hash)) != length(edge_hashes)), 1)) AS unlinked
    FROM (
      SELECT
        toString(countIf(counted)) AS sessions,
        toString(sumIf(pv, counted)) AS pageviews,
        toString(countIf(counted AND pv = 1)) AS bounces,
        toString(sumIf(dur_ms, counted)) AS duration_ms,
        countIf(NOT edge AND ${before} AND linked AND prev < {links_from:${DT}}) AS first_sessions,
        groupUniqArrayIf(uh, edge OR NOT ${before}) AS by_hash,
        groupUniqArrayIf(uh, NOT edge AND ${before} AND ${inRangeByHash}) AS linked_by_hash,
        groupUniqArrayIf(uh, edge) AS edge_hashes,
        countIf(NOT edge AND ${before} AND NOT linked) AS unlinked
      FROM (${edgeRows ? `${sessionRows} UNION ALL ${edgeRows}` : sessionRows})
    )`;
  const [row] = await store.query<SessionTotals & { unlinked: string }>(sql, {
    siteId: query.siteId,
    ...within.params,
    ...wholeInside.params,
    ...edges?.rows.params,
    edge_visitors: (edges?.visitors ?? []).map(BigInt),
    probe_from: toClickHouseDateTime(edges?.firstEvent ?? new Date(LAST_INSTANT_MS)),
    // Without a start, only a session with no previous one is its visitor's first.
    links_from: query.range.from ? toClickHouseDateTime(query.range.from) : '1970-01-01 00:00:00.001',
  });
  if (!row || row.unlinked !== '0') {
    // The links could not answer: the site's overviews count by the sort for a while, without trying them first.
    sortedSites.set(query.siteId, Date.now() + SORT_AFTER_UNLINKED_MS);
    return undefined;
  }
  const { unlinked: _unlinked, ...totals } = row;
  return totals;
}
