// Table tests of alert conditions: strict comparisons, change against a week earlier, missing values.
import { describe, expect, it } from 'vitest';
import { changePercent, conditionHolds } from './alert-condition.js';

describe('conditionHolds', () => {
  it.each([
    ['above', 10, 11, null, true],
    ['above', 10, 10, null, false],
    ['below', 10, 9, null, true],
    ['below', 10, 10, null, false],
    ['below', 10, null, null, false],
    ['increase_pct', 100, 21, 10, true],
    ['increase_pct', 100, 20, 10, false],
    ['increase_pct', 100, 50, 0, false],
    ['increase_pct', 100, 50, null, false],
    ['decrease_pct', 50, 4, 10, true],
    ['decrease_pct', 50, 5, 10, false],
    ['decrease_pct', 50, 0, 10, true],
  ] as const)('%s %d with value %j and baseline %j -> %s', (condition, threshold, value, baseline, holds) => {
    expect(conditionHolds(condition, threshold, { value, baseline })).toBe(holds);
  });
});

describe('changePercent', () => {
  it.each([
    [15, 10, 50],
    [10, 30, -66.7],
    [3, 0, null],
    [null, 3, null],
  ])('%j against %j -> %j', (value, baseline, change) => {
    expect(changePercent({ value, baseline })).toBe(change);
  });
});
