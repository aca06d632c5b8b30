// /goals: the conversions report (one query per page), goals' time series (several, or one), a goal's converted
// sessions and a definition's preview (the definitions themselves are the goals feature's routes).
import type { FastifyInstance } from 'fastify';
import { GoalIdParams, requireGoal, type Goal } from '../../goals/index.js';
import { pageWindow } from '../report-paging.js';
import { registerReport, type ReportDeps } from '../report-route.js';
import { drillDownPagingParams } from '../session-drill-down-paging.js';
import { goalSessions } from './goal-sessions.query.js';
import { DEFAULT_PAGE_SIZE, GoalPageParams, pageMeta } from './goals-params.schema.js';
import { goalResults, goalTimeSeries } from './goals.query.js';
import { goalsTimeSeries } from './goals-time-series.query.js';
import { goalIdsParam } from './goal-ids-param.js';
import { registerGoalPreview } from './goal-preview.routes.js';
import { GoalsReportSchema, GoalsTimeSeriesSchema } from './goals-responses.schema.js';
import { revenueContextOf } from '../revenue/revenue-context.js';

const TAG = 'Goals';

export async function goalsRoutes(app: FastifyInstance, deps: ReportDeps): Promise<void> {
  const { goals } = deps;
  const goalOf = (siteId: number, goalIdText: string): Promise<Goal> => requireGoal(goals, siteId, goalIdText);

  registerReport(app, deps, {
    path: '/goals',
    tag: TAG,
    summary:
      'A page of goals (ordered by sort and order, default oldest first) with their conversions: sessions with a matching event, ' +
      'and conversion_rate = conversions / sessions (0..1, 4 decimals); revenue: what the matching custom events carried (total and ' +
      'average per conversion in the site\'s reportingCurrency, and per currency)',
    scope: 'goals:read',
    params: GoalPageParams,
    response: GoalsReportSchema,
    run: async ({ site, store, query, params }) => {
      const page = params.page ?? 1;
      const pageSize = params.page_size ?? DEFAULT_PAGE_SIZE;
      const found = await goals.page(site.siteId, page, pageSize, { sort: params.sort, order: params.order });
      const revenue = await revenueContextOf(deps, site.siteId);
      return { data: await goalResults(store, query, found.goals, revenue), meta: pageMeta(found.total, page, pageSize) };
    },
  });

  registerReport(app, deps, {
    path: '/goals/time-series',
    tag: TAG,
    summary:
      "The chosen goals' conversions per bucket of event time (default day), zero-filled, as {data: [{time, goal_id, conversions, " +
      'total_sessions, conversion_rate}]}, ordered by time then by goal_ids; conversion_rate = conversions / total_sessions (0..1); ' +
      "unknown ids are left out; time is the bucket start, YYYY-MM-DD HH:MM:SS in time_zone",
    scope: 'goals:read',
    params: { goal_ids: goalIdsParam },
    response: GoalsTimeSeriesSchema,
    run: async ({ site, store, query, params }) => {
      const wanted = new Set(params.goal_ids);
      const chosen = (await goals.list(site.siteId)).filter((goal) => wanted.has(goal.goalId));
      chosen.sort((a, b) => params.goal_ids.indexOf(a.goalId) - params.goal_ids.indexOf(b.goalId));
      return { data: await goalsTimeSeries(store, query, chosen) };
    },
  });

  registerReport(app, deps, {
    path: '/goals/:goalId/time-series',
    tag: TAG,
    summary: "A goal's converted sessions and all sessions per bucket of event time (zero-filled)",
    scope: 'goals:read',
    pathParams: GoalIdParams,
    run: async ({ site, store, query, path }) => ({ data: await goalTimeSeries(store, query, await goalOf(site.siteId, path.goalId ?? '')) }),
  });

  registerReport(app, deps, {
    path: '/goals/:goalId/sessions',
    tag: TAG,
    summary:
      'Sessions that converted the goal (an event matching both the filters and the goal), as rows of the sessions list, ' +
      'newest start first; 404 for an unknown goal',
    scope: 'goals:read',
    pathParams: GoalIdParams,
    params: drillDownPagingParams,
    run: async ({ site, store, query, path, params }) => ({
      data: await goalSessions(store, query, await goalOf(site.siteId, path.goalId ?? ''), pageWindow(params)),
    }),
  });

  registerGoalPreview(app, deps);
}
