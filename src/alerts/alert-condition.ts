// Whether a rule's condition holds for one measurement: above / below a number, or a change of more than N %
// against the same window a week earlier (no change can be computed from a zero or missing baseline).
import type { AlertCondition } from './alert-rule.schema.js';

export interface Measurement {
  /** The metric over the window; null when it has no value (a percentile of no samples). */
  readonly value: number | null;
  /** The same window a week earlier (change conditions only). */
  readonly baseline: number | null;
}

/** The change against the baseline in %, rounded to 0.1; null without a positive baseline. */
export function changePercent(measurement: Measurement): number | null {
  const { value, baseline } = measurement;
  if (value === null || baseline === null || baseline <= 0) return null;
  return Math.round(((value - baseline) / baseline) * 1000) / 10;
}

export function conditionHolds(condition: AlertCondition, threshold: number, measurement: Measurement): boolean {
  const { value } = measurement;
  if (value === null) return false;
  if (condition === 'above') return value > threshold;
  if (condition === 'below') return value < threshold;
  const change = changePercent(measurement);
  if (change === null) return false;
  return condition === 'increase_pct' ? change > threshold : -change > threshold;
}

/** True when the condition needs the same window a week earlier. */
export function needsBaseline(condition: AlertCondition): boolean {
  return condition === 'increase_pct' || condition === 'decrease_pct';
}
