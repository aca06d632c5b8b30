// Time-series buckets: the SQL label of an event's bucket in a time zone, and the same label in JavaScript.
import { StatsParamError } from './bad-request-error.js';
import type { SqlFragment } from './sql-fragment.js';
import {
  addDays,
  formatLocalDate,
  formatWallTime,
  isoWeekdayIndex,
  wallClockOf,
  wallTimeAt,
  type LocalDate,
  type WallTime,
} from './zoned-time.js';

export const BUCKETS = [
  'minute',
  'five_minutes',
  'ten_minutes',
  'fifteen_minutes',
  'hour',
  'day',
  'week',
  'month',
  'year',
] as const;

export type Bucket = (typeof BUCKETS)[number];

/** Buckets measured in minutes; ClickHouse aligns them on the UTC epoch, as the zone offsets of today's world allow. */
const MINUTE_BUCKETS: Partial<Record<Bucket, number>> = {
  minute: 1,
  five_minutes: 5,
  ten_minutes: 10,
  fifteen_minutes: 15,
};

/** Calendar buckets: the first day of the bucket holding a local date. */
const CALENDAR_BUCKETS: Partial<Record<Bucket, (date: LocalDate) => LocalDate>> = {
  day: (date) => date,
  week: (date) => addDays(date, -isoWeekdayIndex(date)),
  month: (date) => ({ ...date, day: 1 }),
  year: (date) => ({ year: date.year, month: 1, day: 1 }),
};

const LABEL_FORMAT = "'%Y-%m-%d %H:%i:%S'";

/** A bucket's SQL: `key` is the bucket start as a date/time value, `sql` its label (a String expression of `key`). */
export interface BucketSql extends SqlFragment {
  /**
   * What to GROUP BY. Grouping by the date/time value and formatting only the groups is several times faster
   * than formatting every row; `sql` may be selected next to `GROUP BY key`.
   */
  readonly key: string;
}

/**
 * The start of the bucket holding `column`, labelled `YYYY-MM-DD HH:MM:SS` wall time in `timeZone` (a
 * canonical zone name, bound as `{<tzParam>:String}`). Weeks start on Monday.
 */
export function bucketSql(bucket: Bucket, timeZone: string, column = 'timestamp', tzParam = 'bucket_tz'): BucketSql {
  const tz = `{${tzParam}:String}`;
  const params = { [tzParam]: timeZone };
  const minutes = MINUTE_BUCKETS[bucket];
  if (minutes !== undefined) {
    const key = minutes === 1 ? `toStartOfMinute(${column})` : `toStartOfInterval(${column}, INTERVAL ${minutes} MINUTE, ${tz})`;
    return { key, sql: `formatDateTime(${key}, ${LABEL_FORMAT}, ${tz})`, params };
  }
  const keys: Record<Exclude<Bucket, keyof typeof MINUTE_BUCKETS>, string> = {
    hour: `toStartOfHour(${column}, ${tz})`,
    day: `toStartOfDay(${column}, ${tz})`,
    week: `toMonday(${column}, ${tz})`,
    month: `toStartOfMonth(${column}, ${tz})`,
    year: `toStartOfYear(${column}, ${tz})`,
  };
  const key = keys[bucket as keyof typeof keys];
  const isDate = bucket === 'week' || bucket === 'month' || bucket === 'year';
  return { key, sql: isDate ? `concat(toString(${key}), ' 00:00:00')` : `formatDateTime(${key}, ${LABEL_FORMAT}, ${tz})`, params };
}

/** The label `bucketSql` gives an event at `instant` (epoch ms). */
export function bucketLabel(instant: number, bucket: Bucket, timeZone: string): string {
  return labelAt(instant, bucket, (at) => wallTimeAt(at, timeZone));
}

function labelAt(instant: number, bucket: Bucket, wallAt: (instant: number) => WallTime): string {
  const minutes = MINUTE_BUCKETS[bucket];
  if (minutes !== undefined) {
    const width = minutes * 60_000;
    return formatWallTime(wallAt(Math.floor(instant / width) * width));
  }
  const wall = wallAt(instant);
  if (bucket === 'hour') return formatWallTime({ ...wall, minute: 0, second: 0 });
  return `${formatLocalDate(calendarStart(bucket, wall))} 00:00:00`;
}

function calendarStart(bucket: Bucket, date: LocalDate): LocalDate {
  const start = CALENDAR_BUCKETS[bucket];
  if (!start) throw new Error(`not a calendar bucket: ${bucket}`);
  return start(date);
}

export const MAX_BUCKETS = 10_000;

/**
 * Every bucket label from the one holding `from` to the one holding `last` (both epoch ms, inclusive),
 * in order, each once (an hour repeated by a clock change is one bucket, as in SQL).
 */
export function bucketLabelsBetween(from: number, last: number, bucket: Bucket, timeZone: string): string[] {
  if (last < from) return [];
  const minutes = MINUTE_BUCKETS[bucket];
  if (minutes !== undefined || bucket === 'hour') {
    const width = (minutes ?? 60) * 60_000;
    if ((last - from) / width > MAX_BUCKETS) throw tooMany(bucket);
    // Hours step by a quarter hour so zones whose offset moves by 30 or 45 minutes lose no bucket.
    return distinctLabels(from, last, minutes === undefined ? 15 * 60_000 : width, bucket, timeZone);
  }
  const first = calendarStart(bucket, wallTimeAt(from, timeZone));
  const end = formatLocalDate(calendarStart(bucket, wallTimeAt(last, timeZone)));
  const labels: string[] = [];
  for (let date = first; formatLocalDate(date) <= end; date = nextCalendarBucket(bucket, date)) {
    if (labels.length >= MAX_BUCKETS) throw tooMany(bucket);
    labels.push(`${formatLocalDate(date)} 00:00:00`);
  }
  return labels;
}

function distinctLabels(from: number, last: number, step: number, bucket: Bucket, timeZone: string): string[] {
  const labels: string[] = [];
  const push = (label: string) => {
    if (labels.at(-1) !== label) labels.push(label);
  };
  const wallAt = wallClockOf(timeZone);
  for (let instant = from; instant <= last; instant += step) push(labelAt(instant, bucket, wallAt));
  push(labelAt(last, bucket, wallAt));
  return labels;
}

function nextCalendarBucket(bucket: Bucket, date: LocalDate): LocalDate {
  if (bucket === 'day') return addDays(date, 1);
  if (bucket === 'week') return addDays(date, 7);
  if (bucket === 'month') return date.month === 12 ? { year: date.year + 1, month: 1, day: 1 } : { ...date, month: date.month + 1 };
  return { year: date.year + 1, month: 1, day: 1 };
}

function tooMany(bucket: Bucket): StatsParamError {
  return new StatsParamError('bucket', `Invalid bucket: ${bucket} gives more than ${MAX_BUCKETS} buckets for this range`);
}
