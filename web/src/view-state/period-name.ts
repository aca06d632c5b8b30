// A period in words for file names: its first and last days, or "last 24 hours".
import { periodDays, type Period } from './period';

export function periodName(period: Period, today: string): string {
  const days = periodDays(period, today);
  if (!days) return 'last 24 hours';
  return days.from === days.to ? days.from : `${days.from} to ${days.to}`;
}
