// Combining SQL fragments: AND / OR with parentheses, neutral elements, and parameter clashes.
import { describe, expect, it } from 'vitest';
import { ALWAYS_FALSE, ALWAYS_TRUE, allOf, anyOf, mergeParams } from './sql-fragment.js';

const a = { sql: 'a = {a:String}', params: { a: 'x' } };
const b = { sql: 'b = {b:String}', params: { b: 'y' } };

describe('allOf / anyOf', () => {
  it.each([
    ['allOf of nothing', allOf([]), ALWAYS_TRUE],
    ['anyOf of nothing', anyOf([]), ALWAYS_FALSE],
    ['allOf of one', allOf([a]), a],
    ['allOf drops always-true', allOf([ALWAYS_TRUE, a]), a],
    ['allOf with always-false', allOf([a, ALWAYS_FALSE]), ALWAYS_FALSE],
    ['anyOf with always-true', anyOf([a, ALWAYS_TRUE]), ALWAYS_TRUE],
    ['anyOf drops always-false', anyOf([ALWAYS_FALSE, b]), b],
    ['allOf of two', allOf([a, b]), { sql: '(a = {a:String}) AND (b = {b:String})', params: { a: 'x', b: 'y' } }],
    ['anyOf of two', anyOf([a, b]), { sql: '(a = {a:String}) OR (b = {b:String})', params: { a: 'x', b: 'y' } }],
  ])('%s', (_name, actual, expected) => {
    expect(actual).toEqual(expected);
  });
});

describe('mergeParams', () => {
  it('accepts one name bound twice to the same value', () => {
    expect(mergeParams([a, { sql: '', params: { a: 'x' } }])).toEqual({ a: 'x' });
  });

  it('refuses one name bound to two values', () => {
    expect(() => mergeParams([a, { sql: '', params: { a: 'z' } }])).toThrow('SQL parameter a is bound twice');
  });
});
