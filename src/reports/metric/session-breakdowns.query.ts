// GET /breakdowns: several /metric breakdowns in one answer. The breakdowns by a session's value (channel, country,
// browser, language, hostname...) and by custom event name read the same session rows; they are answered in one
// engine pass over rows that carry every requested value, unnested and grouped by (breakdown, value). Each answer
// equals /metric's for the same parameter and limit.
import type { AnalyticsStore } from '../../platform/analytics-store/analytics-store.js';
import { StatsParamError } from '../../stats/bad-request-error.js';
import { findDimension, type Dimension } from '../../stats/dimensions.js';
import { importedAggregatesApply, importedBreakdownSql } from '../../stats/imported-aggregates.js';
import { readsSessionsTable, scopedSessionRowsSql, sessionRowsSql } from '../../stats/session-rows.query.js';
import { SESSION_EVENT_NAMES, sessionValue, type SessionColumn } from '../../stats/session-values.js';
import type { SqlFragment } from '../../stats/sql-fragment.js';
import type { StatsQuery } from '../../stats/stats-query.js';
import { breakdownKindOf } from './metric-breakdown-sql.js';
import { metricBreakdown, metricEntryOf, type BreakdownRow, type MetricPage } from './metric.query.js';

export interface BreakdownRequest {
  readonly parameter: string;
  readonly limit: number;
}

export interface BreakdownAnswer extends MetricPage {
  readonly parameter: string;
}

interface Member {
  /** Its place among the requests. */
  readonly index: number;
  readonly dimension: Dimension;
  /** A session's value (one per session), or its custom events' names (each counted by its occurrences). */
  readonly column: SessionColumn;
  readonly events: boolean;
  readonly limit: number;
}

/**
 * One value per session that the `sessions` table keeps, with no bound parameter of its own (two would clash), or the
 * session's custom event names when the `sessions` table answers for them: such breakdowns share a pass. The others
 * (pages, url parameters, events with filters on events) are answered as /metric answers them.
 */
function sharedColumn(query: StatsQuery, dimension: Dimension): SessionColumn | undefined {
  if (breakdownKindOf(dimension) === 'event') return readsSessionsTable(query, SESSION_EVENT_NAMES) ? SESSION_EVENT_NAMES : undefined;
  const column = sessionValue(dimension);
  const shares = breakdownKindOf(dimension) === 'session' && column.sessions !== undefined && Object.keys(column.params).length === 0;
  return shares ? column : undefined;
}

export async function sessionBreakdowns(store: AnalyticsStore, query: StatsQuery, requests: readonly BreakdownRequest[]): Promise<BreakdownAnswer[]> {
  const pages = new Map<number, MetricPage>();
  const members: Member[] = [];
  const alone: Array<Promise<void>> = [];
  const answerAlone = (request: BreakdownRequest, index: number) =>
    alone.push(metricBreakdown(store, query, { parameter: request.parameter, limit: request.limit, page: 1 }).then((page) => void pages.set(index, page)));
  requests.forEach((request, index) => {
    const dimension = findDimension(request.parameter, 'metric_key');
    if (!dimension) throw new StatsParamError('parameters', `Invalid parameters: unknown dimension '${request.parameter}'`);
    const column = sharedColumn(query, dimension);
    if (column) members.push({ index, dimension, column, events: breakdownKindOf(dimension) === 'event', limit: request.limit });
    else answerAlone(request, index);
  });
  if (members.length > 0) {
    const answered = await sharedPass(store, query, members);
    members.forEach((member, at) => pages.set(member.index, answered[at] ?? { data: [], totalCount: 0 }));
  }
  await Promise.all(alone);
  return requests.map((request, index) => ({ parameter: request.parameter, ...(pages.get(index) ?? { data: [], totalCount: 0 }) }));
}

/**
 * The members' breakdowns from one read of the session rows, or from two when so many sessions disagree on the
 * visitor attributes that the values needing agreement read their events (session-rows.query.ts).
 */
async function sharedPass(store: AnalyticsStore, query: StatsQuery, members: readonly Member[]): Promise<MetricPage[]> {
  const rows = await scopedSessionRowsSql(store, query, valuesColumn(members));
  if (rows) return onePass(store, query, members, rows);
  const answered = new Map<Member, MetricPage>();
  for (const agreeing of [false, true]) {
    const part = members.filter((member) => (member.column.needsAgreement === true) === agreeing);
    if (part.length === 0) continue;
    const partRows = await sessionRowsSql(store, query, valuesColumn(part));
    const pages = await onePass(store, query, part, { sql: `SELECT *, toUInt8(1) AS whole, toUInt8(1) AS agrees FROM (${partRows.sql})`, params: partRows.params });
    part.forEach((member, at) => answered.set(member, pages[at] ?? { data: [], totalCount: 0 }));
  }
  return members.map((member) => answered.get(member) ?? { data: [], totalCount: 0 });
}

