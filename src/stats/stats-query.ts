// StatsQuery, what every report receives, and baseWhere, the one WHERE clause every report starts from.
import type { Bucket } from './buckets.js';
import { filterConditions } from './filters.js';
import type { Filter } from './filters.schema.js';
import { siteScopeConditions } from './site-scope.js';
import { allOf, type SqlFragment } from './sql-fragment.js';
import type { TimeRange } from './time-range.js';

export interface StatsQuery {
  readonly siteId: number;
  readonly range: TimeRange;
  /** The `filters` parameter followed by the segment's filters; all are ANDed. */
  readonly filters: readonly Filter[];
  readonly bucket?: Bucket | undefined;
}

/**
 * `site_id = {siteId:UInt32} AND <time range on timestamp> AND <filters>` over the events table.
 * Bound names: `siteId`, `range_from`, `range_to`, `f<i>_<j>` (and `f<i>_key` for url_param filters).
 */
export function baseWhere(query: StatsQuery): SqlFragment {
  return allOf([...siteScopeConditions(query.siteId, query.range), filterWhere(query)]);
}

/** The filters' condition alone, `ALWAYS_TRUE` without filters (same bound names as baseWhere's). */
export function filterWhere(query: StatsQuery): SqlFragment {
  return allOf(filterConditions(query.filters, { siteId: query.siteId, range: query.range }));
}
