import { describe, expect, it } from 'vitest';
import { evaluateSoak, levelWindows, meanRss, type SoakVerdictInput } from './soak-verdict.js';

const hour = (rss: (minute: number) => number) => Array.from({ length: 361 }, (_, index) => ({ t: index * 10, rssMb: rss((index * 10) / 60) }));

const passing: SoakVerdictInput = {
  minutes: 60,
  samples: hour(() => 300),
  readyRssMb: 320,
  acknowledged: 3_600_000,
  stored: 3_600_003,
  unanswered: 3,
  freshnessP99Ms: 2_100,
  neverCounted: 0,
};

describe('soak verdict', () => {
  it('compares minutes 50-60 with 20-30 of an hour, and the same shares of a shorter run', () => {
    expect(levelWindows(60)).toEqual({ middle: [20, 30], last: [50, 60] });
    expect(levelWindows(12)).toEqual({ middle: [4, 6], last: [10, 12] });
    expect(meanRss(hour((minute) => (minute < 30 ? 100 : 200)), 20, 30)).toBeCloseTo(100 + 100 / 61, 6);
  });

  it('passes a run that levels off, stores everything, stays fresh and starts small', () => {
    expect(evaluateSoak(passing).map((c) => [c.name, c.ok])).toEqual([
      ['RSS levels off', true],
      ['no acknowledged event lost', true],
      ['freshness p99', true],
      ['ready RSS', true],
    ]);
  });

  it.each([
    ['RSS levels off', { samples: hour((minute) => 300 + minute * 2) }],
    ['no acknowledged event lost', { stored: 3_599_999 }],
    ['no acknowledged event lost', { stored: 3_600_004 }],
    ['freshness p99', { freshnessP99Ms: 5_000 }],
    ['freshness p99', { neverCounted: 1 }],
    ['ready RSS', { readyRssMb: 351 }],
  ] as const)('fails "%s" on %j', (name, change) => {
    const failed = evaluateSoak({ ...passing, ...change }).filter((c) => !c.ok).map((c) => c.name);
    expect(failed).toEqual([name]);
  });
});
