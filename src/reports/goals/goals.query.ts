// Goal conversions: sessions with at least one matching event, for a page of goals in one scan, or per time bucket for one goal.
import type { AnalyticsStore } from '../../platform/analytics-store/analytics-store.js';
import type { Goal } from '../../goals/index.js';
import { GOAL_TARGETS, goalConditionSql, type GoalDefinition } from '../../goals/index.js';
import { ACTION_EVENTS, isActionEventType } from '../action-events.js';
import { bucketSql } from '../../stats/buckets.js';
import { fillBuckets } from '../../stats/fill-buckets.js';
import { readsSessionsTable, sessionRowsSql, sessionSplit } from '../../stats/session-rows.query.js';
import { anyOf, mergeParams, type SqlFragment } from '../../stats/sql-fragment.js';
import { baseWhere, type StatsQuery } from '../../stats/stats-query.js';
import { revenueSummary, type CurrencySum, type Revenue, type RevenueContext } from '../../revenue/revenue-summary.js';
import { revenueSumsFor } from '../revenue/revenue-sums.query.js';
import { matchesOnPathAlone, pathGoalCountsSql } from './path-goal-counts.query.js';

export interface GoalResult {
  goalId: number;
  name: string | null;
  goalType: Goal['goalType'];
  config: Goal['config'];
  createdAt: string;
  total_conversions: number;
  total_sessions: number;
  conversion_rate: number;
  revenue: Revenue;
}

export interface GoalBucket {
  time: string;
  conversions: number;
  sessions: number;
  conversion_rate: number;
}

/** conversions / sessions as a 0..1 fraction rounded to 4 decimals; 0 without sessions. */
export function conversionRate(conversions: number, sessions: number): number {
  return sessions === 0 ? 0 : Math.round((conversions / sessions) * 10_000) / 10_000;
}

/** Parameter names of goal i; they cannot clash with the stats engine's (`siteId`, `range_*`, `f<i>_*`, `bucket_tz`). */
const goalPrefix = (index: number) => `goal${index}_`;

/**
 * Every goal's converted sessions and the sessions in range. Conversions on pageviews come from `events`,
 * the others from `action_events` (the same rows, without pageviews and vitals, see ../action-events.ts).
 * When every filter is on a visitor attribute (or there is none), the sessions come from the session rows (the
 * `sessions` table, see stats/session-rows.query.ts), goals on a path alone from the `page_views_by_kind` rows
 * (path-goal-counts.query.ts), and each table is read only where some goal matches; with a filter on anything
 * else, the sessions and the pageview goals come from one pass over the filtered events.
 */
export async function goalResults(store: AnalyticsStore, query: StatsQuery, goals: readonly Goal[], revenue: RevenueContext): Promise<GoalResult[]> {
  if (goals.length === 0) return [];
  const [row, sums] = await Promise.all([goalCounts(store, query, goals), goalRevenue(store, query, goals)]);
  const totalSessions = Number(row.total_sessions ?? 0);
  return goals.map((goal, index) => {
    const conversions = Number(row[`g${index}`] ?? 0);
    return {
      goalId: goal.goalId,
      name: goal.name,
      goalType: goal.goalType,
      config: goal.config,
      createdAt: goal.createdAt,
      total_conversions: conversions,
      total_sessions: totalSessions,
      conversion_rate: conversionRate(conversions, totalSessions),
      revenue: revenueSummary(sums[index] ?? [], revenue, conversions),
    };
  });
}

/** Per goal, the revenue of its matching events per currency: only custom event goals have any. */
async function goalRevenue(store: AnalyticsStore, query: StatsQuery, goals: readonly GoalDefinition[]): Promise<CurrencySum[][]> {
  const onEvents = goals.flatMap((goal, index) => (GOAL_TARGETS[goal.goalType].eventType === 'custom_event' ? [{ index, condition: goalConditionSql(goal, goalPrefix(index)) }] : []));
  const sums = await revenueSumsFor(store, baseWhere(query), onEvents.map((goal) => goal.condition));
  const byGoal: CurrencySum[][] = goals.map(() => []);
  onEvents.forEach((goal, position) => {
    byGoal[goal.index] = sums[position] ?? [];
  });
  return byGoal;
}

interface GoalCondition {
  /** The goal's place in the report: its column is `g<index>`. */
  readonly index: number;
  readonly condition: SqlFragment;
}

/**
 * One pass over `table`: `g<i>` for each goal given and, when asked, `total_sessions`. Without the total,
 * only the rows matching some goal are read.
 */
