import { describe, expect, it } from 'vitest';
import { Prng } from './prng.js';
import { WeightedPicker, pickerFromPairs } from './weighted-picker.js';

function frequencies<T>(picker: WeightedPicker<T>, draws: number): Map<T, number> {
  const rng = new Prng(21);
  const counts = new Map<T, number>();
  for (let i = 0; i < draws; i++) {
    const item = picker.pick(rng);
    counts.set(item, (counts.get(item) ?? 0) + 1);
  }
  return new Map([...counts].map(([item, count]) => [item, count / draws]));
}

describe('WeightedPicker', () => {
  it.each([
    { weights: [1, 1], expected: [0.5, 0.5] },
    { weights: [1, 0, 3], expected: [0.25, 0, 0.75] },
    { weights: [5], expected: [1] },
    { weights: [0.1, 0.2, 0.3, 0.4], expected: [0.1, 0.2, 0.3, 0.4] },
    { weights: [100, 1, 1, 1, 1], expected: [100 / 104, 1 / 104, 1 / 104, 1 / 104, 1 / 104] },
  ])('picks in proportion to $weights', ({ weights, expected }) => {
    const items = weights.map((_, index) => index);
    const shares = frequencies(new WeightedPicker(items, weights), 200_000);
    expected.forEach((share, index) => expect(shares.get(index) ?? 0).toBeCloseTo(share, 2));
  });

  it('never picks an item of weight zero', () => {
    const shares = frequencies(new WeightedPicker(['never', 'always', 'never-either'], [0, 2, 0]), 10_000);
    expect([...shares.keys()]).toEqual(['always']);
  });

  it.each([
    { items: [], weights: [] },
    { items: ['a'], weights: [1, 2] },
    { items: ['a', 'b'], weights: [0, 0] },
    { items: ['a'], weights: [-1] },
    { items: ['a'], weights: [Number.NaN] },
  ])('rejects items $items with weights $weights', ({ items, weights }) => {
    expect(() => new WeightedPicker(items, weights)).toThrow();
  });

  it('builds from [value, weight] pairs', () => {
    const shares = frequencies(pickerFromPairs([['x', 1], ['y', 3]] as const), 100_000);
    expect(shares.get('y') ?? 0).toBeCloseTo(0.75, 2);
  });
});
