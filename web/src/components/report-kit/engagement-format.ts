// How engagement and revenue figures read on the dashboard: durations as "1m 05s", depth in percent, money as text.
import type { Revenue } from '../../api/engagement-revenue-queries';

/** Seconds as "42s" or "3m 07s" (whole seconds). */
export function formatSeconds(seconds: number): string {
  const whole = Math.round(seconds);
  if (whole < 60) return `${whole}s`;
  return `${Math.floor(whole / 60)}m ${String(whole % 60).padStart(2, '0')}s`;
}

/** The revenue's total with its currency code ("47.50 EUR"); per currency when there is no single total. */
export function formatRevenue(revenue: Revenue): string {
  if (revenue.events === 0) return '–';
  if (revenue.total !== null && revenue.currency !== null) return `${revenue.total} ${revenue.currency}`;
  return revenue.by_currency.map((part) => `${part.total} ${part.currency}`).join(' + ');
}
