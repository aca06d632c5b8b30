// Zero-filling a time series: every bucket of the range appears once, in order, missing ones made empty.
import { bucketLabelsBetween, type Bucket } from './buckets.js';
import type { TimeRange } from './time-range.js';
import { instantOfWallTime, type WallTime } from './zoned-time.js';

/**
 * Returns one row per bucket label between the range's ends (`time` is the label from `bucketSql`),
 * taking the row from `rows` when there is one and `empty(time)` otherwise. An open end of the range
 * is taken from the earliest / latest row, so an all-time series with no rows is empty. Rows whose
 * label falls outside the range are kept, in order: filling never hides data.
 */
export function fillBuckets<Row extends { readonly time: string }>(
  rows: readonly Row[],
  range: TimeRange,
  bucket: Bucket,
  empty: (time: string) => Row,
): Row[] {
  const byTime = new Map(rows.map((row) => [row.time, row]));
  const times = [...byTime.keys()].sort();
  const firstTime = times[0];
  const lastTime = times.at(-1);
  const from = range.from?.getTime() ?? (firstTime === undefined ? undefined : labelInstant(firstTime, range.timeZone));
  const last = range.to
    ? range.to.getTime() - (range.toInclusive ? 0 : 1)
    : lastTime === undefined
      ? undefined
      : labelInstant(lastTime, range.timeZone);
  const labels = from === undefined || last === undefined ? [] : bucketLabelsBetween(from, last, bucket, range.timeZone);
  const all = new Set([...labels, ...times]);
  return [...all].sort().map((time) => byTime.get(time) ?? empty(time));
}

/** The instant a `YYYY-MM-DD HH:MM:SS` label starts at in `timeZone`. */
function labelInstant(label: string, timeZone: string): number {
  const [year = 0, month = 1, day = 1, hour = 0, minute = 0, second = 0] = label.split(/[- :]/).map(Number);
  const wall: WallTime = { year, month, day, hour, minute, second };
  return instantOfWallTime(wall, timeZone);
}
