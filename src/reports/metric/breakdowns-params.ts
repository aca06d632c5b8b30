// The query parameters of GET /breakdowns: the breakdowns' dimensions and their row limits, as comma-separated lists.
import { z } from 'zod';
import { StatsParamError } from '../../stats/bad-request-error.js';
import { MAX_LARGE_PAGE_LIMIT } from '../report-paging.js';
import type { BreakdownRequest } from './session-breakdowns.query.js';

/** At most this many breakdowns in one request. */
export const MAX_BREAKDOWNS = 10;

export const BREAKDOWN_PARAMETERS_PARAM = z
  .string()
  .min(1)
  .max(1000)
  .describe(`comma-separated dimensions, as /metric's parameter (1 to ${MAX_BREAKDOWNS}, each once; a url_param name may not hold a comma)`);

export const BREAKDOWN_LIMITS_PARAM = z
  .string()
  .regex(/^\d{1,5}(,\d{1,5})*$/, { error: 'expected comma-separated integers' })
  .optional()
  .describe(`rows of each breakdown, 1..${MAX_LARGE_PAGE_LIMIT}: one per parameter, or one for all (default 100)`);

const DEFAULT_LIMIT = 100;

/** The requested breakdowns, each with its limit; a 400 naming the parameter when the lists do not fit together. */
export function breakdownRequests(parameters: string, limits: string | undefined): BreakdownRequest[] {
  const names = parameters.split(',');
  if (names.length > MAX_BREAKDOWNS) throw new StatsParamError('parameters', `Invalid parameters: at most ${MAX_BREAKDOWNS} breakdowns`);
  if (names.some((name) => name === '')) throw new StatsParamError('parameters', 'Invalid parameters: an empty name');
  if (new Set(names).size !== names.length) throw new StatsParamError('parameters', 'Invalid parameters: a dimension named twice');
  const counts = limits === undefined ? [DEFAULT_LIMIT] : limits.split(',').map(Number);
  if (counts.length !== 1 && counts.length !== names.length) throw new StatsParamError('limits', 'Invalid limits: give one limit, or one per parameter');
  if (counts.some((count) => count < 1 || count > MAX_LARGE_PAGE_LIMIT)) throw new StatsParamError('limits', `Invalid limits: each from 1 to ${MAX_LARGE_PAGE_LIMIT}`);
  return names.map((parameter, index) => ({ parameter, limit: counts.length === 1 ? (counts[0] ?? DEFAULT_LIMIT) : (counts[index] ?? DEFAULT_LIMIT) }));
}
