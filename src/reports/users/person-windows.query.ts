// Where one person's events lie in time, from their `user_days` rows (analytics migration 0030): the profile then
// reads the events of those stretches only, found by the events' sorting key, instead of every event of the range.
import type { AnalyticsStore } from '../../platform/analytics-store/analytics-store.js';
import { ALWAYS_FALSE, anyOf, type SqlFragment } from '../../stats/sql-fragment.js';
import { toClickHouseDateTime, type TimeRange } from '../../stats/time-range.js';

/** Above this many stretches, the closest ones are joined: a condition of a few dozen intervals stays cheap to analyse. */
export const MAX_WINDOWS = 48;

/** A closed interval of epoch ms. */
export interface Window {
  readonly from: number;
  readonly to: number;
}

/**
 * The intervals sorted and joined where they overlap, then, while there are more than `max`, joined across the
 * smallest gaps. Every instant of the input stays covered.
 */
export function coalescedWindows(windows: readonly Window[], max = MAX_WINDOWS): Window[] {
  const sorted = [...windows].sort((a, b) => a.from - b.from);
  const joined: Window[] = [];
  for (const window of sorted) {
    const last = joined.at(-1);
    if (last && window.from <= last.to) joined[joined.length - 1] = { from: last.from, to: Math.max(last.to, window.to) };
    else joined.push(window);
  }
  if (joined.length <= max) return joined;
  // Join across the (length - max) smallest gaps; gap i lies between windows i and i + 1.
  const bySize = joined.slice(1).map((window, index) => ({ index, size: window.from - (joined[index]?.to ?? window.from) }));
  bySize.sort((a, b) => a.size - b.size || a.index - b.index);
  const closed = new Set(bySize.slice(0, joined.length - max).map((gap) => gap.index));
  const result: Window[] = [];
  joined.forEach((window, index) => {
    const last = result.at(-1);
    if (last && closed.has(index - 1)) result[result.length - 1] = { from: last.from, to: window.to };
    else result.push(window);
  });
  return result;
}

/** `YYYY-MM-DD` of the UTC day holding an instant. */
const utcDay = (instant: Date) => instant.toISOString().slice(0, 10);

/**
 * A condition on `timestamp` met by every event of the site whose person key hashes (cityHash64, as
 * `events.user_key_hash`) like `key`, inside the range: the union of their days' first-to-last stretches.
 * `ALWAYS_FALSE` when the person has no event in the range. Binds `pw<i>_from` and `pw<i>_to`.
 * A hash shared with another person only widens the stretches; callers still select the person's events.
 */
export async function personWindows(store: AnalyticsStore, siteId: number, range: TimeRange, key: string): Promise<SqlFragment> {
  const days = [
    ...(range.from ? [{ sql: 'day >= {pw_day_from:Date}', params: { pw_day_from: utcDay(range.from) } }] : []),
    ...(range.to ? [{ sql: 'day <= {pw_day_to:Date}', params: { pw_day_to: utcDay(range.to) } }] : []),
  ];
  const rows = await store.query<{ f: string; l: string }>(
    `SELECT toUnixTimestamp64Milli(first_at) AS f, toUnixTimestamp64Milli(last_at) AS l
     FROM user_days
     WHERE site_id = {siteId:UInt32} AND user_key_hash = cityHash64({pw_key:String})${days.map((day) => ` AND ${day.sql}`).join('')}`,
    { siteId, pw_key: key, ...Object.assign({}, ...days.map((day) => day.params)) },
  );
  const windows = coalescedWindows(rows.map((row) => ({ from: Number(row.f), to: Number(row.l) })));
  if (windows.length === 0) return ALWAYS_FALSE;
  const dt = "DateTime64(3, 'UTC')";
  return anyOf(
    windows.map((window, index) => ({
      sql: `timestamp >= {pw${index}_from:${dt}} AND timestamp <= {pw${index}_to:${dt}}`,
      params: { [`pw${index}_from`]: toClickHouseDateTime(new Date(window.from)), [`pw${index}_to`]: toClickHouseDateTime(new Date(window.to)) },
    })),
  );
}
