// The five web vitals as the performance page shows them: names, units, the published good / poor thresholds,
// the rating of a figure the API returned, and how a figure is written.

export type VitalKey = 'lcp' | 'cls' | 'inp' | 'fcp' | 'ttfb';
export type Percentile = 'p50' | 'p75' | 'p90' | 'p99';
export type Rating = 'good' | 'needs-improvement' | 'poor';

export interface Vital {
  readonly key: VitalKey;
  readonly label: string;
  readonly name: string;
  /** Milliseconds, or a unitless layout-shift score. */
  readonly unit: 'ms' | 'score';
  /** Good up to and including `good`; poor above `poor`; needs improvement between. */
  readonly good: number;
  readonly poor: number;
}

export const VITALS: readonly Vital[] = [
  { key: 'lcp', label: 'LCP', name: 'Largest Contentful Paint', unit: 'ms', good: 2500, poor: 4000 },
  { key: 'cls', label: 'CLS', name: 'Cumulative Layout Shift', unit: 'score', good: 0.1, poor: 0.25 },
  { key: 'inp', label: 'INP', name: 'Interaction to Next Paint', unit: 'ms', good: 200, poor: 500 },
  { key: 'fcp', label: 'FCP', name: 'First Contentful Paint', unit: 'ms', good: 1800, poor: 3000 },
  { key: 'ttfb', label: 'TTFB', name: 'Time to First Byte', unit: 'ms', good: 800, poor: 1800 },
];

export const VITAL_KEYS: readonly VitalKey[] = VITALS.map((vital) => vital.key);
export const PERCENTILES: readonly Percentile[] = ['p50', 'p75', 'p90', 'p99'];

export const RATING_LABELS: Readonly<Record<Rating, string>> = { good: 'Good', 'needs-improvement': 'Needs improvement', poor: 'Poor' };

export function vitalOf(key: VitalKey): Vital {
  return VITALS.find((vital) => vital.key === key) ?? (VITALS[0] as Vital);
}

/** The rating of a figure; undefined when there is none (no samples). */
export function rateVital(vital: Vital, value: number | null | undefined): Rating | undefined {
  if (value === null || value === undefined) return undefined;
  if (value <= vital.good) return 'good';
  return value <= vital.poor ? 'needs-improvement' : 'poor';
}

const number = (value: number, digits: number) => value.toLocaleString('en-US', { maximumFractionDigits: digits });

/** A figure for reading: `850 ms`, `2.61 s`, `0.05`; `–` without samples. */
export function formatVital(vital: Vital, value: number | null | undefined): string {
  if (value === null || value === undefined) return '–';
  // CLS to two decimals, as its thresholds (0.1, 0.25) are written.
  if (vital.unit === 'score') return number(value, 2);
  // Whole milliseconds below a second (as rounded), seconds to two decimals from there.
  return Math.round(value) < 1000 ? `${number(value, 0)} ms` : `${number(value / 1000, 2)} s`;
}

/** The thresholds in words: `good ≤ 2.5 s, poor > 4 s`. */
export function thresholdText(vital: Vital): string {
  return `good ≤ ${formatVital(vital, vital.good)}, poor > ${formatVital(vital, vital.poor)}`;
}

/** The API's field for a vital at a percentile: `lcp_p75`. */
export const figureKey = (vital: VitalKey, percentile: Percentile) => `${vital}_${percentile}` as const;
