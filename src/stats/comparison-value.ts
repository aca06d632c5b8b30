// The number a comparison filter value stands for, and the range of numbers the store can be given for it.

/** Comparisons bind a Float64; beyond ±2^53 integers lose exactness, and the store's binder refuses them. */
export const MAX_COMPARISON_MAGNITUDE = Number.MAX_SAFE_INTEGER;

const DECIMAL = /^-?\d+(\.\d+)?$/;

/** A number value, or a decimal string read as one; undefined for text (compared as text). */
export function comparisonNumber(value: string | number): number | undefined {
  if (typeof value === 'number') return value;
  return DECIMAL.test(value) ? Number(value) : undefined;
}

/** True when the number can be bound and compared exactly: finite and within ±(2^53 - 1). */
export function isComparableNumber(value: number): boolean {
  return Number.isFinite(value) && Math.abs(value) <= MAX_COMPARISON_MAGNITUDE;
}
