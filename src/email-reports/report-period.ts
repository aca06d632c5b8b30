// Which period a scheduled report covers: the last complete week (Monday to Sunday) or month, in a time zone,
// and the period before it (for the changes).
import { addDays, formatLocalDate, isoWeekdayIndex, startOfLocalDay, wallTimeAt, type LocalDate } from '../stats/zoned-time.js';

export type ReportKind = 'weekly' | 'monthly';

export interface ReportPeriod {
  readonly kind: ReportKind;
  /** First and last local day, inclusive (`YYYY-MM-DD`), as the API's start_date / end_date. */
  readonly startDate: string;
  readonly endDate: string;
  readonly previousStartDate: string;
  readonly previousEndDate: string;
  /** The instant the period ends (the next local midnight): reports for it are due from then on. */
  readonly endsAt: number;
}

function firstOfMonth(date: LocalDate, monthsBack: number): LocalDate {
  const month0 = date.year * 12 + (date.month - 1) - monthsBack;
  return { year: Math.floor(month0 / 12), month: (month0 % 12) + 1, day: 1 };
}

/** The last complete period of `kind` at `now` in `timeZone`. */
export function lastCompletePeriod(kind: ReportKind, now: number, timeZone: string): ReportPeriod {
  const today: LocalDate = wallTimeAt(now, timeZone);
  if (kind === 'weekly') {
    const monday = addDays(today, -isoWeekdayIndex(today));
    return {
      kind,
      startDate: formatLocalDate(addDays(monday, -7)),
      endDate: formatLocalDate(addDays(monday, -1)),
      previousStartDate: formatLocalDate(addDays(monday, -14)),
      previousEndDate: formatLocalDate(addDays(monday, -8)),
      endsAt: startOfLocalDay(monday, timeZone),
    };
  }
  const thisMonth = firstOfMonth(today, 0);
  const lastMonth = firstOfMonth(today, 1);
  return {
    kind,
    startDate: formatLocalDate(lastMonth),
    endDate: formatLocalDate(addDays(thisMonth, -1)),
    previousStartDate: formatLocalDate(firstOfMonth(today, 2)),
    previousEndDate: formatLocalDate(addDays(lastMonth, -1)),
    endsAt: startOfLocalDay(thisMonth, timeZone),
  };
}
