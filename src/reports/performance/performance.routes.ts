// GET /performance/overview, /performance/time-series and /performance/by-dimension (web vitals).
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { integerParam } from '../integer-param.js';
import { registerReport, type ReportDeps } from '../report-route.js';
import { performanceOverview, performanceTimeSeries } from './performance.query.js';
import { PERFORMANCE_DIMENSIONS, PERFORMANCE_SORT_COLUMNS, performanceByDimension } from './performance-by-dimension.query.js';
import { performanceByDimensionResponse, performanceOverviewResponse, performanceTimeSeriesResponse } from './performance.schema.js';

const QUANTILES = 'exact quantiles, linearly interpolated; null when there are no samples';

/** A word from a closed set; empty or absent means `fallback`. */
function word<const T extends readonly [string, ...string[]]>(values: T, fallback: T[number]) {
  return z.preprocess((value) => (value === '' ? undefined : value), z.enum(values).default(fallback));
}

const SORT_KEYS = [...PERFORMANCE_DIMENSIONS, ...PERFORMANCE_SORT_COLUMNS] as const;

export async function performanceRoutes(app: FastifyInstance, deps: ReportDeps): Promise<void> {
  registerReport(app, deps, {
    path: '/performance/overview',
    tag: 'Performance',
    summary: `p50, p75, p90 and p99 of LCP, CLS, INP, FCP and TTFB over performance events (${QUANTILES}), and their count`,
    response: performanceOverviewResponse,
    run: async ({ store, query }) => ({ data: await performanceOverview(store, query) }),
  });
  registerReport(app, deps, {
    path: '/performance/time-series',
    tag: 'Performance',
    summary:
      `Per time bucket: p50, p75, p90 and p99 of each web vital (\`lcp_p50\` ... \`ttfb_p99\`, ${QUANTILES}) and ` +
      '`event_count`, the performance events (empty buckets: nulls and 0)',
    response: performanceTimeSeriesResponse,
    run: async ({ store, query }) => ({ data: await performanceTimeSeries(store, query) }),
  });
  registerReport(app, deps, {
    path: '/performance/by-dimension',
    tag: 'Performance',
    summary:
      '`{data: {data, totalCount}}`: per non-empty value of a dimension (keyed by the dimension name, e.g. `pathname`), ' +
      `\`event_count\` and each vital's mean and quantiles (\`lcp_avg\`, \`lcp_p50\` ... \`ttfb_p99\`; ${QUANTILES}); ` +
      'most performance events first unless sort_by says otherwise; totalCount counts the values',
    response: performanceByDimensionResponse,
    params: {
      dimension: z.enum(PERFORMANCE_DIMENSIONS).describe(`one of ${PERFORMANCE_DIMENSIONS.join(', ')}`),
      limit: integerParam(1, 1000, 100).describe('values per page, 1..1000; default 100'),
      page: integerParam(1, 1_000_000, 1).describe('1-based page number (default 1)'),
      sort_by: word(SORT_KEYS, 'event_count').describe('the dimension name, event_count, or a figure such as lcp_p75 (default event_count)'),
      sort_order: word(['asc', 'desc'], 'desc').describe('asc or desc (default desc); rows without samples come last'),
    },
    run: async ({ store, query, params }) => ({
      data: await performanceByDimension(store, query, {
        dimension: params.dimension,
        limit: params.limit,
        page: params.page,
        sortBy: params.sort_by,
        sortOrder: params.sort_order,
      }),
    }),
  });
}
