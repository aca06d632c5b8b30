// /retention: users grouped by the period they were first seen in; the share of each group active in later periods.
import type { AnalyticsStore } from '../../platform/analytics-store/analytics-store.js';
import { findDimension } from '../../stats/dimensions.js';
import { baseWhere, type StatsQuery } from '../../stats/stats-query.js';
import { timeRangeSql } from '../../stats/time-range.js';
import { percentOf } from '../percentage.js';
import { DAYS_PER_PERIOD, retentionPeriods, type RetentionMode } from './retention-periods.js';

export interface RetentionTable {
  /** Keyed by the cohort's first day; percentages[i] = % of the cohort active i periods later (up to the last period). */
  cohorts: Record<string, { size: number; percentages: number[] }>;
  /** The highest period index shown (the oldest cohort's last one): range - 1. */
  maxPeriods: number;
  mode: RetentionMode;
  range: number;
}

export interface RetentionRequest {
  readonly mode: RetentionMode;
  readonly range: number;
}

/** The first day of an event's period, in the query's time zone. */
const PERIOD_START: Readonly<Record<RetentionMode, string>> = {
  day: 'toDate(timestamp, {retention_tz:String})',
  week: 'toMonday(timestamp, {retention_tz:String})',
};

/** The instant the table ends at: the query's range end, or now for an open range. */
function endOf(query: StatsQuery, now: Date): number {
  const to = query.range.to;
  if (!to) return now.getTime();
  return to.getTime() - (query.range.toInclusive ? 0 : 1);
}

export async function retention(store: AnalyticsStore, query: StatsQuery, now: Date, request: RetentionRequest): Promise<RetentionTable> {
  const { mode, range } = request;
  const periods = retentionPeriods(mode, range, endOf(query, now), query.range.timeZone);
  const where = baseWhere(query);
  const window = timeRangeSql({ from: periods.from, toInclusive: false, timeZone: 'UTC' }, 'timestamp', 'retention');
  const user = findDimension('user_id')?.expression.sql ?? 'user_id';
  // A user is hashed to UInt64 so the per-user pass groups on a number, not a string.
  const rows = await store.query<{ cohort_day: string; period: string | number; users: string }>(
    `SELECT toString(cohort) AS cohort_day, intDiv(dateDiff('day', cohort, p), ${DAYS_PER_PERIOD[mode]}) AS period, count() AS users
     FROM (
       SELECT cityHash64(${user}) AS uid, groupUniqArray(${PERIOD_START[mode]}) AS ps, arrayMin(ps) AS cohort
       FROM events WHERE ${where.sql} AND ${window.sql}
       GROUP BY uid
     )
     ARRAY JOIN ps AS p
     GROUP BY cohort, period`,
    { ...where.params, ...window.params, retention_tz: query.range.timeZone },
  );
  const active = new Map(rows.map((row) => [`${row.cohort_day}/${Number(row.period)}`, Number(row.users)]));
  const cohorts: RetentionTable['cohorts'] = {};
  periods.labels.forEach((label, index) => {
    const size = active.get(`${label}/0`) ?? 0;
    const percentages = Array.from({ length: range - index }, (_, period) => percentOf(active.get(`${label}/${period}`) ?? 0, size));
    cohorts[label] = { size, percentages };
  });
  return { cohorts, maxPeriods: range - 1, mode, range };
}
