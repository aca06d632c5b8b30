// Which comparison values are read as numbers, and which numbers the store can be given.
import { describe, expect, it } from 'vitest';
import { comparisonNumber, isComparableNumber } from './comparison-value.js';

describe('comparisonNumber', () => {
  it.each<[string | number, number | undefined]>([
    [12, 12],
    ['12', 12],
    ['-1.5', -1.5],
    ['121.0.6167', undefined],
    ['1e5', undefined],
    ['abc', undefined],
    ['1'.repeat(41), Number('1'.repeat(41))],
  ])('%s -> %s', (value, expected) => {
    expect(comparisonNumber(value)).toBe(expected);
  });
});

describe('isComparableNumber', () => {
  it.each<[number, boolean]>([
    [0, true],
    [0.5, true],
    [Number.MAX_SAFE_INTEGER, true],
    [-Number.MAX_SAFE_INTEGER, true],
    [2 ** 53, false],
    [1e308, false],
    [-1e308, false],
    [Number.POSITIVE_INFINITY, false],
    [Number.NaN, false],
    [1e-300, true],
  ])('%s -> %s', (value, expected) => {
    expect(isComparableNumber(value)).toBe(expected);
  });
});
