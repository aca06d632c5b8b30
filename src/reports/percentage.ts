// Rounding shared by reports: 2-decimal figures and shares of a whole in percent.

export const round2 = (value: number): number => Math.round(value * 100) / 100;

/** `part` as a percentage of `whole`, 2 decimals; 0 when `whole` is 0. */
export function percentOf(part: number, whole: number): number {
  return whole === 0 ? 0 : round2((part * 100) / whole);
}
