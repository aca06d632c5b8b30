import { describe, expect, it } from 'vitest';
import { chooseContentCoding, parseAcceptEncoding } from './content-coding.js';

describe('chooseContentCoding', () => {
  it.each([
    [undefined, 'identity'],
    ['', 'identity'],
    ['gzip', 'gzip'],
    ['br', 'br'],
    ['gzip, deflate, br', 'br'],
    ['gzip, deflate, br, zstd', 'br'],
    ['br;q=0.5, gzip', 'gzip'],
    ['br;q=1.0, gzip;q=0.999', 'br'],
    ['gzip;q=0.8, br;q=0.8', 'br'],
    ['BR', 'br'],
    ['x-gzip', 'gzip'],
    ['deflate', 'identity'],
    ['zstd, compress', 'identity'],
    ['*', 'br'],
    ['*;q=0.5', 'br'],
    ['*;q=0.5, identity;q=0.9', 'identity'],
    ['*;q=0', undefined],
    ['*;q=0, identity', 'identity'],
    ['*;q=0, gzip', 'gzip'],
    ['identity;q=0', undefined],
    ['identity;q=0, gzip;q=0.1', 'gzip'],
    ['br;q=0, gzip;q=0', 'identity'],
    ['br;q=0, *', 'gzip'],
    ['identity', 'identity'],
    ['gzip;q=0.5, identity;q=0.6', 'identity'],
    ['gzip;q=1.5', 'identity'],
    ['gzip;q=abc', 'identity'],
    ['gzip;q=0.1234', 'identity'],
    ['gzip;q=', 'identity'],
    ['gzip;q=2', 'identity'],
    ['gzip;q=-1', 'identity'],
    ['gzip;level=9', 'gzip'],
    ['gzip ; q = 0.4 , br ; q = 0.3', 'gzip'],
    ['gzip;q=0, gzip;q=1', 'identity'],
    [',,, ,;;', 'identity'],
    [`${'x,'.repeat(100)}gzip`, 'identity'],
  ])('%j -> %j', (header, expected) => {
    expect(chooseContentCoding(header)).toBe(expected);
  });

  it('answers a very long header in linear time without a regular expression', () => {
    expect(chooseContentCoding(`${';'.repeat(100_000)}br`)).toBe('identity');
    expect(chooseContentCoding(`br;q=${'0'.repeat(100_000)}`)).toBe('identity');
  });
});

describe('parseAcceptEncoding', () => {
  it('keeps the first mention of each coding with its qvalue', () => {
    expect([...parseAcceptEncoding('Gzip;q=0.5, br, gzip;q=1, *;q=0.001, bad;q=x')]).toEqual([
      ['gzip', 0.5],
      ['br', 1],
      ['*', 0.001],
    ]);
  });
});
