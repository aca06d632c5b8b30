// The periods of a retention table: the days or Monday-weeks of a time zone covering the last `days` days before the day holding `end`, and that day.
import { addDays, formatLocalDate, isoWeekdayIndex, startOfLocalDay, wallTimeAt, type LocalDate } from '../../stats/zoned-time.js';

export type RetentionMode = 'day' | 'week';

export const DAYS_PER_PERIOD: Readonly<Record<RetentionMode, number>> = { day: 1, week: 7 };

export interface RetentionPeriods {
  /** `YYYY-MM-DD` starts of the periods, oldest first (the first week may begin before the window). */
  readonly labels: string[];
  /** The instant the window starts: local midnight `days` days before the day holding `end`. */
  readonly from: Date;
}

const periodStart = (mode: RetentionMode, day: LocalDate): LocalDate => (mode === 'week' ? addDays(day, -isoWeekdayIndex(day)) : day);

/** The periods of `mode` in `timeZone` from `days` days before the day holding the instant `end` (epoch ms) to that day. */
export function retentionPeriods(mode: RetentionMode, days: number, end: number, timeZone: string): RetentionPeriods {
  const endDay = wallTimeAt(end, timeZone);
  const firstDay = addDays(endDay, -days);
  const first = periodStart(mode, firstDay);
  const step = DAYS_PER_PERIOD[mode];
  const count = Math.round((startOfLocalDay(periodStart(mode, endDay), 'UTC') - startOfLocalDay(first, 'UTC')) / 86_400_000 / step) + 1;
  const labels = Array.from({ length: count }, (_, index) => formatLocalDate(addDays(first, index * step)));
  return { labels, from: new Date(startOfLocalDay(firstDay, timeZone)) };
}
