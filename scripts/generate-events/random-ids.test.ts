import { describe, expect, it } from 'vitest';
import { Prng } from './prng.js';
import { randomHex, randomToken, randomUint64Decimal, randomUuid } from './random-ids.js';

describe('random ids', () => {
  it.each([1, 12, 13, 32])('randomHex gives %i lowercase hex characters', (length) => {
    const rng = new Prng(5);
    for (let i = 0; i < 200; i++) expect(randomHex(rng, length)).toMatch(new RegExp(`^[0-9a-f]{${length}}$`));
  });

  it('randomUuid gives version 4, variant 1 UUIDs', () => {
    const rng = new Prng(5);
    for (let i = 0; i < 1000; i++) {
      expect(randomUuid(rng)).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    }
  });

  it('randomUint64Decimal stays within UInt64, is never zero, and uses the high half', () => {
    const rng = new Prng(5);
    let aboveInt64 = 0;
    for (let i = 0; i < 1000; i++) {
      const value = BigInt(randomUint64Decimal(rng));
      expect(value > 0n && value < 2n ** 64n).toBe(true);
      if (value >= 2n ** 63n) aboveInt64++;
    }
    expect(aboveInt64).toBeGreaterThan(400);
    expect(aboveInt64).toBeLessThan(600);
  });

  it('randomToken uses URL-safe characters only', () => {
    expect(randomToken(new Prng(2), 64)).toMatch(/^[A-Za-z0-9_-]{64}$/);
  });

  it('gives the same ids for the same seed', () => {
    const a = new Prng(11);
    const b = new Prng(11);
    expect([randomUuid(a), randomHex(a, 12), randomUint64Decimal(a)]).toEqual([
      randomUuid(b),
      randomHex(b, 12),
      randomUint64Decimal(b),
    ]);
  });
});
