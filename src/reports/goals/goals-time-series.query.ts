// Several goals' conversions per time bucket in one pass: the goals page's chart.
import type { AnalyticsStore } from '../../platform/analytics-store/analytics-store.js';
import type { Goal } from '../../goals/index.js';
import { goalConditionSql } from '../../goals/index.js';
import { bucketSql } from '../../stats/buckets.js';
import { fillBuckets } from '../../stats/fill-buckets.js';
import { mergeParams } from '../../stats/sql-fragment.js';
import { baseWhere, type StatsQuery } from '../../stats/stats-query.js';
import { conversionRate } from './goals.query.js';

export interface GoalSeriesPoint {
  time: string;
  goal_id: number;
  conversions: number;
  total_sessions: number;
  conversion_rate: number;
}

/**
 * Per bucket (default day) of event time and per goal: the sessions with an event in the bucket
 * (`total_sessions`) and those with a matching one (`conversions`), rate 0..1 (4 decimals); zero-filled,
 * ordered by time, then by the goals' order.
 */
export async function goalsTimeSeries(store: AnalyticsStore, query: StatsQuery, goals: readonly Goal[]): Promise<GoalSeriesPoint[]> {
  if (goals.length === 0) return [];
  const bucket = query.bucket ?? 'day';
  const where = baseWhere(query);
  const time = bucketSql(bucket, query.range.timeZone);
  const conditions = goals.map((goal, index) => goalConditionSql(goal, `goal${index}_`));
  const rows = await store.query<Record<string, string>>(
    `SELECT ${time.sql} AS time, toString(uniqExact(session_id)) AS sessions,
       ${conditions.map((condition, index) => `toString(uniqExactIf(session_id, ${condition.sql})) AS g${index}`).join(', ')}
     FROM events WHERE ${where.sql} GROUP BY ${time.key}`,
    mergeParams([where, time, ...conditions]),
  );
  const filled = fillBuckets(
    rows.map((row) => ({ time: row.time ?? '', counts: row })),
    query.range,
    bucket,
    (label) => ({ time: label, counts: {} as Record<string, string> }),
  );
  return filled.flatMap(({ time: label, counts }) => {
    const sessions = Number(counts.sessions ?? 0);
    return goals.map((goal, index) => {
      const conversions = Number(counts[`g${index}`] ?? 0);
      return { time: label, goal_id: goal.goalId, conversions, total_sessions: sessions, conversion_rate: conversionRate(conversions, sessions) };
    });
  });
}
