// People's activity per quarter hour, from the `user_quarters` projection of `events` (analytics migration
// 0020): one row per site, quarter hour and person (`user_key_hash`) with their first and last event and
// their pageviews and custom events. The stretches of a range that user-days.ts does not read from whole
// UTC days (a partial day at either end) come from these rows for their whole quarter hours, and from the
// events themselves only at their unaligned ends. The projection is part of `events`: inserts, merges and
// deletes keep it equal to the rows it summarizes, so no report can see it stale.
import type { SqlFragment } from './sql-fragment.js';
import { toClickHouseDateTime, type TimeRange } from './time-range.js';

const QUARTER_MS = 15 * 60_000;
const DT = "DateTime64(3, 'UTC')";

/** The projection's quarter-hour key; a query must group or filter by this very expression to be answered from it. */
const QUARTER = 'toStartOfFifteenMinutes(timestamp)';

/** A half-open interval of instants (epoch milliseconds), either end open (undefined). */
export interface Interval {
  readonly from?: number | undefined;
  readonly to?: number | undefined;
}

/** The range's quarter hours it covers whole, and the partial stretches before and after them. */
export interface QuarterSplit {
  /** Quarter starts from `from` (inclusive) to `to` (exclusive); undefined when the range covers none whole. */
  readonly quarters: Interval | undefined;
  /** The stretches of the range outside those quarters, each half-open. */
  readonly edges: readonly Interval[];
}

/** The range as a half-open interval: an inclusive `to` counts as exclusive a millisecond later (times are milliseconds). */
export function rangeInterval(range: Pick<TimeRange, 'from' | 'to' | 'toInclusive'>): Interval {
  return {
    from: range.from?.getTime(),
    to: range.to === undefined ? undefined : range.to.getTime() + (range.toInclusive ? 1 : 0),
  };
}

/**
 * Splits `[from, to)` at quarter hours. Quarter hours are whole in UTC and in every time zone's offsets
 * (multiples of 15 minutes), but the split does not rely on that: a quarter's rows keep their first and
 * last event times.
 */
export function splitAtQuarters(range: Pick<TimeRange, 'from' | 'to' | 'toInclusive'>): QuarterSplit {
  return splitIntervalAtQuarters(rangeInterval(range));
}

function splitIntervalAtQuarters({ from, to }: Interval): QuarterSplit {
  const first = from === undefined ? undefined : Math.ceil(from / QUARTER_MS) * QUARTER_MS;
  const last = to === undefined ? undefined : Math.floor(to / QUARTER_MS) * QUARTER_MS;
  if (first !== undefined && last !== undefined && first >= last) return { quarters: undefined, edges: [{ from, to }] };
  const edges: Interval[] = [];
  if (from !== undefined && first !== undefined && from < first) edges.push({ from, to: first });
  if (to !== undefined && last !== undefined && last < to) edges.push({ from: last, to });
  return { quarters: { from: first, to: last }, edges };
}

/** An instant as bound to `type`: whole seconds for a DateTime, milliseconds for a DateTime64(3). */
const instant = (ms: number, type: string) => (type === QUARTER_TYPE ? toClickHouseDateTime(new Date(ms)).slice(0, 19) : toClickHouseDateTime(new Date(ms)));
const QUARTER_TYPE = "DateTime('UTC')";

function intervalSql(interval: Interval, column: string, prefix: string, type: string): SqlFragment {
  const parts: string[] = [];
  const params: Record<string, string> = {};
  if (interval.from !== undefined) {
    parts.push(`${column} >= {${prefix}_from:${type}}`);
    params[`${prefix}_from`] = instant(interval.from, type);
  }
  if (interval.to !== undefined) {
    parts.push(`${column} < {${prefix}_to:${type}}`);
    params[`${prefix}_to`] = instant(interval.to, type);
  }
  return { sql: parts.length === 0 ? '1 = 1' : parts.join(' AND '), params };
}

/** Intervals of one column as one condition, `(a) OR (b)`, with their parameters named `prefix0`, `prefix1`, ... */
function anyIntervalSql(intervals: readonly Interval[], column: string, prefix: string, type: string): SqlFragment {
  const conditions = intervals.map((interval, index) => intervalSql(interval, column, `${prefix}${index}`, type));
  return { sql: conditions.map((condition) => `(${condition.sql})`).join(' OR '), params: Object.assign({}, ...conditions.map((condition) => condition.params)) };
}

/** Whether each row stands for one quarter hour (`quarter`) or for the person's whole stretch (`person`). */
export type UserQuarterGrain = 'quarter' | 'person';

/**
 * A subquery with the people active in the given stretches (half-open, disjoint), every event of the site
 * counted: `uk` (the person's `user_key_hash`), `f` and `l` (first and last event), `pv` (pageviews) and `ce`
 * (custom events). With the `quarter` grain a person has a row per quarter hour (and per edge event), so `f`
 * and `l` of a row lie in one quarter hour; with the `person` grain one row per person from the quarters and a
 * row per edge event: group by `uk` (min `f`, max `l`, sum `pv` and `ce`) either way. Binds `siteId` and `uq_*`
 * names. Undefined when there is no stretch.
 */
export function userQuarterRows(siteId: number, stretches: readonly Interval[], grain: UserQuarterGrain): SqlFragment | undefined {
  const splits = stretches.map(splitIntervalAtQuarters);
  const quarters = splits.flatMap((split) => (split.quarters ? [split.quarters] : []));
  const edges = splits.flatMap((split) => split.edges);
  const parts: string[] = [];
  const params: Record<string, unknown> = { siteId };
  if (quarters.length > 0) {
    const within = anyIntervalSql(quarters, QUARTER, 'uq_quarters', QUARTER_TYPE);
    const keys = grain === 'quarter' ? `${QUARTER}, user_key_hash` : 'user_key_hash';
    parts.push(`SELECT user_key_hash AS uk, min(timestamp) AS f, max(timestamp) AS l,
        countIf(type = 'pageview') AS pv, countIf(type = 'custom_event') AS ce
      FROM events WHERE site_id = {siteId:UInt32} AND (${within.sql})
      GROUP BY ${keys}`);
    Object.assign(params, within.params);
  }
  if (edges.length > 0) {
    const within = anyIntervalSql(edges, 'timestamp', 'uq_edge', DT);
    Object.assign(params, within.params);
    parts.push(`SELECT user_key_hash AS uk, timestamp AS f, timestamp AS l,
        toUInt64(type = 'pageview') AS pv, toUInt64(type = 'custom_event') AS ce
      FROM events WHERE site_id = {siteId:UInt32} AND (${within.sql})`);
  }
  return parts.length === 0 ? undefined : { sql: parts.join('\n      UNION ALL\n      '), params };
}
