import { describe, expect, it } from 'vitest';
import type { BrowserClaim } from './browser-claim.js';
import { createHeaderScoreCache, headerSetKey } from './header-score-cache.js';
import { type HeaderScore, type RequestHeaders, scoreHeaderHeuristics } from './score-header-heuristics.js';

const CHROME_124: BrowserClaim = { family: 'chromium', major: 124 };
const CHROME_12: BrowserClaim = { family: 'chromium', major: 12 };
const chrome: RequestHeaders = {
  accept: '*/*',
  'accept-encoding': 'gzip, deflate, br',
  'accept-language': 'en-US,en;q=0.9',
  'sec-ch-ua': '"Chromium";v="124", "Google Chrome";v="124"',
  'sec-fetch-mode': 'cors',
};

function counting(): { calls: () => number; score: (headers: RequestHeaders, browser: BrowserClaim | null) => HeaderScore } {
  let calls = 0;
  return {
    calls: () => calls,
    score: (headers, browser) => {
      calls += 1;
      return scoreHeaderHeuristics(headers, browser);
    },
  };
}

describe('createHeaderScoreCache', () => {
  it('answers as scoreHeaderHeuristics for every header set and browser, kept or not', () => {
    const cached = createHeaderScoreCache({ maxEntries: 3 });
    const sets: RequestHeaders[] = [chrome, {}, { accept: '*/*' }, { ...chrome, 'accept-language': '' }, { ...chrome, 'sec-ch-ua': '"HeadlessChrome";v="124"' }, { Accept: ['*/*'], 'Accept-Language': 'de' }];
    const browsers: Array<BrowserClaim | null> = [CHROME_124, CHROME_12, { family: 'firefox', major: 121 }, { family: 'safari', major: 17 }, null];
    for (let round = 0; round < 2; round += 1) {
      for (const headers of sets) {
        for (const browser of browsers) expect(cached(headers, browser)).toEqual(scoreHeaderHeuristics(headers, browser));
      }
    }
  });

  it('scores a repeated set once and hands out a frozen answer', () => {
    const counter = counting();
    const cached = createHeaderScoreCache({ score: counter.score });
    const first = cached({ ...chrome }, CHROME_124);
    const second = cached({ ...chrome }, CHROME_124);
    expect(counter.calls()).toBe(1);
    expect(second).toBe(first);
    expect(Object.isFrozen(first) && Object.isFrozen(first.signals)).toBe(true);
  });

  it('keeps at most maxEntries sets, dropping the least recently used', () => {
    const counter = counting();
    const cached = createHeaderScoreCache({ maxEntries: 2, score: counter.score });
    cached({ accept: 'a' }, null);
    cached({ accept: 'b' }, null);
    cached({ accept: 'c' }, null);
    expect(counter.calls()).toBe(3);
    cached({ accept: 'c' }, null);
    cached({ accept: 'b' }, null);
    expect(counter.calls()).toBe(3);
    cached({ accept: 'a' }, null);
    expect(counter.calls()).toBe(4);
  });

  it('does not keep a set whose key is over the length limit, nor one with a repeated header', () => {
    const counter = counting();
    const cached = createHeaderScoreCache({ maxKeyLength: 64, score: counter.score });
    const long = { accept: 'x'.repeat(100) };
    cached(long, null);
    cached(long, null);
    const repeated = { accept: ['*/*', 'text/html'] };
    cached(repeated, null);
    cached(repeated, null);
    expect(counter.calls()).toBe(4);
  });
});

describe('headerSetKey', () => {
  it('tells apart sets that differ only in where a name ends and a value begins, or in the browser', () => {
    const keys = [
      headerSetKey({ ab: 'c' }, null, 1000),
      headerSetKey({ a: 'bc' }, null, 1000),
      headerSetKey({ a: 'b', c: '' }, null, 1000),
      headerSetKey({ ab: 'c' }, CHROME_124, 1000),
      headerSetKey({ ab: 'c' }, CHROME_12, 1000),
      headerSetKey({ ab: 'c' }, { family: 'other', major: 0 }, 1000),
    ];
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('skips absent values, as the rules do', () => {
    expect(headerSetKey({ accept: '*/*', 'accept-language': undefined }, null, 1000)).toBe(headerSetKey({ accept: '*/*' }, null, 1000));
  });
});
