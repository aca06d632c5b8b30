// `limit` and `page` of the session lists behind a goal or a funnel step: 25 rows by default, as Rybbit's API.
import { integerParam } from './integer-param.js';
import { MAX_PAGE_LIMIT } from './report-paging.js';

export const DRILL_DOWN_DEFAULT_LIMIT = 25;

/** Spread into a report's `params`; read with `pageWindow` (report-paging.ts). */
export const drillDownPagingParams = {
  limit: integerParam(1, MAX_PAGE_LIMIT, DRILL_DOWN_DEFAULT_LIMIT).describe(`sessions per page, 1..${MAX_PAGE_LIMIT} (default ${DRILL_DOWN_DEFAULT_LIMIT})`),
  page: integerParam(1, 1_000_000, 1).describe('1-based page number (default 1)'),
};
