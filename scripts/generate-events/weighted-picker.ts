// Constant-time weighted choice (Vose's alias method) over a fixed list.
import type { Prng } from './prng.js';

export class WeightedPicker<T> {
  readonly items: readonly T[];
  private readonly threshold: Float64Array;
  private readonly alias: Int32Array;

  constructor(items: readonly T[], weights: readonly number[]) {
    if (items.length === 0 || items.length !== weights.length) {
      throw new Error('WeightedPicker needs as many weights as items, and at least one item');
    }
    const total = weights.reduce((sum, weight) => sum + weight, 0);
    if (!(total > 0) || weights.some((weight) => weight < 0 || !Number.isFinite(weight))) {
      throw new Error('WeightedPicker weights must be finite, non-negative and not all zero');
    }
    this.items = items;
    const count = items.length;
    this.threshold = new Float64Array(count);
    this.alias = new Int32Array(count);
    const scaled = Float64Array.from(weights, (weight) => (weight * count) / total);
    const small: number[] = [];
    const large: number[] = [];
    scaled.forEach((value, index) => (value < 1 ? small : large).push(index));
    let lower = small.pop();
    let upper = large.pop();
    while (lower !== undefined && upper !== undefined) {
      this.threshold[lower] = scaled[lower] ?? 0;
      this.alias[lower] = upper;
      const remaining = (scaled[upper] ?? 0) + (scaled[lower] ?? 0) - 1;
      scaled[upper] = remaining;
      if (remaining < 1) small.push(upper);
      else large.push(upper);
      lower = small.pop();
      upper = large.pop();
    }
    for (const index of [...small, ...large, lower, upper]) {
      if (index === undefined) continue;
      this.threshold[index] = 1;
      this.alias[index] = index;
    }
  }

  pick(rng: Prng): T {
    const scaled = rng.float() * this.items.length;
    const column = Math.floor(scaled);
    const index = scaled - column < (this.threshold[column] ?? 1) ? column : (this.alias[column] ?? column);
    return this.items[index] as T;
  }
}

/** A picker over `[value, weight]` pairs. */
export function pickerFromPairs<T>(pairs: readonly (readonly [T, number])[]): WeightedPicker<T> {
  return new WeightedPicker(
    pairs.map(([value]) => value),
    pairs.map(([, weight]) => weight),
  );
}
