// The operator's exchange rates (CURRENCY_RATES_FILE), and revenue per currency converted with them into a
// site's reporting currency, exactly: rates and amounts are integers, rounding happens once per currency.
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { AMOUNT_SCALE, decimalUnits, divideRounded } from './money.js';
import { isCurrencyCode } from './revenue-input.js';

/** Places a rate keeps (ECB reference rates have at most 4 significant decimals; 10 leaves room for any source). */
const RATE_SCALE = 10;

/** How many units of each currency one unit of a common base is worth (the base itself: 1), as integers of RATE_SCALE places. */
export type CurrencyRates = ReadonlyMap<string, bigint>;

export const NO_RATES: CurrencyRates = new Map();

const rateValue = z.union([z.number().positive().finite().transform(String), z.string().trim().regex(/^\d{1,12}(?:\.\d{1,10})?$/, 'a positive decimal')]);

const RatesFileSchema = z
  .object({
    base: z.string().refine(isCurrencyCode, 'an ISO 4217 currency code'),
    rates: z.record(z.string().refine(isCurrencyCode, 'an ISO 4217 currency code'), rateValue),
  })
  .strict();

/**
 * Rates from the file's JSON text, `{"base": "EUR", "rates": {"USD": "1.0815", "GBP": 0.8467}}` (one base unit
 * is worth that many units of each currency). Throws a message naming the problem.
 */
export function parseCurrencyRates(text: string): CurrencyRates {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new Error('currency rates must be JSON');
  }
  const parsed = RatesFileSchema.safeParse(json);
  if (!parsed.success) throw new Error(`currency rates: ${parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ')}`);
  const rates = new Map<string, bigint>([[parsed.data.base.toUpperCase(), 10n ** BigInt(RATE_SCALE)]]);
  for (const [currency, value] of Object.entries(parsed.data.rates)) {
    const units = decimalUnits(value, RATE_SCALE);
    if (units === undefined || units <= 0n) throw new Error(`currency rates: rates.${currency}: a positive decimal`);
    rates.set(currency.toUpperCase(), units);
  }
  return rates;
}

/** The rates of the file at `path`, or NO_RATES without one. */
export function loadCurrencyRates(path: string | undefined): CurrencyRates {
  return path === undefined ? NO_RATES : parseCurrencyRates(readFileSync(path, 'utf8'));
}

/**
 * `units` (ten-thousandths of `from`) in ten-thousandths of `to`, rounded half away from zero; undefined when
 * a rate is missing. The same currency converts to itself without rates.
 */
export function convertUnits(units: bigint, from: string, to: string, rates: CurrencyRates): bigint | undefined {
  if (from === to) return units;
  const fromRate = rates.get(from);
  const toRate = rates.get(to);
  if (fromRate === undefined || toRate === undefined) return undefined;
  return divideRounded(units * toRate, fromRate);
}

/** One currency's share of a revenue figure. */
export interface CurrencyTotal {
  readonly currency: string;
  /** Ten-thousandths of the currency. */
  readonly units: bigint;
}

/**
 * The sum of every currency's total in `to`, as ten-thousandths, or undefined when some currency has no rate
 * (a partial sum would understate revenue without saying so).
 */
export function convertedTotal(totals: readonly CurrencyTotal[], to: string, rates: CurrencyRates): bigint | undefined {
  let sum = 0n;
  for (const total of totals) {
    const converted = convertUnits(total.units, total.currency, to, rates);
    if (converted === undefined) return undefined;
    sum += converted;
  }
  return sum;
}

export { AMOUNT_SCALE };
