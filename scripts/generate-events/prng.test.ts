import { describe, expect, it } from 'vitest';
import { Prng } from './prng.js';

function take(rng: Prng, count: number): number[] {
  return Array.from({ length: count }, () => rng.nextUint32());
}

describe('Prng', () => {
  it('repeats its stream for the same seed', () => {
    expect(take(new Prng(42), 50)).toEqual(take(new Prng(42), 50));
  });

  it.each([
    [1, 2],
    [0, 1],
    [42, 43],
    [4294967295, 0],
  ])('gives different streams for seeds %i and %i', (a, b) => {
    expect(take(new Prng(a), 8)).not.toEqual(take(new Prng(b), 8));
  });

  it('keeps a fixed stream for a given seed (changing it changes every generated data set)', () => {
    expect(take(new Prng(1), 4)).toEqual([1689047798, 3678829038, 1136791837, 192526458]);
  });

  it('draws floats in [0, 1) with a mean near 1/2', () => {
    const rng = new Prng(7);
    let sum = 0;
    let min = 1;
    let max = 0;
    for (let i = 0; i < 100_000; i++) {
      const value = rng.float();
      min = Math.min(min, value);
      max = Math.max(max, value);
      sum += value;
    }
    expect(min).toBeGreaterThanOrEqual(0);
    expect(max).toBeLessThan(1);
    expect(sum / 100_000).toBeCloseTo(0.5, 2);
  });

  it('draws every integer below the bound and none outside it', () => {
    const rng = new Prng(3);
    const seen = new Set<number>();
    for (let i = 0; i < 10_000; i++) seen.add(rng.int(6));
    expect([...seen].sort()).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it.each([
    [0, false],
    [1, true],
  ])('chance(%d) is always %s', (probability, expected) => {
    const rng = new Prng(9);
    const outcomes = new Set(Array.from({ length: 1000 }, () => rng.chance(probability)));
    expect([...outcomes]).toEqual([expected]);
  });

  it('refuses to pick from an empty list', () => {
    expect(() => new Prng(1).pick([])).toThrow('non-empty');
  });
});
