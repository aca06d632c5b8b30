import { describe, expect, it } from 'vitest';
import { Prng } from './prng.js';
import { drawVitals, type VitalsSample } from './web-vitals.js';

function samples(deviceType: string, engine: 'v8' | 'jsc', count = 20_000): VitalsSample[] {
  const rng = new Prng(4);
  return Array.from({ length: count }, () => drawVitals(rng, deviceType, engine, 1, 1));
}

function p75(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length * 0.75)] ?? Number.NaN;
}

describe('drawVitals', () => {
  it('paints after the first byte and the largest paint after the first', () => {
    for (const sample of samples('Mobile', 'v8')) {
      expect(sample.ttfb).toBeGreaterThan(0);
      expect(sample.fcp).toBeGreaterThanOrEqual(sample.ttfb);
      expect(sample.lcp ?? Number.POSITIVE_INFINITY).toBeGreaterThanOrEqual(sample.fcp);
      expect(sample.cls).toBeGreaterThanOrEqual(0);
      expect(sample.cls).toBeLessThanOrEqual(1.5);
    }
  });

  it('is slower on phones, with field-like p75s', () => {
    const desktop = samples('Desktop', 'v8');
    const mobile = samples('Mobile', 'v8');
    const lcp = (list: VitalsSample[]) => p75(list.map((sample) => sample.lcp ?? 0));
    expect(lcp(desktop)).toBeGreaterThan(1200);
    expect(lcp(desktop)).toBeLessThan(2500);
    expect(lcp(mobile)).toBeGreaterThan(lcp(desktop));
    expect(lcp(mobile)).toBeLessThan(4000);
    expect(p75(mobile.map((sample) => sample.cls))).toBeLessThan(0.1);
  });

  it('leaves INP empty without an interaction, and LCP and INP empty on older Safari only', () => {
    const v8 = samples('Desktop', 'v8');
    const jsc = samples('Desktop', 'jsc');
    expect(v8.filter((sample) => sample.lcp === null)).toHaveLength(0);
    expect(v8.filter((sample) => sample.inp === null).length / v8.length).toBeCloseTo(0.3, 1);
    expect(jsc.filter((sample) => sample.lcp === null).length / jsc.length).toBeCloseTo(0.35, 1);
  });
});