async function countIn(store: AnalyticsStore, table: string, where: SqlFragment, goals: readonly GoalCondition[], total: boolean): Promise<Record<string, string>> {
  if (goals.length === 0 && !total) return {};
  const columns = [
    ...(total ? ['toString(uniqExact(session_id)) AS total_sessions'] : []),
    ...goals.map(({ index, condition }) => `toString(uniqExactIf(session_id, ${condition.sql})) AS g${index}`),
  ];
  const matching = total ? '' : ` AND (${anyOf(goals.map((goal) => goal.condition)).sql})`;
  const [row] = await store.query<Record<string, string>>(
    `SELECT ${columns.join(', ')} FROM ${table} WHERE ${where.sql}${matching}`,
    mergeParams([where, ...goals.map((goal) => goal.condition)]),
  );
  return row ?? {};
}

/** `total_sessions` and `g<i>` (sessions converting on goal i), as text. */
async function goalCounts(store: AnalyticsStore, query: StatsQuery, goals: readonly GoalDefinition[]): Promise<Record<string, string>> {
  const where = baseWhere(query);
  const conditions = goals.map((goal, index) => ({
    index,
    condition: goalConditionSql(goal, goalPrefix(index)),
    onActions: isActionEventType(GOAL_TARGETS[goal.goalType].eventType),
    onPath: matchesOnPathAlone(goal),
  }));
  const onActions = conditions.filter((goal) => goal.onActions);
  // Filters on visitor attributes narrow the session rows and the page views' rows alike (10 M events, 5 goals,
  // country=US: 680 ms through the filtered events, 368 ms this way). Goals on a path alone then read the page
  // views' path rows instead of every event (decision 0041).
  const fromSessions = readsSessionsTable(query);
  const onPaths = fromSessions ? conditions.filter((goal) => goal.onPath) : [];
  const onPages = conditions.filter((goal) => !goal.onActions && !onPaths.includes(goal));
  const [pages, paths, actions, totalSessions] = await Promise.all([
    countIn(store, 'events', where, onPages, !fromSessions),
    countPaths(store, query, onPaths),
    countIn(store, ACTION_EVENTS, where, onActions, false),
    fromSessions ? countSessions(store, query) : undefined,
  ]);
  return { ...pages, ...paths, ...actions, ...(totalSessions === undefined ? {} : { total_sessions: totalSessions }) };
}

/** `g<i>` for goals on a path alone, from the page views' rows where the split gives them the sessions. */
async function countPaths(store: AnalyticsStore, query: StatsQuery, goals: readonly GoalCondition[]): Promise<Record<string, string>> {
  if (goals.length === 0) return {};
  const split = await sessionSplit(store, query);
  if (!split) return countIn(store, 'events', baseWhere(query), goals, false);
  const counts = pathGoalCountsSql(query, split, goals);
  const [row] = await store.query<Record<string, string>>(counts.sql, counts.params);
  return row ?? {};
}

async function countSessions(store: AnalyticsStore, query: StatsQuery): Promise<string> {
  const sessions = await sessionRowsSql(store, query);
  const [row] = await store.query<{ sessions: string }>(`SELECT toString(count()) AS sessions FROM (${sessions.sql})`, sessions.params);
  return row?.sessions ?? '0';
}

export interface GoalPreview {
  total_conversions: number;
  total_sessions: number;
  conversion_rate: number;
}

/** What the goals report would count for a goal not saved (yet): the same query, for one definition. */
export async function goalPreview(store: AnalyticsStore, query: StatsQuery, goal: GoalDefinition): Promise<GoalPreview> {
  const row = await goalCounts(store, query, [goal]);
  const conversions = Number(row.g0 ?? 0);
  const sessions = Number(row.total_sessions ?? 0);
  return { total_conversions: conversions, total_sessions: sessions, conversion_rate: conversionRate(conversions, sessions) };
}

/** Per bucket of event time: sessions with events in it, and those with a matching event in it. */
export async function goalTimeSeries(store: AnalyticsStore, query: StatsQuery, goal: Goal): Promise<GoalBucket[]> {
  const bucket = query.bucket ?? 'day';
  const where = baseWhere(query);
  const time = bucketSql(bucket, query.range.timeZone);
  const condition = goalConditionSql(goal, goalPrefix(0));
  const rows = await store.query<{ time: string; sessions: string; conversions: string }>(
    `SELECT ${time.sql} AS time, toString(uniqExact(session_id)) AS sessions,
       toString(uniqExactIf(session_id, ${condition.sql})) AS conversions
     FROM events WHERE ${where.sql} GROUP BY ${time.key}`,
    mergeParams([where, time, condition]),
  );
  const series = rows.map((row) => {
    const sessions = Number(row.sessions);
    const conversions = Number(row.conversions);
    return { time: row.time, conversions, sessions, conversion_rate: conversionRate(conversions, sessions) };
  });
  return fillBuckets(series, query.range, bucket, (t) => ({ time: t, conversions: 0, sessions: 0, conversion_rate: 0 }));
}
