// Revenue as the reports answer it: per currency, and in one currency (the site's reporting currency, converted
// with the operator's rates, or the only currency there is), with the average per conversion.
import { z } from 'zod';
import { decimalUnits, divideRounded, formatMoney, AMOUNT_SCALE } from './money.js';
import { convertedTotal, type CurrencyRates, type CurrencyTotal } from './currency-rates.js';

/** One currency's revenue as the store sums it: the total as decimal text, the events carrying it. */
export interface CurrencySum {
  readonly currency: string;
  readonly amount: string;
  readonly events: number;
}

const money = z.string().describe('a decimal amount as text, rounded to the currency\'s minor unit (e.g. "1234.50", JPY "1200")');

export const RevenueSchema = z.object({
  currency: z.string().nullable().describe("the currency of total and average: the site's reportingCurrency, else the only currency present; null when neither"),
  total: money.nullable().describe('all revenue in `currency` (other currencies converted with the operator\'s rates); null when a needed rate is missing or there is no `currency`'),
  average: money.nullable().describe('total / conversions (or / events where there are no conversions); null with total null or nothing to divide by'),
  events: z.number().int().describe('events carrying revenue'),
  by_currency: z.array(z.object({ currency: z.string(), total: money, events: z.number().int() })).describe('each currency as sent, largest event count first'),
});

export type Revenue = z.infer<typeof RevenueSchema>;

export interface RevenueContext {
  /** The site's reporting currency, or null. */
  readonly reportingCurrency: string | null;
  readonly rates: CurrencyRates;
}

/** Ten-thousandths of a summed amount's text (the store's Decimal(38, 4) sum); 0 for text it does not recognise. */
function unitsOf(text: string): bigint {
  return decimalUnits(text, AMOUNT_SCALE) ?? 0n;
}

/**
 * The report's revenue from the per-currency sums; `conversions` divides the total for the average (the
 * conversions of a goal or funnel step; without, the events carrying revenue).
 */
export function revenueSummary(sums: readonly CurrencySum[], context: RevenueContext, conversions?: number): Revenue {
  const totals: CurrencyTotal[] = sums.map((sum) => ({ currency: sum.currency, units: unitsOf(sum.amount) }));
  const events = sums.reduce((count, sum) => count + sum.events, 0);
  const only = sums.length === 1 ? sums[0]?.currency : undefined;
  const currency = context.reportingCurrency ?? only ?? null;
  const total = currency === null ? undefined : convertedTotal(totals, currency, context.rates);
  const divisor = conversions ?? events;
  const average = total === undefined || divisor === 0 ? undefined : divideRounded(total, BigInt(divisor));
  return {
    currency,
    total: total === undefined || currency === null ? null : formatMoney(total, currency),
    average: average === undefined || currency === null ? null : formatMoney(average, currency),
    events,
    by_currency: [...sums]
      .sort((a, b) => b.events - a.events || a.currency.localeCompare(b.currency))
      .map((sum) => ({ currency: sum.currency, total: formatMoney(unitsOf(sum.amount), sum.currency), events: sum.events })),
  };
}
