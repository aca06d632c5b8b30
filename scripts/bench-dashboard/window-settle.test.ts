// The render benchmark's wait for a new window to settle: idle once Chromium used little CPU in one interval; the
// server's and the bench's CPU do not count; it gives up after its longest wait.
import { describe, expect, it } from 'vitest';
import type { CpuPart, CpuSample } from './process-cpu.js';
import { waitForIdleChromium } from './window-settle.js';

/** A sampler replaying cumulative CPU ms per part, one reading per call (the last repeated). */
function replay(readings: ReadonlyArray<Partial<Record<CpuPart, number>>>): { sample: () => CpuSample; calls: () => number } {
  let calls = 0;
  return {
    sample: () => {
      const reading = readings[Math.min(calls, readings.length - 1)] ?? {};
      calls++;
      return new Map(Object.entries(reading).map(([part, ms], index) => [index + 1, { part: part as CpuPart, ms }]));
    },
    calls: () => calls,
  };
}

const FAST = { intervalMs: 0, idleCpuMs: 20, maxWaitMs: 60_000 };

describe('waitForIdleChromium', () => {
  it('settles at the first interval in which Chromium used at most idleCpuMs', async () => {
    const sampler = replay([{ chromium: 0 }, { chromium: 300 }, { chromium: 600 }, { chromium: 620 }, { chromium: 900 }]);
    expect(await waitForIdleChromium(sampler.sample, FAST)).toMatchObject({ settled: true });
    expect(sampler.calls()).toBe(4);
  });

  it('counts Chromium only: a busy server does not keep it waiting', async () => {
    const sampler = replay([{ chromium: 100, server: 0, bench: 0 }, { chromium: 110, server: 900, bench: 400 }]);
    expect(await waitForIdleChromium(sampler.sample, FAST)).toMatchObject({ settled: true });
    expect(sampler.calls()).toBe(2);
  });

  it('gives up once its longest wait has passed, saying it did not settle', async () => {
    let ms = 0;
    const busy = () => new Map([[1, { part: 'chromium' as const, ms: (ms += 500) }]]);
    expect(await waitForIdleChromium(busy, { ...FAST, maxWaitMs: 0 })).toMatchObject({ settled: false });
  });
});
