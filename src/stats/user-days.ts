// People's activity in a range: its whole UTC days from the `user_days` table (analytics migration 0030), one
// plain row per person and day, and the rest (a partial day at either end, days a caller leaves out) from the
// quarter-hour rows of user-quarters.ts. Retention and the users list group these rows by person.
import type { SqlFragment } from './sql-fragment.js';
import type { TimeRange } from './time-range.js';
import { rangeInterval, userQuarterRows, type Interval, type UserQuarterGrain } from './user-quarters.js';

const DAY_MS = 86_400_000;

/** A range cut at UTC midnights. */
export interface DaySplit {
  /** Runs of whole UTC days, each from a midnight (inclusive) to a midnight (exclusive); an open end stays open. */
  readonly days: readonly Interval[];
  /** The rest of the range, each half-open: the partial days at its ends and the whole days left out. */
  readonly rest: readonly Interval[];
}

/**
 * Splits the range at UTC midnights. `leftOut` lists midnights (epoch ms) of whole days to leave to the rest:
 * retention's day periods cannot be told from a day's first and last event when a UTC day overlaps three days
 * of the time zone (retention-periods.ts).
 */
export function splitAtDays(range: Pick<TimeRange, 'from' | 'to' | 'toInclusive'>, leftOut: readonly number[] = []): DaySplit {
  const { from, to } = rangeInterval(range);
  const first = from === undefined ? undefined : Math.ceil(from / DAY_MS) * DAY_MS;
  const last = to === undefined ? undefined : Math.floor(to / DAY_MS) * DAY_MS;
  if (first !== undefined && last !== undefined && first >= last) return { days: [], rest: [{ from, to }] };
  const rest: Interval[] = [];
  if (from !== undefined && first !== undefined && from < first) rest.push({ from, to: first });
  const days: Interval[] = [];
  let start = first;
  const inside = [...new Set(leftOut)].filter((day) => (first === undefined || day >= first) && (last === undefined || day < last)).sort((a, b) => a - b);
  for (const day of inside) {
    if (start === undefined || start < day) days.push({ from: start, to: day });
    rest.push({ from: day, to: day + DAY_MS });
    start = day + DAY_MS;
  }
  if (start === undefined || last === undefined || start < last) days.push({ from: start, to: last });
  if (to !== undefined && last !== undefined && last < to) rest.push({ from: last, to });
  return { days, rest };
}

/** `YYYY-MM-DD` of a UTC midnight. */
const dateOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

function daysSql(days: readonly Interval[]): SqlFragment {
  const params: Record<string, string> = {};
  const conditions = days.map((run, index) => {
    const parts: string[] = [];
    if (run.from !== undefined) {
      parts.push(`day >= {ud_days${index}_from:Date}`);
      params[`ud_days${index}_from`] = dateOf(run.from);
    }
    if (run.to !== undefined) {
      parts.push(`day < {ud_days${index}_to:Date}`);
      params[`ud_days${index}_to`] = dateOf(run.to);
    }
    return parts.length === 0 ? '1 = 1' : parts.join(' AND ');
  });
  return { sql: conditions.map((condition) => `(${condition})`).join(' OR '), params };
}

/**
 * A subquery with the people active in the range, every event of the site counted, in the columns of
 * `userQuarterRows`: `uk`, `f`, `l`, `pv`, `ce`. Whole UTC days give a row per person and day (rows of one
 * day written by separate inserts may come apart: they add up the same), so `f` and `l` of such a row lie in
 * one UTC day; the rest comes at the grain asked for. Group by `uk` (min `f`, max `l`, sum `pv` and `ce`).
 * Binds `siteId`, `ud_*` and `uq_*` names.
 */
export function userActivityRows(siteId: number, range: TimeRange, grain: UserQuarterGrain, leftOut: readonly number[] = []): SqlFragment {
  const split = splitAtDays(range, leftOut);
  const parts: string[] = [];
  const params: Record<string, unknown> = { siteId };
  if (split.days.length > 0) {
    const days = daysSql(split.days);
    parts.push(`SELECT user_key_hash AS uk, first_at AS f, last_at AS l, pageviews AS pv, custom_events AS ce
      FROM user_days WHERE site_id = {siteId:UInt32} AND (${days.sql})`);
    Object.assign(params, days.params);
  }
  const rest = userQuarterRows(siteId, split.rest, grain);
  if (rest) {
    parts.push(rest.sql);
    Object.assign(params, rest.params);
  }
  return { sql: parts.join('\n      UNION ALL\n      '), params };
}
