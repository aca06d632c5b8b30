import { describe, expect, it } from 'vitest';
import { neutralValue } from './visitor-links.js';

describe('neutralValue: what a link row writes in a sessions column it leaves alone', () => {
  it.each([
    ['first_referrer', 'SimpleAggregateFunction(min, String)', "'~'"],
    ['first_hostname', 'SimpleAggregateFunction(min, LowCardinality(String))', "'~'"],
    ['attributes_low', 'SimpleAggregateFunction(min, UInt64)', '18446744073709551615'],
    ['country', 'SimpleAggregateFunction(max, LowCardinality(String))', "defaultValueOfTypeName('LowCardinality(String)')"],
    ['pageviews', 'SimpleAggregateFunction(sum, UInt64)', "defaultValueOfTypeName('UInt64')"],
    ['pages', 'SimpleAggregateFunction(sumMap, Tuple(Array(String), Array(UInt64)))', "defaultValueOfTypeName('Tuple(Array(String), Array(UInt64))')"],
    ['journey', "SimpleAggregateFunction(groupArrayArray, Array(Tuple(DateTime64(3, 'UTC'), String)))", "defaultValueOfTypeName('Array(Tuple(DateTime64(3, \\'UTC\\'), String))')"],
  ])('%s (%s)', (name, type, value) => {
    expect(neutralValue({ name, type })).toBe(value);
  });

  it('refuses a column it does not know how to leave alone', () => {
    expect(() => neutralValue({ name: 'first_seen', type: "SimpleAggregateFunction(min, DateTime64(3, 'UTC'))" })).toThrow(/no value its aggregate ignores/);
    expect(() => neutralValue({ name: 'visits', type: 'SimpleAggregateFunction(anyLast, UInt64)' })).toThrow(/no value its aggregate ignores/);
    expect(() => neutralValue({ name: 'plain', type: 'UInt64' })).toThrow(/not an aggregate column/);
  });
});
