// /retention: users grouped by the period they were first seen in (within the last `range` days); the share of each group active in later periods.
import type { AnalyticsStore } from '../../platform/analytics-store/analytics-store.js';
import { findDimension } from '../../stats/dimensions.js';
import { baseWhere, type StatsQuery } from '../../stats/stats-query.js';
import { allOf, type SqlFragment } from '../../stats/sql-fragment.js';
import { timeRangeSql, type TimeRange } from '../../stats/time-range.js';
import { userActivityRows } from '../../stats/user-days.js';
import { wallClockOf } from '../../stats/zoned-time.js';
import { percentOf } from '../percentage.js';
import { retentionPeriods, utcDaysOverThreePeriods, type RetentionMode } from './retention-periods.js';

export interface RetentionTable {
  /**
   * The cohorts with users, keyed by their period's first day; percentages[i] = % of the cohort active i
   * periods later, null for periods that have not come yet; every array holds maxPeriods + 1 entries.
   */
  cohorts: Record<string, { size: number; percentages: Array<number | null> }>;
  /** The latest period index in which any cohort had returning users (0 when none did). */
  maxPeriods: number;
  mode: RetentionMode;
  /** The window, in days before the day it ends with. */
  range: number;
}

export interface RetentionRequest {
  readonly mode: RetentionMode;
  /** Days before the end day the window starts at. */
  readonly range: number;
}

/** The index among the table's periods, counted from the first period's start day, of the period holding the instant `at`, in the query's time zone. */
const PERIOD_INDEX: Readonly<Record<RetentionMode, (at: string) => string>> = {
  day: (at) => `dateDiff('day', {retention_first:Date}, toDate(${at}, {retention_tz:String}))`,
  week: (at) => `intDiv(dateDiff('day', {retention_first:Date}, toMonday(${at}, {retention_tz:String})), 7)`,
  month: (at) => `dateDiff('month', {retention_first:Date}, toStartOfMonth(${at}, {retention_tz:String}))`,
};

/** A UInt64 holds one bit per period: up to this many periods, activity is OR-ed bits rather than a bitmap. */
const BITMASK_PERIODS = 64;

/** The instant the table ends at: the query's range end, or now for an open range. */
function endOf(query: StatsQuery, now: Date): number {
  const to = query.range.to;
  if (!to) return now.getTime();
  return to.getTime() - (query.range.toInclusive ? 0 : 1);
}

/**
 * Rows of activity, `uk` (the person, hashed to UInt64) and instants they were active at (`times`). Without
 * filters, a row per person and UTC day from `user_days` for the window's whole days, a row per person and
 * quarter hour for the rest (stats/user-days.ts): a UTC day lies in at most two periods, a quarter hour too, and
 * the first and last event of the row lie one in each. The UTC days that overlap three periods (a short day of
 * the zone inside) are read by quarter hours. With filters, a row per matching event.
 */
function activityRows(query: StatsQuery, mode: RetentionMode, window: TimeRange, end: number): { rows: SqlFragment; times: readonly string[] } {
  if (query.filters.length === 0) {
    const from = window.from?.getTime() ?? end;
    const leftOut = utcDaysOverThreePeriods(mode, from, end, wallClockOf(window.timeZone));
    return { rows: userActivityRows(query.siteId, window, 'quarter', leftOut), times: ['f', 'l'] };
  }
  const where = allOf([baseWhere(query), timeRangeSql({ from: window.from, toInclusive: false, timeZone: 'UTC' }, 'timestamp', 'retention')]);
  const user = findDimension('user_id')?.expression.sql ?? 'user_id';
  return { rows: { sql: `SELECT cityHash64(${user}) AS uk, timestamp FROM events WHERE ${where.sql}`, params: where.params }, times: ['timestamp'] };
}

/**
 * The people by the periods they were active in: `ps`, the sorted indexes of those periods, and `people`, how
 * many share them. With 64 periods or fewer (every week and month mode, day mode up to 63 days) a person's
 * periods are the bits of one UInt64 OR-ed together, and people with the same bits are counted together before
 * the bits become indexes (a few thousand sets for a million people). Longer daily windows use a roaring bitmap
 * per person, about as cheap (5 M rows, 400 k users, 91 days: 190-340 ms against 190-600 ms for the UInt64; a
 * set of numbers took 600-1000 ms).
 */
function activePeriodsSql(mode: RetentionMode, periods: number, activity: { rows: SqlFragment; times: readonly string[] }): string {
  const indexes = activity.times.map((time) => PERIOD_INDEX[mode](time));
  if (periods <= BITMASK_PERIODS) {
    const bits = indexes.map((index) => `bitShiftLeft(toUInt64(1), least(${index}, 63))`).reduce((all, bit) => `bitOr(${all}, ${bit})`);
    return `SELECT arrayFilter(i -> bitTest(active, i), range({retention_periods:UInt16})) AS ps, count() AS people
      FROM (SELECT groupBitOr(${bits}) AS active FROM (${activity.rows.sql}) GROUP BY uk)
      GROUP BY active`;
  }
  const bitmaps = indexes.map((index) => `groupBitmapState(toUInt16(${index}))`).reduce((all, bitmap) => `bitmapOr(${all}, ${bitmap})`);
  // A small bitmap lists its values in the order they came, not sorted.
  return `SELECT arraySort(bitmapToArray(${bitmaps})) AS ps, 1 AS people FROM (${activity.rows.sql}) GROUP BY uk`;
}

export async function retention(store: AnalyticsStore, query: StatsQuery, now: Date, request: RetentionRequest): Promise<RetentionTable> {
  const { mode, range } = request;
  const periods = retentionPeriods(mode, range, endOf(query, now), query.range.timeZone);
  const from = query.range.from && query.range.from > periods.from ? query.range.from : periods.from;
  const activity = activityRows(query, mode, { ...query.range, from }, endOf(query, now));
  const rows = await store.query<{ cohort: number; period: number; users: string }>(
    `SELECT cohort, p - cohort AS period, sum(people) AS users
     FROM (SELECT ps, ps[1] AS cohort, people FROM (${activePeriodsSql(mode, periods.labels.length, activity)}))
     ARRAY JOIN ps AS p
     GROUP BY cohort, period`,
    {
      ...activity.rows.params,
      retention_tz: query.range.timeZone,
      retention_first: periods.labels[0],
      retention_periods: periods.labels.length,
    },
  );
  return { ...cohortTable(periods.labels, rows), mode, range };
}

/** The grid: cohorts with users, oldest first, each row as long as the latest period anyone returned in. */
function cohortTable(labels: readonly string[], rows: ReadonlyArray<{ cohort: number; period: number; users: string }>) {
  const active = new Map(rows.map((row) => [`${Number(row.cohort)}/${Number(row.period)}`, Number(row.users)]));
  const maxPeriods = rows.reduce((max, row) => (Number(row.users) > 0 ? Math.max(max, Number(row.period)) : max), 0);
  const cohorts: RetentionTable['cohorts'] = {};
  labels.forEach((label, index) => {
    const size = active.get(`${index}/0`) ?? 0;
    if (size === 0) return;
    const elapsed = labels.length - 1 - index;
    cohorts[label] = {
      size,
      percentages: Array.from({ length: maxPeriods + 1 }, (_, period) =>
        period > elapsed ? null : percentOf(active.get(`${index}/${period}`) ?? 0, size),
      ),
    };
  });
  return { cohorts, maxPeriods };
}
