// The sliding-window counter answers the same in process and in Redis (the Redis half runs when REDIS_URL answers).
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { redisUnderTest } from '../helpers/redis-under-test.js';
import { MemorySlidingCounter, RedisSlidingCounter, type SlidingCounter } from '../../src/platform/shared-state/sliding-counter.js';

const MINUTE = 60_000;
/** An arbitrary frozen start, aligned to a window boundary so the weights below are exact. */
const T0 = 1_700_000_040_000;

const redis = await redisUnderTest();
afterAll(async () => {
  await redis?.quit();
});

type Open = (windowMs?: number) => SlidingCounter;
const backends: Array<[string, Open]> = [
  ['memory', (windowMs = MINUTE) => new MemorySlidingCounter({ windowMs, maxKeys: 10 })],
  // A fresh namespace per counter, so runs and tests never share keys.
  ...(redis ? [['redis', (windowMs = MINUTE) => new RedisSlidingCounter(redis, `test-${randomBytes(6).toString('hex')}`, { windowMs })] as [string, Open]] : []),
];

/** Hits one after another (a counter's answers depend on their order). */
async function hits(counter: SlidingCounter, calls: ReadonlyArray<readonly [string, number]>): Promise<number[]> {
  const counts: number[] = [];
  for (const [key, at] of calls) counts.push(await counter.hit(key, at));
  return counts;
}

describe.each(backends)('sliding counter (%s)', (_name, open) => {
  it('counts hits of one key within a window', async () => {
    expect(await hits(open(), [0, 1, 2, 3, 4].map((i) => ['k', T0 + i * 1000] as const))).toEqual([1, 2, 3, 4, 5]);
  });

  it('keeps keys apart', async () => {
    expect(await hits(open(), [['a', T0], ['b', T0], ['a', T0], ['b', T0 + 1]])).toEqual([1, 1, 2, 2]);
  });

  it.each([
    // [ms after the three hits' window starts, expected count for the next hit]
    [MINUTE, 1 + 3], // the previous window still fully overlaps
    [MINUTE + 20_000, 1 + 2], // 2/3 overlap: floor(3 * 0.667)
    [MINUTE + 30_000, 1 + 1], // half overlap: floor(1.5)
    [MINUTE + 59_999, 1 + 0],
    [2 * MINUTE, 1], // two windows later nothing is left
    [10 * MINUTE, 1],
  ])('slides: three hits late in one window, then a hit %i ms after it began -> %i', async (offset, expected) => {
    const counter = open();
    await hits(counter, [['k', T0 + 59_000], ['k', T0 + 59_000], ['k', T0 + 59_000]]);
    expect(await counter.hit('k', T0 + offset)).toBe(expected);
  });

  it('counts a burst of 121 in 12 s as 121, and one hit a second for four minutes as at most 61', async () => {
    const burstCounts = await hits(open(), Array.from({ length: 121 }, (_, i) => ['k', T0 + i * 100] as const));
    expect(burstCounts.at(-1)).toBe(121);
    const steadyCounts = await hits(open(), Array.from({ length: 240 }, (_, i) => ['k', T0 + i * 1000] as const));
    // 61 at the first hit of a new window: the previous window still fully overlaps (window edges inclusive).
    expect(Math.max(...steadyCounts)).toBe(61);
  });

  it('keeps counting in the newest window when the clock steps back', async () => {
    const counter = open();
    await counter.hit('k', T0 + MINUTE + 5000);
    expect(await counter.hit('k', T0 + 30_000)).toBe(2);
  });

  it('rejects a window that is not positive', () => {
    expect(() => open(0)).toThrow('windowMs must be positive');
  });
});

describe('sliding counter in process', () => {
  it('forgets the least recently seen key beyond maxKeys', async () => {
    const counter = new MemorySlidingCounter({ windowMs: MINUTE, maxKeys: 2 });
    expect(await hits(counter, [['a', T0], ['a', T0], ['b', T0], ['c', T0], ['a', T0], ['c', T0]])).toEqual([1, 2, 1, 1, 1, 2]);
  });

  it('keeps a key hit again as the most recently seen, and its count', async () => {
    const counter = new MemorySlidingCounter({ windowMs: MINUTE, maxKeys: 2 });
    // b is forgotten when c comes, not a, whose second hit came after b's first.
    expect(await hits(counter, [['a', T0], ['b', T0], ['a', T0], ['c', T0], ['a', T0], ['b', T0]])).toEqual([1, 1, 2, 1, 3, 1]);
  });
});

describe.skipIf(!redis)('sliding counter in Redis', () => {
  it('is one count for every process that shares the Redis, and lets an idle key expire after two windows', async () => {
    if (!redis) return;
    const namespace = `test-${randomBytes(6).toString('hex')}`;
    // Two servers' counters over one Redis (separate clients, as separate processes have).
    const other = new Redis(process.env.REDIS_URL ?? '');
    try {
      const first = new RedisSlidingCounter(redis, namespace, { windowMs: 500 });
      const second = new RedisSlidingCounter(other, namespace, { windowMs: 500 });
      const now = Date.now();
      expect([await first.hit('v', now), await second.hit('v', now), await first.hit('v', now), await second.hit('v', now)]).toEqual([1, 2, 3, 4]);
      const ttl = await redis.pttl(`loupe:count:${namespace}:v`);
      expect(ttl).toBeGreaterThan(0);
      expect(ttl).toBeLessThanOrEqual(1000);
    } finally {
      other.disconnect();
    }
  });
});
