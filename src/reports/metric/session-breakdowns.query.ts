// GET /breakdowns: several /metric breakdowns in one answer. The breakdowns by a session's value (channel, country,
// browser, hostname...) read the same session rows; they are answered in one engine pass over rows that carry every
// requested value, grouped by (breakdown, value). Each answer equals /metric's for the same parameter and limit.
import type { AnalyticsStore } from '../../platform/analytics-store/analytics-store.js';
import { StatsParamError } from '../../stats/bad-request-error.js';
import { findDimension, type Dimension } from '../../stats/dimensions.js';
import { importedAggregatesApply, importedBreakdownSql } from '../../stats/imported-aggregates.js';
import { sessionRowsSql } from '../../stats/session-rows.query.js';
import { sessionValue, type SessionColumn } from '../../stats/session-values.js';
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
  readonly column: SessionColumn;
  readonly limit: number;
}

/**
 * One value per session that the `sessions` table keeps, with no bound parameter of its own (two would clash):
 * such breakdowns can share a pass. The others (pages, events, url parameters) are answered as /metric answers them.
 */
function sharesPass(dimension: Dimension, column: SessionColumn): boolean {
  return breakdownKindOf(dimension) === 'session' && column.sessions !== undefined && Object.keys(column.params).length === 0;
}

export async function sessionBreakdowns(store: AnalyticsStore, query: StatsQuery, requests: readonly BreakdownRequest[]): Promise<BreakdownAnswer[]> {
  const pages = new Map<number, MetricPage>();
  const members: Member[] = [];
  const alone: Array<Promise<void>> = [];
  requests.forEach((request, index) => {
    const dimension = findDimension(request.parameter, 'metric_key');
    if (!dimension) throw new StatsParamError('parameters', `Invalid parameters: unknown dimension '${request.parameter}'`);
    const column = sessionValue(dimension);
    if (!sharesPass(dimension, column)) {
      alone.push(metricBreakdown(store, query, { parameter: request.parameter, limit: request.limit, page: 1 }).then((page) => void pages.set(index, page)));
      return;
    }
    members.push({ index, dimension, column, limit: request.limit });
  });
  if (members.length > 0) {
    const answered = await onePass(store, query, members);
    members.forEach((member, at) => pages.set(member.index, answered[at] ?? { data: [], totalCount: 0 }));
  }
  await Promise.all(alone);
  return requests.map((request, index) => ({ parameter: request.parameter, ...(pages.get(index) ?? { data: [], totalCount: 0 }) }));
}

interface PassRow extends BreakdownRow {
  /** 1-based place of the breakdown in the pass. */
  readonly breakdown: number | string;
  readonly total_rows: string;
  readonly count_sum: string;
  readonly pageviews_sum: string;
}

/**
 * The members' values as one column of the session rows. A value right only for sessions agreeing on the visitor
 * attributes (session-rows.query.ts) is NULL in a disagreeing session's row and taken from its events instead, so
 * each breakdown counts exactly /metric's sessions; NULL values are left out of the grouping.
 */
function valuesColumn(members: readonly Member[]): SessionColumn {
  const needsAgreement = (member: Member) => member.column.needsAgreement === true;
  const agreeing = members.filter(needsAgreement).length;
  const mixed = agreeing > 0 && agreeing < members.length;
  const ofRow = (member: Member) => (needsAgreement(member) && mixed ? `if(attributes_changed = 0, ${String(member.column.sessions)}, NULL)` : member.column.sessions);
  return {
    alias: 'breakdown_values',
    events: `tuple(${members.map((member) => member.column.events).join(', ')})`,
    sessions: `tuple(${members.map(ofRow).join(', ')})`,
    needsAgreement: agreeing === members.length,
    ...(mixed ? { disagreeingEvents: `tuple(${members.map((member) => (needsAgreement(member) ? member.column.events : 'NULL')).join(', ')})` } : {}),
    params: {},
  };
}

/** The members' breakdowns from one read of the session rows: each ranked as /metric ranks, cut at its limit. */
async function onePass(store: AnalyticsStore, query: StatsQuery, members: readonly Member[]): Promise<MetricPage[]> {
  const grouped = withImported(query, members, groupedSql(await sessionRowsSql(store, query, valuesColumn(members)), members.length));
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

/** As metric-breakdown-sql.ts's first-value breakdown, per (breakdown, value): `breakdown` is the value's 1-based place. */
function groupedSql(sessions: SqlFragment, count: number): SqlFragment {
  const places = Array.from({ length: count }, (_, at) => at + 1);
  // A session without a value for a breakdown (see valuesColumn) falls in that grouping set's NULL group: breakdown 0.
  return {
    sql: `
  SELECT * FROM (
  SELECT multiIf(${places.map((place) => `breakdown_${place} IS NOT NULL, ${place}`).join(', ')}, 0) AS breakdown,
    toString(coalesce(${places.map((place) => `breakdown_${place}`).join(', ')})) AS value,
    count() AS count, count() AS sessions, sum(pv) AS pageviews, countIf(pv = 1) AS bounces, sum(dur_ms) / 1000 AS duration_sum
  FROM (SELECT *, ${places.map((place) => `tupleElement(breakdown_values, ${place}) AS breakdown_${place}`).join(', ')} FROM (${sessions.sql}))
  GROUP BY GROUPING SETS (${places.map((place) => `(breakdown_${place})`).join(', ')})
  SETTINGS group_by_use_nulls = 1)
  WHERE breakdown != 0`,
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
