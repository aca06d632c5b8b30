// GET /metric (a breakdown by any dimension) and /page-titles, both ranked and paged; GET /breakdowns, several /metric
// breakdowns in one answer (a Loupe extension).
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { largePagingParams, pagingParams } from '../report-paging.js';
import { registerReport, type ReportDeps } from '../report-route.js';
import { metricBreakdown } from './metric.query.js';
import { pageTitles } from './page-titles.query.js';
import { BreakdownsResponseSchema, MetricResponseSchema, PageTitlesResponseSchema } from './metric.schema.js';
import { BREAKDOWN_LIMITS_PARAM, BREAKDOWN_PARAMETERS_PARAM, breakdownRequests } from './breakdowns-params.js';
import { sessionBreakdowns } from './session-breakdowns.query.js';

export async function metricRoutes(app: FastifyInstance, deps: ReportDeps): Promise<void> {
  registerReport(app, deps, {
    path: '/metric',
    tag: 'Overview',
    summary:
      'Sessions by a dimension (a session counts under its first value; pathname, page_title and querystring count ' +
      'the sessions that viewed it, event_name the custom event occurrences), with pageviews and bounce rate',
    params: {
      parameter: z.string().min(1).max(300).describe('any filter parameter, entry_page, exit_page or url_param:<name>'),
      ...largePagingParams,
    },
    response: MetricResponseSchema,
    run: async ({ store, query, params }) => ({ data: await metricBreakdown(store, query, params) }),
  });
  registerReport(app, deps, {
    path: '/page-titles',
    tag: 'Overview',
    summary: 'Pages by title and pathname: sessions that viewed each, their share and pageviews',
    params: pagingParams,
    response: PageTitlesResponseSchema,
    run: async ({ store, query, params }) => ({ data: await pageTitles(store, query, params) }),
  });
  registerReport(app, deps, {
    path: '/breakdowns',
    tag: 'Overview',
    summary:
      'Several /metric breakdowns in one answer (a Loupe extension): each entry equals GET /metric with the same parameter ' +
      'and limit (first page); the breakdowns by a session\'s value are read in one pass',
    params: { parameters: BREAKDOWN_PARAMETERS_PARAM, limits: BREAKDOWN_LIMITS_PARAM },
    response: BreakdownsResponseSchema,
    run: async ({ store, query, params }) => ({ data: await sessionBreakdowns(store, query, breakdownRequests(params.parameters, params.limits)) }),
  });
}
