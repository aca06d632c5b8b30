// The `limit` and `page` query parameters of paged reports, and the LIMIT / OFFSET they select.
import { integerParam } from './integer-param.js';

export const MAX_PAGE_LIMIT = 1000;

/** Spread into a report's `params`: `limit` (1..1000, default 100) and `page` (1-based, default 1). */
export const pagingParams = {
  limit: integerParam(1, MAX_PAGE_LIMIT, 100).describe(`rows per page, 1..${MAX_PAGE_LIMIT} (default 100)`),
  page: integerParam(1, 1_000_000, 1).describe('1-based page number (default 1)'),
};

export interface Paging {
  readonly limit: number;
  readonly page: number;
}

/** Bound values for `LIMIT {limit:UInt32} OFFSET {offset:UInt64}`. */
export function pageWindow(paging: Paging): { limit: number; offset: number } {
  return { limit: paging.limit, offset: (paging.page - 1) * paging.limit };
}
