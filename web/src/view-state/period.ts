// The site dashboard's periods: each one's report parameters in a time zone, its previous period and its buckets.
import type { ReportParams } from '../api/report-query';
import type { Bucket } from '../api/types';

export const PERIODS = [
  { key: 'today', label: 'Today' },
  { key: 'yesterday', label: 'Yesterday' },
  { key: '24h', label: 'Last 24 hours' },
  { key: '7d', label: 'Last 7 days' },
  { key: '30d', label: 'Last 30 days' },
  { key: 'month', label: 'This month' },
  { key: 'last-month', label: 'Last month' },
  { key: '12mo', label: 'Last 12 months' },
  { key: 'all', label: 'All time' },
  { key: 'custom', label: 'Custom range' },
] as const;

export type PeriodKey = (typeof PERIODS)[number]['key'];
export type { Bucket };

/** Every bucket the API knows, with its label: typed as a record of the generated `Bucket`, so a bucket the API adds
 * or drops breaks the build here instead of being missed. */
export const BUCKET_LABELS: Readonly<Record<Bucket, string>> = {
  minute: 'Minute', five_minutes: '5 minutes', ten_minutes: '10 minutes', fifteen_minutes: '15 minutes', hour: 'Hour', day: 'Day', week: 'Week', month: 'Month', year: 'Year',
};

export const isBucket = (text: string | null): text is Bucket => text !== null && Object.hasOwn(BUCKET_LABELS, text);

export interface Period {
  readonly key: PeriodKey;
  /** Custom range days (YYYY-MM-DD, inclusive). */
  readonly from?: string;
  readonly to?: string;
}

/** The first day "all time" reaches back to. */
export const ALL_TIME_START = '2000-01-01';
const DAY_MS = 86_400_000;

export const isPeriodKey = (text: string | null): text is PeriodKey => PERIODS.some((period) => period.key === text);
export const isDay = (text: string | null | undefined): text is string =>
  typeof text === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(text) && !Number.isNaN(Date.parse(`${text}T00:00:00Z`));

/** Today's date in `timeZone` (YYYY-MM-DD). */
export function todayIn(timeZone: string, now: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

const daysBetween = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
const firstOfMonth = (day: string, monthsBack = 0) => {
  const date = new Date(`${day.slice(0, 7)}-01T00:00:00Z`);
  date.setUTCMonth(date.getUTCMonth() - monthsBack);
  return date.toISOString().slice(0, 10);
};

/** The days a day-based period covers, or undefined for the rolling 24 hours. */
export function periodDays(period: Period, today: string): { from: string; to: string } | undefined {
  switch (period.key) {
    case 'today': return { from: today, to: today };
    case 'yesterday': return { from: addDays(today, -1), to: addDays(today, -1) };
    case '24h': return undefined;
    case '7d': return { from: addDays(today, -6), to: today };
    case '30d': return { from: addDays(today, -29), to: today };
    case 'month': return { from: firstOfMonth(today), to: today };
    case 'last-month': return { from: firstOfMonth(today, 1), to: addDays(firstOfMonth(today), -1) };
    case '12mo': return { from: firstOfMonth(today, 11), to: today };
    case 'all': return { from: ALL_TIME_START, to: today };
    case 'custom': {
      const from = isDay(period.from) ? period.from : today;
      const to = isDay(period.to) ? period.to : today;
      return from <= to ? { from, to } : { from: to, to: from };
    }
  }
}

/** The report parameters (time only) of a period in a time zone. */
export function periodParams(period: Period, timeZone: string, today: string): ReportParams {
  const days = periodDays(period, today);
  if (!days) return { past_minutes_start: 1440, past_minutes_end: 0, time_zone: timeZone };
  return { start_date: days.from, end_date: days.to, time_zone: timeZone };
}

/** The period just before, as long as it (undefined for all time: nothing comes before it). */
export function previousParams(period: Period, timeZone: string, today: string): ReportParams | undefined {
  if (period.key === 'all') return undefined;
  const days = periodDays(period, today);
  if (!days) return { past_minutes_start: 2880, past_minutes_end: 1440, time_zone: timeZone };
  const length = daysBetween(days.from, days.to) + 1;
  return { start_date: addDays(days.from, -length), end_date: addDays(days.to, -length), time_zone: timeZone };
}

/** The buckets that suit a period, the default first (each gives far fewer than the API's 10,000). */
export function bucketsFor(period: Period, today: string): readonly Bucket[] {
  const days = periodDays(period, today);
  const length = days ? daysBetween(days.from, days.to) + 1 : 1;
  if (length <= 1) return ['hour', 'fifteen_minutes', 'five_minutes'];
  if (length <= 14) return ['day', 'hour'];
  if (length <= 92) return ['day', 'week', 'hour'];
  if (length <= 800) return ['month', 'week', 'day'];
  return ['month', 'year', 'week'];
}

/** The period in words for file names: its days (one, or the first and last), or "last 24 hours". */
export function periodName(period: Period, today: string): string {
  const days = periodDays(period, today);
  if (!days) return 'last 24 hours';
  return days.from === days.to ? days.from : `${days.from} to ${days.to}`;
}
