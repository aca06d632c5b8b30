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
  // Per user (hashed to UInt64, so the pass groups on a number), the periods it was active in as the bits
  // of one UInt64 (range is at most 52): OR-ing bits is far cheaper than collecting a set of dates.
  // Period indexes run from 0 (the oldest) to range - 1; later bits (63 at most) are never read.
  const period = `intDiv(dateDiff('day', {retention_first:Date}, ${PERIOD_START[mode]}), ${DAYS_PER_PERIOD[mode]})`;
  const rows = await store.query<{ cohort: number; period: number; users: string }>(
    `SELECT cohort, p - cohort AS period, count() AS users
     FROM (
       SELECT arrayFilter(i -> bitTest(active, i), range({retention_range:UInt8})) AS ps, ps[1] AS cohort
       FROM (
         SELECT groupBitOr(bitShiftLeft(toUInt64(1), least(${period}, 63))) AS active
         FROM events WHERE ${where.sql} AND ${window.sql}
         GROUP BY cityHash64(${user})
       )
     )
     ARRAY JOIN ps AS p
     GROUP BY cohort, period`,
    { ...where.params, ...window.params, retention_tz: query.range.timeZone, retention_first: periods.labels[0], retention_range: range },
  );
  const active = new Map(rows.map((row) => [`${periods.labels[Number(row.cohort)]}/${Number(row.period)}`, Number(row.users)]));
  const cohorts: RetentionTable['cohorts'] = {};
  periods.labels.forEach((label, index) => {
    const size = active.get(`${label}/0`) ?? 0;
    const percentages = Array.from({ length: range - index }, (_, period) => percentOf(active.get(`${label}/${period}`) ?? 0, size));
    cohorts[label] = { size, percentages };
  });
  return { cohorts, maxPeriods: range - 1, mode, range };
}
