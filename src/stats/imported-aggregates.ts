// Daily aggregates imported from tools without raw events (table `imported_aggregates`), as reports add them:
// only without filters, over the days whose midnight (in the query's time zone) lies inside the range.
import type { Bucket } from './buckets.js';
import { bucketSql } from './buckets.js';
import type { SqlFragment } from './sql-fragment.js';
import type { StatsQuery } from './stats-query.js';
import { timeRangeConditions } from './time-range.js';
import { allOf } from './sql-fragment.js';

/** Aggregates have no events to filter: a filtered report (or a segment) leaves them out. */
export function importedAggregatesApply(query: StatsQuery): boolean {
  return query.filters.length === 0;
}

/** Buckets a day's aggregate fits in whole; a finer bucket (hours, minutes) leaves aggregates out. */
export function importedAggregatesFit(bucket: Bucket): boolean {
  return bucket === 'day' || bucket === 'week' || bucket === 'month' || bucket === 'year';
}

/**
 * The site's rows of one report (`visitors`, `pages`, `sources`...) inside the range, each with
 * `day_start`, its day's midnight in the query's zone. Binds `siteId`, `range_from`/`range_to` (as
 * baseWhere does) and `imported_report` (or `reportParam`: several reports in one query), `imported_tz`.
 */
export function importedRowsSql(query: StatsQuery, report: string, reportParam = 'imported_report'): SqlFragment {
  const range = allOf(timeRangeConditions(query.range, 'day_start'));
  return {
    sql: `SELECT * FROM (
      SELECT *, toDateTime64(toDateTime(date, {imported_tz:String}), 3, 'UTC') AS day_start
      FROM imported_aggregates WHERE site_id = {siteId:UInt32} AND report = {${reportParam}:String}
    ) WHERE ${range.sql}`,
    params: { siteId: query.siteId, [reportParam]: report, imported_tz: query.range.timeZone, ...range.params },
  };
}

/** The overview sums of the imported days: columns as the overview's event query names them. */
export function importedOverviewSql(query: StatsQuery, bucket?: Bucket): SqlFragment {
  const rows = importedRowsSql(query, 'visitors');
  const time = bucket ? bucketSql(bucket, query.range.timeZone, 'day_start') : undefined;
  return {
    sql: `SELECT ${time ? `${time.sql} AS time,` : ''}
      sum(visits) AS sessions, sum(pageviews) AS pageviews, sum(visitors) AS users, sum(bounces) AS bounces,
      sum(visit_duration) * 1000 AS duration_ms
    FROM (${rows.sql}) ${time ? `GROUP BY ${time.key}` : ''}`,
    params: { ...rows.params, ...time?.params },
  };
}

/**
 * Which report's rows break down by a dimension, and how they count. `count` is what the breakdown
 * ranks by (sessions for most dimensions, custom event occurrences for event_name); `sessions` the
 * visits; bounces count only where the report has them (`bounceBase` is then the visits).
 */
interface ImportedBreakdown {
  readonly report: string;
  readonly column: string;
  readonly count: string;
  readonly sessions: string;
  readonly bounces: boolean;
  readonly duration: boolean;
}

const visitsOf = (report: string, column: string): ImportedBreakdown => ({ report, column, count: 'visits', sessions: 'visits', bounces: true, duration: true });

const BREAKDOWNS: Readonly<Record<string, ImportedBreakdown>> = {
  pathname: { report: 'pages', column: 'pathname', count: 'visits', sessions: 'visits', bounces: false, duration: false },
  entry_page: visitsOf('entry_pages', 'entry_page'),
  exit_page: visitsOf('exit_pages', 'exit_page'),
  referrer: visitsOf('sources', 'referrer'),
  utm_source: visitsOf('sources', 'utm_source'),
  utm_medium: visitsOf('sources', 'utm_medium'),
  utm_campaign: visitsOf('sources', 'utm_campaign'),
  utm_content: visitsOf('sources', 'utm_content'),
  utm_term: visitsOf('sources', 'utm_term'),
  country: visitsOf('locations', 'country'),
  region: visitsOf('locations', 'region'),
  device_type: visitsOf('devices', 'device_type'),
  browser: visitsOf('browsers', 'browser'),
  browser_version: visitsOf('browsers', 'browser_version'),
  operating_system: visitsOf('operating_systems', 'operating_system'),
  operating_system_version: visitsOf('operating_systems', 'operating_system_version'),
  event_name: { report: 'custom_events', column: 'event_name', count: 'events', sessions: 'visitors', bounces: false, duration: false },
};

/**
 * Per value of the dimension: `count`, `sessions`, `pageviews`, `bounces`, `bounce_base` (the sessions
 * whose bounces are known), and `duration_sum` (seconds) when `withDuration`; undefined when the
 * dimension has no imported report. Columns match the metric breakdown's, to be added to them. `reportParam`: the
 * bound name of the report (see importedRowsSql).
 */
export function importedBreakdownSql(query: StatsQuery, dimension: string, withDuration: boolean, reportParam?: string): SqlFragment | undefined {
  const breakdown = BREAKDOWNS[dimension];
  if (!breakdown) return undefined;
  const rows = importedRowsSql(query, breakdown.report, reportParam);
  const duration = withDuration ? `, toFloat64(${breakdown.duration ? 'sum(visit_duration)' : '0'}) AS duration_sum` : '';
  return {
    sql: `SELECT toString(${breakdown.column}) AS value, sum(${breakdown.count}) AS count, sum(${breakdown.sessions}) AS sessions,
      sum(pageviews) AS pageviews, ${breakdown.bounces ? 'sum(bounces)' : 'toUInt64(0)'} AS bounces,
      ${breakdown.bounces ? 'sum(visits)' : 'toUInt64(0)'} AS bounce_base${duration}
    FROM (${rows.sql}) GROUP BY value`,
    params: rows.params,
  };
}
