// percentile (nearest rank) and timeRuns (warm-up kept apart, one sample per run).
import { describe, expect, it } from 'vitest';
import { percentile, timeRuns } from './latency-stats.js';

describe('percentile', () => {
  it.each([
    [[5], 50, 5],
    [[3, 1, 2], 50, 2],
    [[1, 2, 3, 4], 50, 2],
    [[1, 2, 3, 4], 95, 4],
    [[10, 20, 30, 40, 50, 60, 70, 80, 90, 100, 110, 120, 130, 140, 150], 50, 80],
    [[10, 20, 30, 40, 50, 60, 70, 80, 90, 100, 110, 120, 130, 140, 150], 95, 150],
    [[7, 1], 0, 1],
  ])('%j p%i = %d', (samples, p, expected) => {
    expect(percentile(samples, p)).toBe(expected);
  });

  it('is NaN without samples', () => {
    expect(percentile([], 50)).toBeNaN();
  });
});

describe('timeRuns', () => {
  it('returns the warm-up answer and one sample per timed run', async () => {
    let calls = 0;
    let callsBeforeTimedRuns = -1;
    const timed = await timeRuns(async () => ++calls, 4, () => {
      callsBeforeTimedRuns = calls;
    });
    expect(calls).toBe(5);
    expect(callsBeforeTimedRuns).toBe(1);
    expect(timed.first).toBe(1);
    expect(timed.samples).toHaveLength(4);
    expect(timed.samples.every((ms) => ms >= 0)).toBe(true);
  });
});
