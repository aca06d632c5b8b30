// GET /performance/overview, /performance/time-series and /performance/by-dimension (web vitals).
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { integerParam } from '../integer-param.js';
import { registerReport, type ReportDeps } from '../report-route.js';
import {
  PERFORMANCE_DIMENSIONS,
  performanceByDimension,
  performanceOverview,
  performanceTimeSeries,
} from './performance.query.js';

const QUANTILES = 'exact quantiles, linearly interpolated; null when there are no samples';

export async function performanceRoutes(app: FastifyInstance, deps: ReportDeps): Promise<void> {
  registerReport(app, deps, {
    path: '/performance/overview',
    tag: 'Performance',
    summary: `p50, p75, p90 and p99 of LCP, CLS, INP, FCP and TTFB over performance events (${QUANTILES}), and their count`,
    run: async ({ store, query }) => ({ data: await performanceOverview(store, query) }),
  });
  registerReport(app, deps, {
    path: '/performance/time-series',
    tag: 'Performance',
    summary: `The p75 of each web vital and the performance events per time bucket (${QUANTILES}; empty buckets have 0 events)`,
    run: async ({ store, query }) => ({ data: await performanceTimeSeries(store, query) }),
  });
  registerReport(app, deps, {
    path: '/performance/by-dimension',
    tag: 'Performance',
    summary: `The p75 of each web vital per value of a dimension, most performance events first (${QUANTILES})`,
    params: {
      dimension: z.enum(PERFORMANCE_DIMENSIONS).describe(`one of ${PERFORMANCE_DIMENSIONS.join(', ')}`),
      limit: integerParam(1, 1000, 100).describe('values returned, 1..1000; default 100'),
    },
    run: async ({ store, query, params }) => ({
      data: await performanceByDimension(store, query, params.dimension, params.limit),
    }),
  });
}
