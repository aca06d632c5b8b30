// Exact decimal amounts for revenue: text <-> integers in ten-thousandths (the store's Decimal(18, 4)), and
// rounding to a currency's minor unit, so sums and conversions never pass through floating point.

/** Places the store keeps: four, the most any ISO 4217 currency uses. */
export const AMOUNT_SCALE = 4;
const SCALE = 10n ** BigInt(AMOUNT_SCALE);

/** Plain decimal text: an optional minus, up to 14 integer digits, up to 4 places (fits Decimal(18, 4)). */
const AMOUNT_TEXT = /^-?\d{1,14}(?:\.\d{1,4})?$/;

/** Decimal text of any length and places (sums, rates); checked before BigInt parsing. */
const DECIMAL_TEXT = /^-?\d+(?:\.\d+)?$/;

/** The amount as stored, in ten-thousandths, or undefined when the text is not a plain decimal within range. */
export function parseAmount(text: string): bigint | undefined {
  if (!AMOUNT_TEXT.test(text)) return undefined;
  return decimalUnits(text, AMOUNT_SCALE);
}

/** Any plain decimal text as an integer of `scale` places, truncated beyond them; undefined when not decimal. */
export function decimalUnits(text: string, scale: number): bigint | undefined {
  if (!DECIMAL_TEXT.test(text)) return undefined;
  const negative = text.startsWith('-');
  const [whole = '0', fraction = ''] = (negative ? text.slice(1) : text).split('.');
  const units = BigInt(whole) * 10n ** BigInt(scale) + BigInt(fraction.slice(0, scale).padEnd(scale, '0') || '0');
  return negative ? -units : units;
}

/** Integer division rounding half away from zero. */
export function divideRounded(numerator: bigint, denominator: bigint): bigint {
  if (denominator === 0n) throw new RangeError('division by zero');
  const negative = numerator < 0n !== denominator < 0n;
  const n = numerator < 0n ? -numerator : numerator;
  const d = denominator < 0n ? -denominator : denominator;
  const quotient = (n * 2n + d) / (d * 2n);
  return negative ? -quotient : quotient;
}

/** The digits after the point a currency's amounts are shown with (JPY 0, EUR 2, BHD 3); 2 when unknown. */
export function minorUnits(currency: string): number {
  try {
    return new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
  } catch {
    return 2;
  }
}

/** Ten-thousandths as decimal text rounded (half away from zero) to `places` places, e.g. 123450n, 2 -> "12.35". */
export function formatUnits(units: bigint, places: number): string {
  const rounded = divideRounded(units, 10n ** BigInt(AMOUNT_SCALE - places));
  const negative = rounded < 0n;
  const digits = (negative ? -rounded : rounded).toString().padStart(places + 1, '0');
  const whole = digits.slice(0, digits.length - places);
  const text = places === 0 ? whole : `${whole}.${digits.slice(digits.length - places)}`;
  return negative ? `-${text}` : text;
}

/** A stored amount (ten-thousandths) as text in the currency's own precision: formatMoney(199900n, 'EUR') = "19.99". */
export function formatMoney(units: bigint, currency: string): string {
  return formatUnits(units, minorUnits(currency));
}

export { SCALE as AMOUNT_UNITS_PER_ONE };
