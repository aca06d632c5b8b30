// The condition every report starts from: one site's events inside the time range.
import { allOf, type SqlFragment } from './sql-fragment.js';
import { timeRangeConditions, type TimeRange } from './time-range.js';

/** `site_id = {siteId:UInt32}` and the time range on `timestamp`. */
export function siteScopeSql(siteId: number, range: TimeRange): SqlFragment {
  return allOf(siteScopeConditions(siteId, range));
}

/** The same as separate conditions, for flat AND lists. */
export function siteScopeConditions(siteId: number, range: TimeRange): SqlFragment[] {
  if (!Number.isInteger(siteId) || siteId < 1 || siteId > 0xffffffff) throw new Error(`Bad site id ${siteId}`);
  return [{ sql: 'site_id = {siteId:UInt32}', params: { siteId } }, ...timeRangeConditions(range)];
}
