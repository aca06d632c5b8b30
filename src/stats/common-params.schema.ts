// The common reporting parameters: their Zod schema, and parsing a request's query into a StatsQuery.
import { z } from 'zod';
import { StatsParamError } from './bad-request-error.js';
import { BUCKETS } from './buckets.js';
import { parseFiltersParam, validateFilters, type Filter } from './filters.schema.js';
import type { StatsQuery } from './stats-query.js';
import { resolveTimeRange } from './time-range.js';

/** An empty query value (`start_date=`) is the same as an absent one. */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

const numberAtLeastZero = z.union([
  z.number().min(0),
  z.string().regex(/^\d+(\.\d+)?$/).transform(Number),
]);

const HINTS: Readonly<Record<string, string>> = {
  start_date: 'expected YYYY-MM-DD',
  end_date: 'expected YYYY-MM-DD',
  start_datetime: 'expected YYYY-MM-DD HH:mm:ss',
  end_datetime: 'expected YYYY-MM-DD HH:mm:ss',
  past_minutes_start: 'expected a number >= 0',
  past_minutes_end: 'expected a number >= 0',
  segment_id: 'expected a positive integer',
  bucket: `expected one of ${BUCKETS.join(', ')}`,
};

export const commonParamsSchema = z.object({
  start_date: optional(z.string().regex(/^\d{4}-\d{2}-\d{2}$/)).describe('first local day (YYYY-MM-DD), with end_date'),
  end_date: optional(z.string().regex(/^\d{4}-\d{2}-\d{2}$/)).describe('last local day, inclusive (YYYY-MM-DD)'),
  time_zone: optional(z.string().max(64)).describe('IANA time zone of dates and buckets; default UTC'),
  start_datetime: optional(z.string().max(40)).describe('range start, YYYY-MM-DD HH:mm:ss (UTC unless an offset is given)'),
  end_datetime: optional(z.string().max(40)).describe('range end, exclusive'),
  past_minutes_start: optional(numberAtLeastZero).describe('window start, minutes before now (greater than past_minutes_end)'),
  past_minutes_end: optional(numberAtLeastZero).describe('window end, minutes before now'),
  filters: optional(z.string()).describe('JSON array of {parameter, type, value}'),
  segment_id: optional(
    z.union([z.number().int().min(1), z.string().regex(/^[1-9]\d{0,15}$/).transform(Number)]),
  ).describe("a saved segment; its filters are added to filters"),
  bucket: optional(z.enum(BUCKETS)).describe('time-series bucket'),
});

export type CommonParams = z.output<typeof commonParamsSchema>;

/**
 * Looks a saved segment up for the site being queried: its stored filters (an array, or the JSON text
 * of one), or undefined when the site has no such segment.
 */
export type ResolveSegment = (segmentId: number) => Promise<unknown>;

export interface ParseCommonParamsOptions {
  readonly siteId: number;
  /** Without it, any segment_id is rejected as unknown. */
  readonly resolveSegment?: ResolveSegment;
}

/** Validates a request's query (other keys are ignored) into a StatsQuery; throws StatsParamError. */
export async function parseCommonParams(
  query: unknown,
  now: Date,
  options: ParseCommonParamsOptions,
): Promise<StatsQuery> {
  const result = commonParamsSchema.safeParse(query ?? {});
  if (!result.success) {
    const parameter = String(result.error.issues[0]?.path[0] ?? 'query');
    const hint = HINTS[parameter];
    throw new StatsParamError(parameter, hint ? `Invalid ${parameter}: ${hint}` : `Invalid ${parameter}`);
  }
  return statsQueryFromParams(result.data, now, options);
}

/** A StatsQuery from parameters the schema has already validated (a route's querystring schema, say). */
export async function statsQueryFromParams(params: CommonParams, now: Date, options: ParseCommonParamsOptions): Promise<StatsQuery> {
  const range = resolveTimeRange(params, now);
  const filters = parseFiltersParam(params.filters);
  const segmentFilters = params.segment_id === undefined ? [] : await segmentFiltersOf(params.segment_id, options);
  return { siteId: options.siteId, range, filters: [...filters, ...segmentFilters], bucket: params.bucket };
}

async function segmentFiltersOf(segmentId: number, options: ParseCommonParamsOptions): Promise<Filter[]> {
  const stored = options.resolveSegment ? await options.resolveSegment(segmentId) : undefined;
  if (stored === undefined || stored === null) {
    throw new StatsParamError('segment_id', `Invalid segment_id: no segment ${segmentId} for this site`);
  }
  if (typeof stored !== 'string') return validateFilters(stored, 'segment_id');
  let decoded: unknown;
  try {
    decoded = JSON.parse(stored);
  } catch {
    throw new StatsParamError('segment_id', 'Invalid segment_id: its filters are not valid JSON');
  }
  return validateFilters(decoded, 'segment_id');
}
