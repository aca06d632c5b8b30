// One row per session of a report: its first instant, visitor, pageviews and duration inside the range.
// Without filters, or with filters only on the visitor attributes the `sessions` table keeps, they come from
// that table (a row per session), plus, for the few sessions that cross an edge of the range or whose events
// disagree on an attribute, from their events; with other filters, from the events.
import type { AnalyticsStore } from '../platform/analytics-store/analytics-store.js';
import { askOnce, type AskedPerQuery } from './ask-once-per-query.js';
import type { SessionColumn } from './session-values.js';
import { baseWhere, filterWhere, type StatsQuery } from './stats-query.js';
import { edgeConditions, edgeSessions } from './edge-sessions.query.js';
import { ALWAYS_TRUE, allOf, anyOf, type SqlFragment } from './sql-fragment.js';
import { sessionSpans, type EdgeSession } from './session-spans.query.js';
import { timeRangeConditions, toClickHouseDateTime, type TimeRange } from './time-range.js';

/**
 * A subquery with one row per session: `start` (its first event in the range), `uh` (the smallest
 * sipHash64 of its visitor ids: count distinct visitors with it), `pv` (pageviews) and `dur_ms` (first to
 * last event in the range), plus an optional column (see session-values.ts). Only the session's events
 * inside the site, range and filters count.
 */
export async function sessionRowsSql(store: AnalyticsStore, query: StatsQuery, column?: SessionColumn): Promise<SqlFragment> {
  const events = column ? `, ${column.events} AS ${column.alias}` : '';
  const withColumn = (rows: SqlFragment): SqlFragment => ({ sql: rows.sql, params: { ...rows.params, ...column?.params } });
  if (!readsSessionsTable(query, column)) return withColumn(fromEvents(baseWhere(query), events));
  // Filters on visitor attributes, or a column that holds one, read only the rows of sessions that agree on them.
  const agreeing = query.filters.length > 0 || column?.needsAgreement === true;
  // A column holding one beside values right for all reads every row, and the events of the disagreeing sessions too.
  const mixed = !agreeing && column?.disagreeingEvents !== undefined;
  const [edges, disagreeing] = await Promise.all([
    edgeSessionsOf(store, query),
    agreeing || mixed ? disagreeingSessionsOf(store, query) : [],
  ]);
  // So many sessions disagree that listing them would cost more than grouping the matching events.
  if (disagreeing === undefined) return withColumn(fromEvents(baseWhere(query), events));
  const sessions = column ? `, ${column.sessions} AS ${column.alias}` : '';
  const where = { filters: filterWhere(query), agreeing };
  if (!mixed) return withColumn(fromSessionsTable(query.siteId, query.range, where, [...edges, ...disagreeing], { events, sessions }));
  const rows = fromSessionsTable(query.siteId, query.range, where, edges, { events, sessions });
  const crossing = new Set(edges.map((edge) => edge.id));
  const inside = disagreeing.filter((session) => !crossing.has(session.id));
  if (inside.length === 0) return withColumn(rows);
  const own = edgeEventsWhere(query.siteId, query.range, where.filters, inside, 'disagreeing');
  return withColumn({
    sql: `${rows.sql}
    UNION ALL
    SELECT ${EVENT_FIGURES}, ${column.disagreeingEvents} AS ${column.alias} FROM events WHERE ${own.sql} GROUP BY session_id`,
    params: { ...rows.params, ...own.params },
  });
}

/**
 * Visitor attributes the `sessions` table keeps (migration 0009), in columns named as in `events`, so a
 * filter's SQL reads the same on either table. They come from the IP address and user agent, so a
 * session's events nearly always agree on them.
 */
const SESSION_ATTRIBUTES: ReadonlySet<string> = new Set([
  'country',
  'region',
  'city',
  'browser',
  'browser_version',
  'operating_system',
  'operating_system_version',
  'device_type',
  'language',
]);

/**
 * True when the rows come from the `sessions` table: every filter is on a visitor attribute it keeps, and it
 * keeps the column.
 */
export function readsSessionsTable(query: StatsQuery, column?: SessionColumn): boolean {
  return query.filters.every((filter) => SESSION_ATTRIBUTES.has(filter.parameter)) && (column === undefined || column.sessions !== undefined);
}

const EVENT_FIGURES = `min(timestamp) AS start, min(sipHash64(user_id)) AS uh, countIf(type = 'pageview') AS pv,
    dateDiff('millisecond', min(timestamp), max(timestamp)) AS dur_ms`;

function fromEvents(where: SqlFragment, value: string): SqlFragment {
  return { sql: `SELECT ${EVENT_FIGURES}${value} FROM events WHERE ${where.sql} GROUP BY session_id`, params: where.params };
}

const DT = "DateTime64(3, 'UTC')";
const SITE = { sql: 'site_id = {siteId:UInt32}', params: {} };

