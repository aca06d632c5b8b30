// readStepFilters: the JSON objects the journeys page sends, and what is refused.
import { describe, expect, it } from 'vitest';
import { readStepFilters } from './step-filters-param.js';

describe('readStepFilters', () => {
  it.each([
    ['', []],
    ['{}', []],
    ['{"0":"/","2":"/blog/*"}', [[0, '/'], [2, '/blog/*']]],
    ['{"1":"  "}', []],
    ['{"9":"/x"}', [[9, '/x']]],
  ])('reads %s', (text, expected) => {
    expect([...(readStepFilters(text) ?? new Map()).entries()]).toEqual(expected);
  });

  it.each([
    ['not json', '{"1":'],
    ['an array', '["/"]'],
    ['null', 'null'],
    ['a string', '"/"'],
    ['a step past 9', '{"10":"/"}'],
    ['a negative step', '{"-1":"/"}'],
    ['a named step', '{"first":"/"}'],
    ['a number path', '{"1":5}'],
    ['a null path', '{"1":null}'],
    ['a path too long', `{"1":"/${'a'.repeat(2048)}"}`],
    ['a text too long', `{"1":"${'a'.repeat(4001)}"}`],
  ])('refuses %s', (_label, text) => {
    expect(readStepFilters(text)).toBeUndefined();
  });
});
