// The periods of a retention table: the last `range` days or weeks (Monday-based) of a time zone, ending with the one holding `end`.
import { addDays, formatLocalDate, isoWeekdayIndex, startOfLocalDay, wallTimeAt } from '../../stats/zoned-time.js';

export type RetentionMode = 'day' | 'week';

export const DAYS_PER_PERIOD: Readonly<Record<RetentionMode, number>> = { day: 1, week: 7 };

export interface RetentionPeriods {
  /** `YYYY-MM-DD` starts of the periods, oldest first. */
  readonly labels: string[];
  /** The instant the oldest period starts (the local midnight of its first day). */
  readonly from: Date;
}

/** `range` periods of `mode` in `timeZone`, the last one holding the instant `end` (epoch ms). */
export function retentionPeriods(mode: RetentionMode, range: number, end: number, timeZone: string): RetentionPeriods {
  const endDay = wallTimeAt(end, timeZone);
  const lastStart = mode === 'week' ? addDays(endDay, -isoWeekdayIndex(endDay)) : endDay;
  const step = DAYS_PER_PERIOD[mode];
  const first = addDays(lastStart, -(range - 1) * step);
  const labels = Array.from({ length: range }, (_, index) => formatLocalDate(addDays(first, index * step)));
  return { labels, from: new Date(startOfLocalDay(first, timeZone)) };
}