const edgesAsked: AskedPerQuery<EdgeSession[]> = new WeakMap();

/**
 * The edge sessions of the query's site and range, looked up once per query object: a report that reads the
 * session rows and then the page visits of the same request (the Pages breakdown with its engaged time, the
 * engagement figures) shares one lookup, so both parts see the same sessions as crossing an edge. Another request
 * (another query object) looks them up anew.
 */
function edgeSessionsOf(store: AnalyticsStore, query: StatsQuery): Promise<EdgeSession[]> {
  return askOnce(edgesAsked, store, query, () => edgeSessions(store, query.siteId, query.range));
}

/** Sessions whose rows all begin and end inside the range (a merged row's condition: read it with FINAL). */
function interiorCondition(range: TimeRange): SqlFragment {
  return allOf([SITE, edgeConditions(range, 'session_start').within, wholeInsideCondition(range)]);
}

/**
 * A merged row (of a session that started inside the range) whose first and last events are inside it: the
 * session's row answers for it. Bound names `range_from` and `range_to`; `ALWAYS_TRUE` for a range without ends.
 */
export function wholeInsideCondition(range: TimeRange): SqlFragment {
  return allOf([
    ...(range.from ? [{ sql: `first_at >= {range_from:${DT}}`, params: {} }] : []),
    ...(range.to ? [{ sql: `last_at ${range.toInclusive ? '<=' : '<'} {range_to:${DT}}`, params: {} }] : []),
  ]);
}

/**
 * For a report without filters: the rows of the sessions crossing the range's edges, computed from their events
 * inside it (`session_id` and the columns of sessionRowsSql's rows), with the edge sessions as the lookup found them;
 * undefined when no session crosses an edge.
 */
export async function edgeSessionRowsSql(
  store: AnalyticsStore,
  query: StatsQuery,
): Promise<{ rows: SqlFragment; edges: readonly EdgeSession[] } | undefined> {
  const edges = await edgeSessionsOf(store, query);
  if (edges.length === 0) return undefined;
  const where = edgeEventsWhere(query.siteId, query.range, ALWAYS_TRUE, edges);
  return { rows: { sql: `SELECT session_id, ${EVENT_FIGURES} FROM events WHERE ${where.sql} GROUP BY session_id`, params: where.params }, edges };
}

/**
 * A merged row whose events all agree on every visitor attribute (migrations 0009 and 0011): no row of the
 * session was marked, neither by the ingestion (an event whose attributes differ from the session's first
 * event's) nor by the view (events of one insert that differ among themselves).
 */
const AGREEING = { sql: 'attributes_changed = 0', params: {} };

const disagreeingAsked: AskedPerQuery<EdgeSession[] | undefined> = new WeakMap();

/**
 * The disagreeing sessions of the query's site and range, looked up once per query object, as the edge sessions
 * are: the goals report reads the session rows for its total and the split for its path goals in one request.
 */
function disagreeingSessionsOf(store: AnalyticsStore, query: StatsQuery): Promise<EdgeSession[] | undefined> {
  return askOnce(disagreeingAsked, store, query, () => disagreeingSessions(store, query.siteId, query.range));
}

/** Above this many disagreeing sessions in a range, a report groups the matching events instead. */
const MAX_DISAGREEING = 10_000;

/**
 * The sessions inside the range whose events disagree on a visitor attribute, so that their row cannot
 * answer a filter on one: the few whose visitor changed network or browser mid-session, and any not yet
 * backfilled by migration 0009. Undefined when there are more than MAX_DISAGREEING.
 */
async function disagreeingSessions(store: AnalyticsStore, siteId: number, range: TimeRange): Promise<EdgeSession[] | undefined> {
  // Sessions that started inside the range (those crossing an edge are among the edge sessions anyway).
  const started = allOf([SITE, edgeConditions(range, 'session_start').within]);
  // A session disagrees when any of its rows is marked, so a plain read finds them, without merging rows;
  // the times of the few sessions found are read by their ids afterwards.
  const ids = await store.query<{ id: string }>(
    `SELECT DISTINCT toString(session_id) AS id FROM sessions
     WHERE ${started.sql} AND attributes_changed = 1
     LIMIT {disagreeing_limit:UInt32}`,
    { siteId, ...started.params, disagreeing_limit: MAX_DISAGREEING + 1 },
  );
  if (ids.length > MAX_DISAGREEING) return undefined;
  if (ids.length === 0) return [];
  return sessionSpans(store, {
    sql: `${started.sql} AND session_id IN (SELECT toUInt64(arrayJoin({disagreeing_ids:Array(String)})))`,
    params: { siteId, ...started.params, disagreeing_ids: ids.map((row) => row.id) },
  });
}

