// The common reporting parameters: their Zod schema, and parsing a request's query into a StatsQuery.
import { z } from 'zod';
import { StatsParamError } from './bad-request-error.js';
import { BUCKETS } from './buckets.js';
import { parseFiltersParam, validateFilters, type Filter } from './filters.schema.js';
import { checkFilterRegexes, type RegexProblem } from './regex-check.js';
import type { StatsQuery } from './stats-query.js';
import { resolveTimeRange } from './time-range.js';

/** An empty query value (`start_date=`) is the same as an absent one. */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

/** A century of minutes: the window's start stays a real instant the store can bind (DateTime64 starts in 1900). */
export const MAX_PAST_MINUTES = 100 * 366 * 24 * 60;

const pastMinutes = z
  .union([z.number(), z.string().regex(/^\d+(\.\d+)?$/).transform(Number)])
  .pipe(z.number().min(0).max(MAX_PAST_MINUTES));

const HINTS: Readonly<Record<string, string>> = {
  start_date: 'expected YYYY-MM-DD',
  end_date: 'expected YYYY-MM-DD',
  start_datetime: 'expected YYYY-MM-DD HH:mm:ss',
  end_datetime: 'expected YYYY-MM-DD HH:mm:ss',
  past_minutes_start: `expected a number from 0 to ${MAX_PAST_MINUTES}`,
  past_minutes_end: `expected a number from 0 to ${MAX_PAST_MINUTES}`,
  segment_id: 'expected a positive integer',
  bucket: `expected one of ${BUCKETS.join(', ')}`,
};

/** Segment ids are 32-bit integer keys in the metadata store (PostgreSQL refuses larger ones in a query). */
const MAX_SEGMENT_ID = 2_147_483_647;

export const commonParamsSchema = z.object({
  start_date: optional(z.string().regex(/^\d{4}-\d{2}-\d{2}$/)).describe('first local day (YYYY-MM-DD), with end_date'),
  end_date: optional(z.string().regex(/^\d{4}-\d{2}-\d{2}$/)).describe('last local day, inclusive (YYYY-MM-DD)'),
  time_zone: optional(z.string().max(64)).describe('IANA time zone of dates and buckets; default UTC'),
  start_datetime: optional(z.string().max(40)).describe('range start, YYYY-MM-DD HH:mm:ss or ISO 8601 (UTC unless an offset is given)'),
  end_datetime: optional(z.string().max(40)).describe('range end, exclusive'),
  past_minutes_start: optional(pastMinutes).describe('window start, minutes before now (greater than past_minutes_end)'),
  past_minutes_end: optional(pastMinutes).describe('window end, minutes before now'),
  filters: optional(z.string()).describe('JSON array of {parameter, type, value}'),
  segment_id: optional(
    z.union([z.number(), z.string().regex(/^[1-9]\d{0,15}$/).transform(Number)]).pipe(z.number().int().min(1).max(MAX_SEGMENT_ID)),
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
  /** Judges regex filter values (the analytics store's RE2); without it, only the syntax checks of the filter schema apply. */
  readonly regexProblem?: RegexProblem;
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
  await checkFilterRegexes(filters, 'filters', options.regexProblem);
  await checkFilterRegexes(segmentFilters, 'segment_id', options.regexProblem);
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
