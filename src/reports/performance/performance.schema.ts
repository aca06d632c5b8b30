// The 200 bodies of the /performance reports: documented in the OpenAPI document, and the shape answers are serialized through.
import { z } from 'zod';
import { PERFORMANCE_DIMENSIONS } from './performance-by-dimension.query.js';
import { OVERVIEW_QUANTILES, WEB_VITALS } from './web-vitals.js';

const UNIT = { lcp: 'ms', cls: 'unitless layout shift score', inp: 'ms', fcp: 'ms', ttfb: 'ms' } as const;

const vitalFigure = (vital: keyof typeof UNIT, what: string) =>
  z.number().nullable().describe(`${what} of ${vital.toUpperCase()} (${UNIT[vital]}); null without samples`);

/** `lcp_p50` ... `ttfb_p99`. */
const quantileFields: z.ZodRawShape = Object.fromEntries(
  WEB_VITALS.flatMap(({ name }) => OVERVIEW_QUANTILES.map(({ suffix }) => [`${name}_${suffix}`, vitalFigure(name, suffix)])),
);

/** `lcp_avg` ... `ttfb_avg`. */
const meanFields: z.ZodRawShape = Object.fromEntries(WEB_VITALS.map(({ name }) => [`${name}_avg`, vitalFigure(name, 'mean')]));

/** The row's value, under the name of the dimension asked for (only that one is present). */
const dimensionFields: z.ZodRawShape = Object.fromEntries(
  PERFORMANCE_DIMENSIONS.map((dimension) => [dimension, z.string().optional().describe(`the ${dimension}, when dimension=${dimension}`)]),
);

const count = (what: string) => z.number().int().nonnegative().describe(what);

export const performanceOverviewResponse = z.object({
  data: z.object({ ...quantileFields, total_performance_events: count('performance events in scope') }),
});

export const performanceTimeSeriesResponse = z.object({
  data: z.array(z.object({
    time: z.string().describe('bucket start, YYYY-MM-DD HH:MM:SS in time_zone'),
    ...quantileFields,
    event_count: count('performance events in the bucket'),
  })),
});

export const performanceByDimensionResponse = z.object({
  data: z.object({
    data: z.array(z.object({ ...dimensionFields, event_count: count('performance events with this value'), ...meanFields, ...quantileFields })),
    totalCount: count('non-empty values of the dimension in scope'),
  }),
});
