// GET /overview and /overview/time-series.
import type { FastifyInstance } from 'fastify';
import { registerReport, type ReportDeps } from '../report-route.js';
import { overview, overviewTimeSeries } from './overview.query.js';
import { OverviewResponseSchema, OverviewTimeSeriesResponseSchema } from './overview.schema.js';

export async function overviewRoutes(app: FastifyInstance, deps: ReportDeps): Promise<void> {
  registerReport(app, deps, {
    path: '/overview',
    tag: 'Overview',
    summary: 'Sessions, pageviews, users, pages per session, bounce rate (%) and mean session duration (s)',
    response: OverviewResponseSchema,
    run: async ({ store, query }) => ({ data: await overview(store, query) }),
  });
  registerReport(app, deps, {
    path: '/overview/time-series',
    tag: 'Overview',
    summary: 'The overview figures per time bucket (empty buckets zero-filled); time is the bucket start in time_zone',
    response: OverviewTimeSeriesResponseSchema,
    run: async ({ store, query }) => ({ data: await overviewTimeSeries(store, query) }),
  });
}
