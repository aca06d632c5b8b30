// The `limit` and `page` query parameters of paged reports, and the LIMIT / OFFSET they select.
import { integerParam, optionalIntegerParam } from './integer-param.js';

export const MAX_PAGE_LIMIT = 1000;

/** Spread into a report's `params`: `limit` (1..1000, default 100) and `page` (1-based, default 1). */
export const pagingParams = {
  limit: integerParam(1, MAX_PAGE_LIMIT, 100).describe(`rows per page, 1..${MAX_PAGE_LIMIT} (default 100)`),
  page: integerParam(1, 1_000_000, 1).describe('1-based page number (default 1)'),
};

/**
 * For lists whose shape depends on paging, as Rybbit's: with `page` the answer is
 * `{data: {data, totalCount}}`, without it `{data: [...]}` (the first `limit` rows).
 */
export const optionalPageParams = {
  limit: pagingParams.limit,
  page: optionalIntegerParam(1, 1_000_000).describe('1-based page number; when given, the answer is {data: {data, totalCount}}'),
};

/** The rows of a list, and all of them counted, for `{data: {data, totalCount}}`. */
export interface CountedPage<Row> {
  data: Row[];
  totalCount: number;
}

/** `{data: {data, totalCount}}` when the caller asked for a page, else `{data: rows}`. */
export function pagedAnswer<Row>(page: number | undefined, result: CountedPage<Row>): { data: Row[] | CountedPage<Row> } {
  return { data: page === undefined ? result.data : result };
}

/** The largest page of the lists a map or an export reads whole (`/metric`, `/sessions`): 10,000 rows. */
export const MAX_LARGE_PAGE_LIMIT = 10_000;

/** As `pagingParams`, with `limit` up to 10,000. */
export const largePagingParams = {
  limit: integerParam(1, MAX_LARGE_PAGE_LIMIT, 100).describe(`rows per page, 1..${MAX_LARGE_PAGE_LIMIT} (default 100)`),
  page: pagingParams.page,
};

export interface Paging {
  readonly limit: number;
  readonly page: number;
}

/** Bound values for `LIMIT {limit:UInt32} OFFSET {offset:UInt64}`. */
export function pageWindow(paging: Paging): { limit: number; offset: number } {
  return { limit: paging.limit, offset: (paging.page - 1) * paging.limit };
}
