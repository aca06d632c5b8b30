// Merging passes: samples pooled, CPU figures averaged, the last answer kept, an error in any pass kept.
import { describe, expect, it } from 'vitest';
import { mergePasses } from './merge-passes.js';
import type { RawMeasurement } from './raw-phase.js';

const measurement = (key: string, samples: number[], cpu: number | undefined, other: number, extra: Partial<RawMeasurement> = {}): RawMeasurement => ({
  key, samples, answer: [[{ pass: samples[0] }]], otherCpuPercent: other, cpuMsPerRun: cpu, ...extra,
});

describe('mergePasses', () => {
  it('pools samples and averages the CPU figures per key', () => {
    const merged = mergePasses([
      [measurement('a', [10, 12], 20, 2), measurement('b', [5], undefined, 0)],
      [measurement('a', [14], 30, 4), measurement('b', [7], 8, 2)],
    ]);
    expect(merged).toEqual([
      { key: 'a', samples: [10, 12, 14], answer: [[{ pass: 14 }]], otherCpuPercent: 3, cpuMsPerRun: 25 },
      { key: 'b', samples: [5, 7], answer: [[{ pass: 7 }]], otherCpuPercent: 1, cpuMsPerRun: 8 },
    ]);
  });

  it('keeps an error of any pass', () => {
    const merged = mergePasses([[measurement('a', [], undefined, 0, { error: 'timeout' })], [measurement('a', [3], 4, 0)]]);
    expect(merged[0]?.error).toBe('timeout');
    expect(merged[0]?.samples).toEqual([3]);
  });

  it('is the single pass itself when there is one', () => {
    const only = [measurement('a', [1, 2], 3, 4)];
    expect(mergePasses([only])).toEqual(only);
  });
});
