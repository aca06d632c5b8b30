// What a tracking call may send as revenue ({amount, currency}) and how it becomes the stored columns.

import { parseAmount } from './money.js';

/** Every ISO 4217 code the runtime knows (upper case), read once. */
const CURRENCIES: ReadonlySet<string> = new Set(Intl.supportedValuesOf('currency'));

/** True for a three-letter ISO 4217 currency code, in either case. */
export function isCurrencyCode(value: string): boolean {
  return value.length === 3 && CURRENCIES.has(value.toUpperCase());
}

/**
 * An amount as sent (a JSON number or decimal text) as plain decimal text the store parses exactly, or
 * undefined when it is not a finite amount within Decimal(18, 4) with at most four places. A JSON number is
 * read as the shortest text that denotes it (19.99 stays "19.99"), never through arithmetic.
 */
export function amountText(value: number | string): string | undefined {
  const text = typeof value === 'number' ? (Number.isFinite(value) ? String(value) : '') : value.trim();
  return parseAmount(text) === undefined ? undefined : text;
}

export interface RevenueColumns {
  readonly revenue_amount: string;
  readonly revenue_currency: string;
}

/** The row's revenue columns for a validated payload's revenue; none (the columns keep their defaults, 0 and '') without. */
export function revenueColumns(revenue: { readonly amount: number | string; readonly currency: string } | undefined): RevenueColumns | Record<string, never> {
  const amount = revenue === undefined ? undefined : amountText(revenue.amount);
  if (revenue === undefined || amount === undefined) return {};
  return { revenue_amount: amount, revenue_currency: revenue.currency.toUpperCase() };
}
