// Turns the common time parameters into one UTC interval, and that interval into a SQL condition.
import { StatsParamError } from './bad-request-error.js';
import { allOf, type SqlFragment } from './sql-fragment.js';
import { addDays, canonicalTimeZone, isRealDate, parseLocalDate, startOfLocalDay } from './zoned-time.js';

/**
 * A half-open UTC interval: `from` is inclusive, `to` exclusive unless `toInclusive`.
 * A missing bound is unbounded. `timeZone` is the canonical IANA name the dates were read in.
 */
export interface TimeRange {
  readonly from?: Date;
  readonly to?: Date;
  readonly toInclusive: boolean;
  readonly timeZone: string;
}

/** The time parameters as the query carries them (already checked for format by the schema). */
export interface TimeRangeInput {
  readonly time_zone?: string | undefined;
  readonly start_date?: string | undefined;
  readonly end_date?: string | undefined;
  readonly start_datetime?: string | undefined;
  readonly end_datetime?: string | undefined;
  readonly past_minutes_start?: number | undefined;
  readonly past_minutes_end?: number | undefined;
}

const MINUTE_MS = 60_000;

/**
 * Precedence: dates, then datetimes, then past minutes; none of them means all time. Every group that
 * is given is checked, even one that precedence then ignores: a bad value is always an error.
 */
export function resolveTimeRange(input: TimeRangeInput, now: Date): TimeRange {
  const timeZone = canonicalTimeZone(input.time_zone ?? 'UTC');
  if (timeZone === undefined) throw new StatsParamError('time_zone', 'Invalid time_zone');
  requirePair('start_date', input.start_date, 'end_date', input.end_date);
  requirePair('start_datetime', input.start_datetime, 'end_datetime', input.end_datetime);
  requirePair('past_minutes_start', input.past_minutes_start, 'past_minutes_end', input.past_minutes_end);
  const candidates = [
    input.start_date !== undefined && input.end_date !== undefined
      ? dateRange(input.start_date, input.end_date, timeZone, now)
      : undefined,
    input.start_datetime !== undefined && input.end_datetime !== undefined
      ? datetimeRange(input.start_datetime, input.end_datetime, timeZone)
      : undefined,
    input.past_minutes_start !== undefined && input.past_minutes_end !== undefined
      ? pastMinutesRange(input.past_minutes_start, input.past_minutes_end, timeZone, now)
      : undefined,
  ];
  return candidates.find((range) => range !== undefined) ?? { toInclusive: false, timeZone };
}

function requirePair(firstName: string, first: unknown, secondName: string, second: unknown): void {
  if ((first === undefined) !== (second === undefined)) {
    throw new StatsParamError(
      first === undefined ? firstName : secondName,
      `${firstName} and ${secondName} must be given together`,
    );
  }
}

/** Local days in `timeZone`, end day inclusive; a range reaching today (or later) ends now. */
function dateRange(start: string, end: string, timeZone: string, now: Date): TimeRange {
  const startDate = parseLocalDate(start);
  if (!startDate) throw new StatsParamError('start_date', 'Invalid start_date: expected YYYY-MM-DD');
  const endDate = parseLocalDate(end);
  if (!endDate) throw new StatsParamError('end_date', 'Invalid end_date: expected YYYY-MM-DD');
  if (start > end) throw new StatsParamError('start_date', 'start_date must not be after end_date');
  const from = startOfLocalDay(startDate, timeZone);
  const endExclusive = startOfLocalDay(addDays(endDate, 1), timeZone);
  if (endExclusive > now.getTime()) return { from: new Date(from), to: now, toInclusive: true, timeZone };
  return { from: new Date(from), to: new Date(endExclusive), toInclusive: false, timeZone };
}

/** Instants, UTC unless they carry an offset; `[start, end)`. */
function datetimeRange(start: string, end: string, timeZone: string): TimeRange {
  const from = parseDatetime(start);
  if (from === undefined) throw new StatsParamError('start_datetime', 'Invalid start_datetime');
  const to = parseDatetime(end);
  if (to === undefined) throw new StatsParamError('end_datetime', 'Invalid end_datetime');
  if (from > to) throw new StatsParamError('start_datetime', 'start_datetime must not be after end_datetime');
  return { from: new Date(from), to: new Date(to), toInclusive: false, timeZone };
}

