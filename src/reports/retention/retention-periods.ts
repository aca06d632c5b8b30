// The periods of a retention table: the days, Monday-weeks or calendar months of a time zone covering the last `days` days before the day holding `end`, and that day.
import { addDays, formatLocalDate, isoWeekdayIndex, startOfLocalDay, wallTimeAt, type LocalDate, type WallTime } from '../../stats/zoned-time.js';

export type RetentionMode = 'day' | 'week' | 'month';

export const RETENTION_MODES = ['week', 'day', 'month'] as const satisfies readonly RetentionMode[];

export interface RetentionPeriods {
  /** `YYYY-MM-DD` starts of the periods, oldest first (the first week or month may begin before the window). */
  readonly labels: string[];
  /** The instant the window starts: local midnight `days` days before the day holding `end`. */
  readonly from: Date;
}

/** The first day of the period holding `day`. */
function periodStart(mode: RetentionMode, day: LocalDate): LocalDate {
  if (mode === 'week') return addDays(day, -isoWeekdayIndex(day));
  if (mode === 'month') return { year: day.year, month: day.month, day: 1 };
  return day;
}

/** The first day of the period `count` periods after the one starting on `start`. */
function periodAfter(mode: RetentionMode, start: LocalDate, count: number): LocalDate {
  if (mode === 'month') {
    const months = start.year * 12 + start.month - 1 + count;
    return { year: Math.floor(months / 12), month: (months % 12) + 1, day: 1 };
  }
  return addDays(start, count * (mode === 'week' ? 7 : 1));
}

/** Whole periods from the one starting on `first` to the one starting on `last`. */
function periodsBetween(mode: RetentionMode, first: LocalDate, last: LocalDate): number {
  if (mode === 'month') return (last.year - first.year) * 12 + (last.month - first.month);
  const days = Math.round((startOfLocalDay(last, 'UTC') - startOfLocalDay(first, 'UTC')) / 86_400_000);
  return days / (mode === 'week' ? 7 : 1);
}

/** The periods of `mode` in `timeZone` from `days` days before the day holding the instant `end` (epoch ms) to that day. */
export function retentionPeriods(mode: RetentionMode, days: number, end: number, timeZone: string): RetentionPeriods {
  const endDay = wallTimeAt(end, timeZone);
  const firstDay = addDays(endDay, -days);
  const first = periodStart(mode, firstDay);
  const count = periodsBetween(mode, first, periodStart(mode, endDay)) + 1;
  const labels = Array.from({ length: count }, (_, index) => formatLocalDate(periodAfter(mode, first, index)));
  return { labels, from: new Date(startOfLocalDay(firstDay, timeZone)) };
}

const DAY_MS = 86_400_000;

/** Whole calendar days from `a` to `b`. */
const daysFrom = (a: LocalDate, b: LocalDate) => Math.round((Date.UTC(b.year, b.month - 1, b.day) - Date.UTC(a.year, a.month - 1, a.day)) / DAY_MS);

/**
 * The UTC days (their midnights, epoch ms) from the one holding `from` to the one holding `to` that overlap three
 * periods of the zone. A UTC day lasts 24 hours: it overlaps at most two weeks or months, and two days but where
 * a day of the zone is shorter (a clock moved forward) and lies inside it with time on both sides; there the
 * middle day's activity cannot be told from the UTC day's first and last event. `wallClock` reads the zone.
 */
export function utcDaysOverThreePeriods(mode: RetentionMode, from: number, to: number, wallClock: (instant: number) => WallTime): number[] {
  if (mode !== 'day') return [];
  const days: number[] = [];
  for (let day = Math.floor(from / DAY_MS) * DAY_MS; day <= to; day += DAY_MS) {
    if (daysFrom(wallClock(day), wallClock(day + DAY_MS - 1)) >= 2) days.push(day);
  }
  return days;
}