/**
 * The sessions wholly inside the range from the merged `sessions` rows (with filters or a column holding a
 * visitor attribute, those agreeing on every attribute, and matching the filters), and the others from their events inside the range matching the filters.
 * The events' window: from the range's start to the last end of sessions that began before it, and from
 * the first start of the others to the range's end.
 */
function fromSessionsTable(
  siteId: number,
  range: TimeRange,
  { filters, agreeing }: { filters: SqlFragment; agreeing: boolean },
  edges: readonly EdgeSession[],
  value: { sessions: string; events: string },
): SqlFragment {
  const interior = allOf([interiorCondition(range), ...(agreeing ? [AGREEING] : []), ...(filters.sql === ALWAYS_TRUE.sql ? [] : [filters])]);
  const interiorSql = `
    SELECT CAST(first_at AS ${DT}) AS start, toUInt64(user_hash) AS uh, toUInt64(pageviews) AS pv,
      dateDiff('millisecond', first_at, last_at) AS dur_ms${value.sessions}
    FROM sessions FINAL
    WHERE ${interior.sql}`;
  const params = { siteId, ...interior.params };
  if (edges.length === 0) return { sql: interiorSql, params };
  const edgeWhere = edgeEventsWhere(siteId, range, filters, edges);
  return {
    sql: `${interiorSql}
    UNION ALL
    SELECT ${EVENT_FIGURES}${value.events} FROM events WHERE ${edgeWhere.sql} GROUP BY session_id`,
    params: { ...params, ...edgeWhere.params },
  };
}

/**
 * The events of `edges` inside the range matching the filters (a condition on `events` or its copies), read
 * only from the range's start to the last end of sessions that began before it, and from the first start of
 * the others to the range's end.
 */
function edgeEventsWhere(siteId: number, range: TimeRange, filters: SqlFragment, edges: readonly EdgeSession[], prefix = 'edge'): SqlFragment {
  const fromMs = range.from?.getTime() ?? Number.NEGATIVE_INFINITY;
  let headEnd: number | undefined;
  let tailStart: number | undefined;
  for (const edge of edges) {
    if (edge.first < fromMs) headEnd = Math.max(headEnd ?? edge.last, edge.last);
    else tailStart = Math.min(tailStart ?? edge.first, edge.first);
  }
  const windows = anyOf([
    ...(headEnd === undefined ? [] : [{ sql: `timestamp <= {${prefix}_head_end:${DT}}`, params: { [`${prefix}_head_end`]: toClickHouseDateTime(new Date(headEnd)) } }]),
    ...(tailStart === undefined ? [] : [{ sql: `timestamp >= {${prefix}_tail_start:${DT}}`, params: { [`${prefix}_tail_start`]: toClickHouseDateTime(new Date(tailStart)) } }]),
  ]);
  const where = allOf([
    SITE,
    ...timeRangeConditions(range),
    filters,
    windows,
    { sql: `session_id IN (SELECT toUInt64(arrayJoin({${prefix}_ids:Array(String)})))`, params: {} },
  ]);
  return { sql: where.sql, params: { siteId, ...windows.params, ...where.params, [`${prefix}_ids`]: edges.map((edge) => edge.id) } };
}

/** Which sessions of a report a table of rows per session answers for, and the events of the others (see sessionSplit). */
export interface SessionSplit {
  readonly tableWhere: SqlFragment;
  readonly eventsWhere: SqlFragment | undefined;
}

/**
 * For a report keeping rows per session (or finer, sorted like `sessions`) in a table of its own: which of
 * the range's sessions that table answers for, and which must be computed from their events, as above.
 * `tableWhere` selects the rows of sessions that started inside the range and are neither crossing an edge
 * nor, with filters, disagreeing on a visitor attribute (filters still to apply); `eventsWhere` the matching
 * events inside the range of the others (undefined when there are none). Undefined when the table cannot
 * answer: a filter on another column, or too many disagreeing sessions.
 */
export async function sessionSplit(store: AnalyticsStore, query: StatsQuery): Promise<SessionSplit | undefined> {
  if (!readsSessionsTable(query)) return undefined;
  const [edges, disagreeing] = await Promise.all([
    edgeSessionsOf(store, query),
    query.filters.length > 0 ? disagreeingSessionsOf(store, query) : [],
  ]);
  if (disagreeing === undefined) return undefined;
  const others = [...edges, ...disagreeing];
  const tableWhere = allOf([
    { sql: 'site_id = {siteId:UInt32}', params: { siteId: query.siteId } },
    edgeConditions(query.range, 'session_start').within,
    ...(others.length === 0 ? [] : [{ sql: 'session_id NOT IN (SELECT toUInt64(arrayJoin({split_ids:Array(String)})))', params: { split_ids: others.map((edge) => edge.id) } }]),
  ]);
  return { tableWhere, eventsWhere: others.length === 0 ? undefined : edgeEventsWhere(query.siteId, query.range, filterWhere(query), others) };
}
