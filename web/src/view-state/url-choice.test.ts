// A closed-list choice read from and written to the URL.
import { describe, expect, it } from 'vitest';
import { readChoice, writeChoice } from './url-choice';

const PERCENTILES = ['p50', 'p75', 'p90', 'p99'] as const;

describe('readChoice', () => {
  it.each([
    ['percentile=p90', 'p90'],
    ['', 'p75'],
    ['percentile=p42', 'p75'],
    ['percentile=', 'p75'],
    ['percentile=P90', 'p75'],
  ])('%s reads as %s', (query, expected) => {
    expect(readChoice(new URLSearchParams(query), 'percentile', PERCENTILES, 'p75')).toBe(expected);
  });
});

describe('writeChoice', () => {
  it('sets the parameter and keeps the others', () => {
    const next = writeChoice(new URLSearchParams('period=30d&filters=x'), 'percentile', 'p99', 'p75');
    expect(next.toString()).toBe('period=30d&filters=x&percentile=p99');
  });

  it('leaves the fallback out of the URL', () => {
    expect(writeChoice(new URLSearchParams('percentile=p99&period=7d'), 'percentile', 'p75', 'p75').toString()).toBe('period=7d');
  });

  it('does not change the search it was given', () => {
    const search = new URLSearchParams('percentile=p90');
    writeChoice(search, 'percentile', 'p50', 'p75');
    expect(search.toString()).toBe('percentile=p90');
  });
});
