// A small seeded random source (mulberry32) so every benchmark run sends the same traffic mix.

export interface Weighted {
  readonly weight: number;
}

export class SeededRandom {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** A float in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  }

  /** An integer in [min, max], both included. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    const item = items[Math.floor(this.next() * items.length)];
    if (item === undefined) throw new Error('pick from an empty list');
    return item;
  }

  /** An item drawn with probability proportional to its weight. */
  pickWeighted<T extends Weighted>(items: readonly T[]): T {
    const total = items.reduce((sum, item) => sum + item.weight, 0);
    let ticket = this.next() * total;
    for (const item of items) {
      ticket -= item.weight;
      if (ticket < 0) return item;
    }
    const last = items[items.length - 1];
    if (last === undefined) throw new Error('pick from an empty list');
    return last;
  }
}
