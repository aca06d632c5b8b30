// Wall-clock time in an IANA time zone, computed with Intl only: names, offsets and local-to-UTC instants.

/** A calendar date; month is 1..12. */
export interface LocalDate {
  readonly year: number;
  readonly month: number;
  readonly day: number;
}

/** A wall-clock time in some time zone. */
export interface WallTime extends LocalDate {
  readonly hour: number;
  readonly minute: number;
  readonly second: number;
}

const DAY_MS = 86_400_000;
const formatters = new Map<string, Intl.DateTimeFormat>();
/** Accepted zone names (as given, any case) -> canonical name. */
const canonicalNames = new Map<string, string>();
const MAX_REMEMBERED_NAMES = 2_000;

/**
 * The canonical name of an IANA time zone (case-insensitive input, aliases resolved the way ICU does,
 * e.g. `utc` -> `UTC`, `US/Eastern` -> `America/New_York`), or undefined when it is not one.
 * Canonical names are what ClickHouse receives, so its case-sensitive lookup always finds them.
 */
export function canonicalTimeZone(name: string): string | undefined {
  const known = canonicalNames.get(name);
  if (known !== undefined) return known;
  if (!/^[A-Za-z][A-Za-z0-9_+\-/]*$/.test(name)) return undefined;
  let canonical: string;
  try {
    canonical = new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
  // Building a formatter costs about 0.4 ms. Only accepted names are kept, and at most so many: spellings
  // in other letter cases are accepted too, and they must not grow the map without bound.
  if (canonicalNames.size < MAX_REMEMBERED_NAMES) canonicalNames.set(name, canonical);
  return canonical;
}

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** Wall time in UTC, straight from the date's UTC fields (seconds precision, like the Intl path). */
function utcWallTime(instant: number): WallTime {
  const date = new Date(instant);
  return {
    year: date.getUTCFullYear(),
    month: date.getUTCMonth() + 1,
    day: date.getUTCDate(),
    hour: date.getUTCHours(),
    minute: date.getUTCMinutes(),
    second: date.getUTCSeconds(),
  };
}

/** The wall-clock time shown in `timeZone` at `instant` (epoch milliseconds). */
export function wallTimeAt(instant: number, timeZone: string): WallTime {
  // UTC, the default zone of every report, needs no Intl formatting (about 50 µs a call).
  if (timeZone === 'UTC') return utcWallTime(instant);
  const fields: Record<string, number> = {};
  for (const part of formatterFor(timeZone).formatToParts(new Date(instant))) {
    if (part.type !== 'literal') fields[part.type] = Number(part.value);
  }
  return {
    year: fields.year ?? 0,
    month: fields.month ?? 0,
    day: fields.day ?? 0,
    hour: fields.hour ?? 0,
    minute: fields.minute ?? 0,
    second: fields.second ?? 0,
  };
}

const HOUR_MS = 3_600_000;

/**
 * `wallTimeAt` for many instants of one zone, for series of buckets. The UTC offset is read through Intl at
 * the whole UTC hours around an instant; where both agree, the wall time is the instant plus that offset,
 * as no zone changes its offset twice within an hour. In an hour holding a change, Intl reads the instant.
 */
export function wallClockOf(timeZone: string): (instant: number) => WallTime {
  const offsetAtHour = hourlyOffsets(timeZone);
  return (instant) => {
    const hour = Math.floor(instant / HOUR_MS) * HOUR_MS;
    const offset = offsetAtHour(hour);
    if (offset !== offsetAtHour(hour + HOUR_MS)) return wallTimeAt(instant, timeZone);
    return utcWallTime(Math.floor(instant / 1000) * 1000 + offset);
  };
}

/** The zone's UTC offset at whole UTC hours, each read through Intl once. */
function hourlyOffsets(timeZone: string): (hour: number) => number {
  const offsets = new Map<number, number>();
  return (hour) => {
    let offset = offsets.get(hour);
    if (offset === undefined) {
      offset = utcOffsetAt(hour, timeZone);
      offsets.set(hour, offset);
    }
    return offset;
  };
}

/** How far around an instant the offset must hold still for a wall time to be read without Intl. */
const STEADY_HOURS = 3;

/**
 * `instantOfWallTime` for many wall times of one zone. When the offset is the same at every whole UTC hour
 * within three hours of the instant the wall time suggests, the zone shows that wall time at that instant
 * only; otherwise (near a clock change) `instantOfWallTime` decides.
 */
export function instantClockOf(timeZone: string): (wall: WallTime) => number {
  const offsetAtHour = hourlyOffsets(timeZone);
  return (wall) => {
    const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);
    const offset = offsetAtHour(Math.floor(asUtc / HOUR_MS) * HOUR_MS);
    const instant = asUtc - offset;
    const hour = Math.floor(instant / HOUR_MS) * HOUR_MS;
    for (let step = -STEADY_HOURS; step <= STEADY_HOURS + 1; step++) {
      if (offsetAtHour(hour + step * HOUR_MS) !== offset) return instantOfWallTime(wall, timeZone);
    }
    return instant;
  };
}

