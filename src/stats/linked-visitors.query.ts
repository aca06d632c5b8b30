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
import type { EdgeSession } from './session-spans.query.js';
import { allOf } from './sql-fragment.js';
import type { StatsQuery } from './stats-query.js';
import { toClickHouseDateTime } from './time-range.js';

const DT = "DateTime64(3, 'UTC')";

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
 * Edge sessions that began this long before the range's start at most (their first event): a longer one leaves the
 * answer to the sort, as only the first sessions in the range whose previous one began this close before it are
 * gathered to be checked against the edge sessions' visitors.
 */
const HEAD_EDGE_SPAN_MS = 6 * 3_600_000;

/**
 * Visitors of the sessions since the watermark that the sessions' read lists back, to tell whether an edge
 * session's visitor was counted by hash already; with more (a site with more than this many sessions in the last
 * few minutes), the overview counts by the sort.
 */
const LISTED_RECENT_VISITORS = 50_000;

/** The newest link run's watermark, when no delete of the site's sessions came after that run began. */
async function usableWatermark(store: AnalyticsStore, siteId: number): Promise<string | undefined> {
  const [state] = await store.query<{ watermark: string; version: string; stale_at: string }>(
    `SELECT toString(max(linked_before)) AS watermark, toString(max(version)) AS version, toString(max(stale_at)) AS stale_at
     FROM session_link_runs WHERE site_id = {siteId:UInt32}`,
    { siteId },
  );
  if (!state) return undefined;
  const version = BigInt(state.version);
  return version > 0n && version > BigInt(state.stale_at) ? state.watermark : undefined;
}

/** The sessions part's `unlinked` when no link counts (a delete came after the run), or the read cannot tell. */
const LINKS_STALE = '-1';

/** The sessions table's part of the answer (see linkedSessionTotals). */
interface SessionsPart {
  readonly sessions: string;
  readonly pageviews: string;
  readonly bounces: string;
  readonly duration_ms: string;
  /** Visitors counted by their first linked session, and by the hash of a session since the watermark. */
  readonly visitors_counted: string;
  /** Hashes of visitors with a session in the range before the watermark that may also have an edge session. */
  readonly candidates: string[];
  /** Hashes of the visitors of the sessions since the watermark, up to one more than LISTED_RECENT_VISITORS. */
  readonly recent: string[];
  /** Sessions before the watermark not linked as they now stand; LINKS_STALE when a delete came after the run (or a session since the watermark came during the read). */
  readonly unlinked: string;
}

/** An edge session's part: its figures inside the range and its visitor. */
interface EdgeRow {
  readonly id: string;
  readonly uh: string;
  readonly pv: string;
  readonly dur_ms: string;
}

/**
 * The range's session totals (sessions, pageviews, bounces, duration in ms, and visitors), or undefined when the
 * links cannot answer: a filter (a visitor's first matching session is not what the links find), no run since
 * the last delete of the site's sessions, a session before the watermark not linked as it now stands, or an edge
 * session that began long before the range or whose events' visitor is not its row's.
 *
 * Two reads run side by side: the range's rows of `sessions` (the sums of the sessions wholly inside it, and the
 * visitors counted by link or by the hash of a session since the watermark), and after the edge lookup, the edge
 * sessions from their events; an edge session's visitor counts unless already counted by either way.
 */
export async function linkedSessionTotals(store: AnalyticsStore, query: StatsQuery): Promise<SessionTotals | undefined> {
  if (query.filters.length > 0) return undefined;
  const sortUntil = sortedSites.get(query.siteId);
  if (sortUntil !== undefined && Date.now() < sortUntil) return undefined;
  const [watermark, edges] = await Promise.all([usableWatermark(store, query.siteId), edgeSessionRowsSql(store, query)]);
  if (watermark === undefined) return unanswered(query.siteId);
  const edgeSessions = edges?.edges ?? [];
  if (edgesUnlinked(edgeSessions, watermark)) return unanswered(query.siteId, true);
  if (!edgesWithinSpan(edgeSessions, query)) return unanswered(query.siteId);
  const within = allOf([{ sql: 'site_id = {siteId:UInt32}', params: {} }, edgeConditions(query.range, 'session_start').within]);
  const from = query.range.from;
  const params = {
    siteId: query.siteId,
    ...within.params,
    watermark,
    // Without a start, only a session with no previous one is its visitor's first.
    links_from: from ? toClickHouseDateTime(from) : '1970-01-01 00:00:00.001',
    head_from: toClickHouseDateTime(new Date((from?.getTime() ?? 0) - HEAD_EDGE_SPAN_MS)),
  };
  const [part, edgeRows] = await Promise.all([
    sessionsPart(store, query, within.sql, params),
    edges
      ? store.query<EdgeRow>(`SELECT toString(session_id) AS id, toString(uh) AS uh, toString(pv) AS pv, toString(dur_ms) AS dur_ms FROM (${edges.rows.sql})`, {
          ...params,
          ...edges.rows.params,
        })
      : [],
  ]);
  if (!part || part.unlinked !== '0') return unanswered(query.siteId, part?.unlinked !== LINKS_STALE);
  if (part.recent.length > LISTED_RECENT_VISITORS) return unanswered(query.siteId);
  // An edge session's visitor is its events' smallest hash; the links know its row's, which must be the same.
  const visitorOf = new Map((edges?.edges ?? []).map((edge) => [edge.id, edge.visitor]));
  if (edgeRows.some((row) => visitorOf.get(row.id) !== row.uh)) return unanswered(query.siteId);
  const counted = new Set([...part.candidates, ...part.recent]);
  const byEdge = new Set(edgeRows.filter((row) => !counted.has(row.uh)).map((row) => row.uh));
  const sum = (column: 'pv' | 'dur_ms') => edgeRows.reduce((total, row) => total + Number(row[column]), 0);
  return {
    sessions: String(Number(part.sessions) + edgeRows.length),
    pageviews: String(Number(part.pageviews) + sum('pv')),
    bounces: String(Number(part.bounces) + edgeRows.filter((row) => row.pv === '1').length),
    duration_ms: String(Number(part.duration_ms) + sum('dur_ms')),
    users: String(Number(part.visitors_counted) + byEdge.size),
  };
}

