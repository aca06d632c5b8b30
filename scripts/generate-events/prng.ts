// Seeded pseudo-random numbers (SFC32 state seeded through SplitMix32) so a seed always yields the same data set.

const TWO_POW_32 = 4294967296;

function splitMix32(state: { value: number }): number {
  state.value = (state.value + 0x9e3779b9) | 0;
  let z = state.value;
  z = Math.imul(z ^ (z >>> 16), 0x21f0aaad);
  z = Math.imul(z ^ (z >>> 15), 0x735a2d97);
  return (z ^ (z >>> 15)) >>> 0;
}

export class Prng {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  constructor(seed: number) {
    const state = { value: seed | 0 };
    this.a = splitMix32(state);
    this.b = splitMix32(state);
    this.c = splitMix32(state);
    this.d = splitMix32(state);
    for (let i = 0; i < 12; i++) this.nextUint32();
  }

  /** The next 32-bit unsigned integer of the stream. */
  nextUint32(): number {
    let t = (this.a + this.b) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.d = (this.d + 1) | 0;
    t = (t + this.d) | 0;
    this.c = (this.c + t) | 0;
    return t >>> 0;
  }

  /** A float in [0, 1). */
  float(): number {
    return this.nextUint32() / TWO_POW_32;
  }

  /** An integer in [0, maxExclusive). */
  int(maxExclusive: number): number {
    return Math.floor(this.float() * maxExclusive);
  }

  /** A float in [min, max). */
  between(min: number, max: number): number {
    return min + this.float() * (max - min);
  }

  chance(probability: number): boolean {
    return this.float() < probability;
  }

  /** One element of a non-empty list, uniformly. */
  pick<T>(items: readonly T[]): T {
    const item = items[this.int(items.length)];
    if (item === undefined) throw new Error('Prng.pick needs a non-empty list');
    return item;
  }
}
