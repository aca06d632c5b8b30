import { describe, expect, it } from 'vitest';
import { createMemoryRateCounter } from './rate-counter.js';

const MINUTE = 60_000;
/** An arbitrary frozen start, aligned to a window boundary so the weights below are exact. */
const T0 = 1_700_000_040_000;

describe('createMemoryRateCounter', () => {
  it('counts hits of one key within a window', () => {
    const counter = createMemoryRateCounter({ windowMs: MINUTE, maxKeys: 10 });
    expect([0, 1, 2, 3, 4].map((i) => counter.hit('k', T0 + i * 1000))).toEqual([1, 2, 3, 4, 5]);
  });

  it('keeps keys apart', () => {
    const counter = createMemoryRateCounter({ windowMs: MINUTE, maxKeys: 10 });
    expect([counter.hit('a', T0), counter.hit('b', T0), counter.hit('a', T0), counter.hit('b', T0 + 1)]).toEqual([1, 1, 2, 2]);
  });

  it.each([
    // [ms after the three hits' window starts, expected count for the next hit]
    [MINUTE, 1 + 3], // the previous window still fully overlaps
    [MINUTE + 20_000, 1 + 2], // 2/3 overlap: floor(3 * 0.667)
    [MINUTE + 30_000, 1 + 1], // half overlap: floor(1.5)
    [MINUTE + 59_999, 1 + 0],
    [2 * MINUTE, 1], // two windows later nothing is left
    [10 * MINUTE, 1],
  ])('slides: three hits late in one window, then a hit %i ms after it began -> %i', (offset, expected) => {
    const counter = createMemoryRateCounter({ windowMs: MINUTE, maxKeys: 10 });
    for (let i = 0; i < 3; i += 1) counter.hit('k', T0 + 59_000);
    expect(counter.hit('k', T0 + offset)).toBe(expected);
  });

  it('counts a burst of 121 in 12 s as 121, and one hit a second for four minutes as at most 61', () => {
    const burst = createMemoryRateCounter({ windowMs: MINUTE, maxKeys: 10 });
    const burstCounts = Array.from({ length: 121 }, (_, i) => burst.hit('k', T0 + i * 100));
    expect(burstCounts.at(-1)).toBe(121);
    const steady = createMemoryRateCounter({ windowMs: MINUTE, maxKeys: 10 });
    const steadyCounts = Array.from({ length: 240 }, (_, i) => steady.hit('k', T0 + i * 1000));
    // 61 at the first hit of a new window: the previous window still fully overlaps (window edges inclusive).
    expect(Math.max(...steadyCounts)).toBe(61);
  });

  it('forgets the least recently seen key beyond maxKeys', () => {
    const counter = createMemoryRateCounter({ windowMs: MINUTE, maxKeys: 2 });
    counter.hit('a', T0);
    counter.hit('a', T0);
    counter.hit('b', T0);
    counter.hit('c', T0);
    expect([counter.hit('a', T0), counter.hit('c', T0)]).toEqual([1, 2]);
  });

  it('keeps counting in the newest window when the clock steps back', () => {
    const counter = createMemoryRateCounter({ windowMs: MINUTE, maxKeys: 10 });
    counter.hit('k', T0 + MINUTE + 5000);
    expect(counter.hit('k', T0 + 30_000)).toBe(2);
  });

  it('rejects a window that is not positive', () => {
    expect(() => createMemoryRateCounter({ windowMs: 0, maxKeys: 1 })).toThrow('windowMs must be positive');
  });
});