/** Whether no edge session began more than HEAD_EDGE_SPAN_MS before the range (see linkedSessionTotals). */
function edgesWithinSpan(edges: readonly EdgeSession[], query: StatsQuery): boolean {
  const earliest = (query.range.from?.getTime() ?? Number.NEGATIVE_INFINITY) - HEAD_EDGE_SPAN_MS;
  return edges.every((edge) => edge.first >= earliest);
}

/**
 * Whether an edge session that started before the watermark is not linked as it now stands: the count of the edge
 * sessions' visitors relies on their links (their visitor's next session's link points at them).
 */
function edgesUnlinked(edges: readonly EdgeSession[], watermark: string): boolean {
  const watermarkMs = Date.parse(`${watermark.replace(' ', 'T')}Z`);
  return edges.some((edge) => edge.link === undefined || (!edge.link.linked && edge.link.start < watermarkMs));
}

/**
 * The links could not answer: the site's overviews count by the sort for a while, without trying them first; when
 * a session before the watermark was not linked as it now stands, the job's next run on this node recomputes every
 * link of the site (takeSitesToRelink).
 */
function unanswered(siteId: number, relink = false): undefined {
  sortedSites.set(siteId, Date.now() + SORT_AFTER_UNLINKED_MS);
  if (relink) sitesToRelink.add(siteId);
  return undefined;
}

/** Sites whose overview found a session before the watermark not linked as it now stands. */
const sitesToRelink = new Set<number>();

/** The sites an overview found a session not linked as it now stands in since the last call (and forgets them). */
export function takeSitesToRelink(): Set<number> {
  const taken = new Set(sitesToRelink);
  sitesToRelink.clear();
  return taken;
}

/**
 * The range's rows of `sessions`: sums over those wholly inside it; the visitors counted by their first linked
 * session before the watermark (its previous session began before the range) and by the hash of a session since
 * it (when they have no session before it); the hashes of the visitors with a session before the watermark that an
 * edge session may also be of (see `candidates`); and whether every session before the watermark is linked.
 *
 * An edge session's visitor with a session in the range before the watermark has one of two kinds of row there:
 * the edge session's own (one that started in the range but is not wholly inside it), or their first session in the
 * range after an edge session that began before it, whose previous session began no earlier than that edge
 * session's first event (HEAD_EDGE_SPAN_MS before the range at most). With sessions since the watermark, the rows
 * of those sessions' visitors are gathered too.
 */
async function sessionsPart(store: AnalyticsStore, query: StatsQuery, within: string, params: Record<string, unknown>): Promise<SessionsPart | undefined> {
  const wholeInside = wholeInsideCondition(query.range);
  const recentHashes = `(SELECT toUInt64(user_hash) FROM sessions FINAL WHERE ${within} AND session_start >= {watermark:${DT}})`;
  const before = `(s < {watermark:${DT}})`;
  const [row] = await store.query<SessionsPart>(
    `WITH
       (SELECT max(version) > 0 AND max(version) > max(stale_at) FROM session_link_runs WHERE site_id = {siteId:UInt32}) AS usable,
       (SELECT count() FROM sessions FINAL WHERE ${within} AND session_start >= {watermark:${DT}}) AS recent_sessions
     SELECT
       toString(countIf(inside)) AS sessions,
       toString(sumIf(pv, inside)) AS pageviews,
       toString(countIf(inside AND pv = 1)) AS bounces,
       toString(sumIf(dur_ms, inside)) AS duration_ms,
       groupUniqArrayIf(uh, ${before} AND (NOT inside OR (prev >= {head_from:${DT}} AND prev < {links_from:${DT}})
         OR if(recent_sessions > 0, uh IN ${recentHashes}, 0))) AS candidate_hashes,
       groupUniqArrayIf(uh, NOT ${before}) AS recent_hashes,
       toString(countIf(${before} AND linked AND prev < {links_from:${DT}}) + length(recent_hashes)
         - length(arrayIntersect(recent_hashes, candidate_hashes))) AS visitors_counted,
       arrayMap(hash -> toString(hash), candidate_hashes) AS candidates,
       arrayMap(hash -> toString(hash), arraySlice(recent_hashes, 1, ${LISTED_RECENT_VISITORS + 1})) AS recent,
       toString(multiIf(NOT usable, -1, recent_sessions = 0 AND length(recent_hashes) > 0, -1, toInt64(countIf(${before} AND NOT linked)))) AS unlinked
     FROM (
       SELECT session_start AS s, toUInt64(user_hash) AS uh, toUInt64(pageviews) AS pv, dateDiff('millisecond', first_at, last_at) AS dur_ms,
         ${wholeInside.sql} AS inside, tupleElement(visitor_link, 2) = user_hash AS linked, tupleElement(visitor_link, 3) AS prev
       FROM sessions FINAL WHERE ${within}
     )`,
    { ...params, ...wholeInside.params },
  );
  return row;
}