/** Every member's value in one tuple (`breakdown_values`), in the members' order. */
function valuesColumn(members: readonly Member[]): SessionColumn {
  return {
    alias: 'breakdown_values',
    events: `tuple(${members.map((member) => member.column.events).join(', ')})`,
    sessions: `tuple(${members.map((member) => member.column.sessions).join(', ')})`,
    needsAgreement: members.some((member) => member.column.needsAgreement === true),
    params: {},
  };
}

interface PassRow extends BreakdownRow {
  /** 1-based place of the breakdown in the pass. */
  readonly breakdown: number | string;
  readonly total_rows: string;
  readonly count_sum: string;
  readonly pageviews_sum: string;
}

/** The members' breakdowns from rows carrying their values (and `whole`, `agrees`): each ranked as /metric ranks, cut at its limit. */
async function onePass(store: AnalyticsStore, query: StatsQuery, members: readonly Member[], sessions: SqlFragment): Promise<MetricPage[]> {
  const grouped = withImported(query, members, groupedSql(sessions, members));
  const rows = await store.query<PassRow>(
    `SELECT * FROM (
       SELECT *, row_number() OVER (PARTITION BY breakdown ORDER BY count DESC, value ASC) AS breakdown_rank,
         count() OVER (PARTITION BY breakdown) AS total_rows, sum(count) OVER (PARTITION BY breakdown) AS count_sum,
         sum(pageviews) OVER (PARTITION BY breakdown) AS pageviews_sum
       FROM (${grouped.sql})
     )
     WHERE breakdown_rank <= {breakdown_limits:Array(UInt32)}[breakdown]
     ORDER BY breakdown, breakdown_rank`,
    { ...grouped.params, breakdown_limits: members.map((member) => member.limit) },
  );
  return members.map((_, at) => {
    const own = rows.filter((row) => Number(row.breakdown) === at + 1);
    const first = own[0];
    const totals = { countSum: Number(first?.count_sum ?? 0), pageviewsSum: Number(first?.pageviews_sum ?? 0) };
    return { data: own.map((row) => metricEntryOf(row, totals)), totalCount: Number(first?.total_rows ?? 0) };
  });
}

/**
 * Each row unnested into one entry (breakdown, value, weight) per member whose value holds for it: a session's value
 * weighs 1 (metric-breakdown-sql.ts's first-value breakdown), each custom event name its occurrences (its event
 * breakdown over the session maps), then grouped per (breakdown, value); `breakdown` is the member's 1-based place.
 */
function groupedSql(sessions: SqlFragment, members: readonly Member[]): SqlFragment {
  const entries = members.map((member, at) => {
    const place = at + 1;
    const value = `tupleElement(breakdown_values, ${place})`;
    const holds = member.column.needsAgreement === true ? 'agrees' : 'whole';
    const list = member.events
      ? `arrayMap((name, times) -> (toUInt32(${place}), toString(name), toUInt64(times)), tupleElement(${value}, 1), tupleElement(${value}, 2))`
      : `[(toUInt32(${place}), toString(${value}), toUInt64(1))]`;
    return `if(${holds} = 1, ${list}, [])`;
  });
  return {
    sql: `
  SELECT tupleElement(entry, 1) AS breakdown, tupleElement(entry, 2) AS value,
    sum(tupleElement(entry, 3)) AS count, count() AS sessions, sum(pv) AS pageviews, countIf(pv = 1) AS bounces, sum(dur_ms) / 1000 AS duration_sum
  FROM (${sessions.sql})
  ARRAY JOIN arrayConcat(${entries.join(', ')}) AS entry
  GROUP BY breakdown, value`,
    params: sessions.params,
  };
}

/**
 * The imported daily aggregates added value by value, as imported-breakdown-sql.ts adds them to one breakdown, to
 * those of the members that have an imported report (each report bound under a name of its own).
 */
function withImported(query: StatsQuery, members: readonly Member[], grouped: SqlFragment): SqlFragment {
  if (!importedAggregatesApply(query)) return grouped;
  const imported = members.flatMap((member, at) => {
    const rows = importedBreakdownSql(query, member.dimension.name, true, `imported_report_${at + 1}`);
    return rows ? [{ sql: `SELECT toUInt32(${at + 1}) AS breakdown, value, count, sessions, pageviews, bounces, bounce_base, duration_sum FROM (${rows.sql})`, params: rows.params }] : [];
  });
  return {
    sql: `
  SELECT breakdown, value, sum(count) AS count, sum(sessions) AS sessions, sum(pageviews) AS pageviews, sum(bounces) AS bounces,
    sum(bounce_base) AS bounce_base, sum(duration_sum) AS duration_sum
  FROM (
    SELECT toUInt32(breakdown) AS breakdown, value, toUInt64(count) AS count, toUInt64(sessions) AS sessions, toUInt64(pageviews) AS pageviews,
      toUInt64(bounces) AS bounces, toUInt64(sessions) AS bounce_base, toFloat64(duration_sum) AS duration_sum
    FROM (${grouped.sql})
    ${imported.map((part) => `UNION ALL ${part.sql}`).join('\n    ')}
  )
  GROUP BY breakdown, value`,
    params: Object.assign({}, grouped.params, ...imported.map((part) => part.params)) as SqlFragment['params'],
  };
}
