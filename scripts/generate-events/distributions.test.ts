import { describe, expect, it } from 'vitest';
import { clamp, exponential, geometric, logNormal, roundTo, standardNormal, zipfWeights } from './distributions.js';
import { Prng } from './prng.js';

function mean(draw: () => number, count = 100_000): number {
  let sum = 0;
  for (let i = 0; i < count; i++) sum += draw();
  return sum / count;
}

describe('distributions', () => {
  it.each([
    [3, 1, [1, 1 / 2, 1 / 3]],
    [4, 2, [1, 1 / 4, 1 / 9, 1 / 16]],
    [2, 0, [1, 1]],
  ])('zipfWeights(%i, %d)', (count, exponent, expected) => {
    expect(zipfWeights(count, exponent)).toEqual(expected);
  });

  it.each([
    [5, 0, 10, 5],
    [-1, 0, 10, 0],
    [11, 0, 10, 10],
  ])('clamp(%d, %d, %d) = %d', (value, min, max, expected) => {
    expect(clamp(value, min, max)).toBe(expected);
  });

  it.each([
    [1.23456, 1, 1.2],
    [1.25, 1, 1.3],
    [0.00449, 4, 0.0045],
    [1234.5678, 0, 1235],
  ])('roundTo(%d, %i) = %d', (value, digits, expected) => {
    expect(roundTo(value, digits)).toBe(expected);
  });

  it('standardNormal has mean 0 and variance 1', () => {
    const rng = new Prng(1);
    const values = Array.from({ length: 100_000 }, () => standardNormal(rng));
    const m = values.reduce((a, b) => a + b, 0) / values.length;
    const variance = values.reduce((a, b) => a + (b - m) ** 2, 0) / values.length;
    expect(m).toBeCloseTo(0, 1);
    expect(variance).toBeCloseTo(1, 1);
  });

  it('logNormal has the requested median', () => {
    const rng = new Prng(2);
    const values = Array.from({ length: 50_001 }, () => logNormal(rng, 1800, 0.6)).sort((a, b) => a - b);
    expect((values[25_000] ?? 0) / 1800).toBeCloseTo(1, 1);
  });

  it.each([
    [0.5, 1],
    [0.4, 1.5],
    [0.2, 4],
  ])('geometric(p = %d) has mean (1 - p) / p = %d', (p, expected) => {
    const rng = new Prng(3);
    expect(mean(() => geometric(rng, p))).toBeCloseTo(expected, 1);
  });

  it('geometric(1) is always 0', () => {
    expect(geometric(new Prng(1), 1)).toBe(0);
  });

  it('exponential has the requested mean', () => {
    const rng = new Prng(4);
    expect(mean(() => exponential(rng, 1500)) / 1500).toBeCloseTo(1, 1);
  });
});