/**
 * `(now - start minutes, now - end minutes]`. Timestamps have millisecond precision, so the open
 * lower bound is stored as an inclusive one a millisecond later.
 */
function pastMinutesRange(start: number, end: number, timeZone: string, now: Date): TimeRange {
  if (!Number.isFinite(start) || start < 0) throw new StatsParamError('past_minutes_start', 'Invalid past_minutes_start');
  if (!Number.isFinite(end) || end < 0) throw new StatsParamError('past_minutes_end', 'Invalid past_minutes_end');
  if (start <= end) {
    throw new StatsParamError('past_minutes_start', 'past_minutes_start must be greater than past_minutes_end');
  }
  const from = now.getTime() - Math.round(start * MINUTE_MS) + 1;
  const to = now.getTime() - Math.round(end * MINUTE_MS);
  return { from: new Date(from), to: new Date(to), toInclusive: true, timeZone };
}

const DATETIME =
  /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,3})\d*)?(?:(Z)|([+\- ])(\d{2}):?(\d{2}))?$/i;

/**
 * `YYYY-MM-DD HH:mm:ss` or `YYYY-MM-DDTHH:mm:ss`, optional fraction, optional `Z` or `±hh:mm`; epoch ms.
 * A space in place of `+` is read as `+`: an unencoded `+` in a query string arrives as a space.
 */
export function parseDatetime(text: string): number | undefined {
  const match = DATETIME.exec(text);
  if (!match) return undefined;
  const [year, month, day, hour, minute, second] = match.slice(1, 7).map(Number) as [
    number, number, number, number, number, number,
  ];
  const millis = Number((match[7] ?? '0').padEnd(3, '0'));
  if (!isRealDate({ year, month, day }) || hour > 23 || minute > 59 || second > 59) return undefined;
  let offsetMinutes = 0;
  if (match[9] !== undefined) {
    const offsetHours = Number(match[10]);
    const offsetMins = Number(match[11]);
    if (offsetHours > 14 || offsetMins > 59) return undefined;
    offsetMinutes = (match[9] === '-' ? -1 : 1) * (offsetHours * 60 + offsetMins);
  }
  return Date.UTC(year, month - 1, day, hour, minute, second, millis) - offsetMinutes * MINUTE_MS;
}

const COLUMN = /^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)?$/;
const PARAM_PREFIX = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** `YYYY-MM-DD HH:MM:SS.mmm` in UTC: how instants are bound to `DateTime64(3, 'UTC')` parameters. */
export function toClickHouseDateTime(instant: Date): string {
  return instant.toISOString().slice(0, 23).replace('T', ' ');
}

/**
 * The range as a condition on `column` (a DateTime64 column name chosen by code, never by a caller),
 * binding `<prefix>_from` and `<prefix>_to`. An unbounded range is `1 = 1`.
 */
export function timeRangeSql(range: TimeRange, column = 'timestamp', prefix = 'range'): SqlFragment {
  return allOf(timeRangeConditions(range, column, prefix));
}

/** The range's bounds as separate conditions (none when unbounded), for flat AND lists. */
export function timeRangeConditions(range: TimeRange, column = 'timestamp', prefix = 'range'): SqlFragment[] {
  if (!COLUMN.test(column) || !PARAM_PREFIX.test(prefix)) {
    throw new Error(`timeRangeSql: bad column ${column} or prefix ${prefix}`);
  }
  const parts: SqlFragment[] = [];
  if (range.from) {
    parts.push({
      sql: `${column} >= {${prefix}_from:DateTime64(3, 'UTC')}`,
      params: { [`${prefix}_from`]: toClickHouseDateTime(range.from) },
    });
  }
  if (range.to) {
    parts.push({
      sql: `${column} ${range.toInclusive ? '<=' : '<'} {${prefix}_to:DateTime64(3, 'UTC')}`,
      params: { [`${prefix}_to`]: toClickHouseDateTime(range.to) },
    });
  }
  return parts;
}