/** Wall time minus UTC at `instant`, in milliseconds (e.g. -18,000,000 for New York in winter). */
export function utcOffsetAt(instant: number, timeZone: string): number {
  const wall = wallTimeAt(instant, timeZone);
  const wallAsUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);
  return wallAsUtc - Math.floor(instant / 1000) * 1000;
}

/**
 * The first instant at which `timeZone` shows `wall` (the earlier one when a clock change repeats it).
 * A wall time skipped by a clock change is read with the offset from before the change, so it moves
 * forward by the gap (02:30 on a spring-forward night in New York is 03:30 EDT; a skipped midnight
 * becomes the instant the day starts).
 */
export function instantOfWallTime(wall: WallTime, timeZone: string): number {
  const guess = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);
  const offsets = new Set([guess - DAY_MS, guess, guess + DAY_MS].map((at) => utcOffsetAt(at, timeZone)));
  const candidates = [...offsets].map((offset) => guess - offset).sort((a, b) => a - b);
  const target = formatWallTime(wall);
  const exact = candidates.find((candidate) => formatWallTime(wallTimeAt(candidate, timeZone)) === target);
  if (exact !== undefined) return exact;
  const after = candidates.find((candidate) => formatWallTime(wallTimeAt(candidate, timeZone)) > target);
  return after ?? guess - utcOffsetAt(guess, timeZone);
}

/** The instant a local day starts in `timeZone` (its midnight, or the first instant after a skipped one). */
export function startOfLocalDay(date: LocalDate, timeZone: string): number {
  return instantOfWallTime({ ...date, hour: 0, minute: 0, second: 0 }, timeZone);
}

/** Parses `YYYY-MM-DD` into a real calendar date, or undefined (`2024-02-30` is not one). */
export function parseLocalDate(text: string): LocalDate | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return undefined;
  const date = { year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) };
  return isRealDate(date) ? date : undefined;
}

export function isRealDate(date: LocalDate): boolean {
  const probe = new Date(Date.UTC(date.year, date.month - 1, date.day));
  return (
    probe.getUTCFullYear() === date.year && probe.getUTCMonth() === date.month - 1 && probe.getUTCDate() === date.day
  );
}

/** The calendar date `days` after `date` (negative goes back). */
export function addDays(date: LocalDate, days: number): LocalDate {
  const probe = new Date(Date.UTC(date.year, date.month - 1, date.day + days));
  return { year: probe.getUTCFullYear(), month: probe.getUTCMonth() + 1, day: probe.getUTCDate() };
}

/** 0 for Monday .. 6 for Sunday. */
export function isoWeekdayIndex(date: LocalDate): number {
  return (new Date(Date.UTC(date.year, date.month - 1, date.day)).getUTCDay() + 6) % 7;
}

/** `YYYY-MM-DD HH:MM:SS`, the form time-series buckets are labelled with. */
export function formatWallTime(wall: WallTime): string {
  return `${formatLocalDate(wall)} ${pad(wall.hour)}:${pad(wall.minute)}:${pad(wall.second)}`;
}

export function formatLocalDate(date: LocalDate): string {
  return `${String(date.year).padStart(4, '0')}-${pad(date.month)}-${pad(date.day)}`;
}

function pad(value: number): string {
  return String(value).padStart(2, '0');
}
