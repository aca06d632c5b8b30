// The verified-key cache: reuse within the TTL, never past the key's expiry, forget on change, off at TTL 0.
import { describe, expect, it } from 'vitest';
import { VerifiedKeyCache } from './verified-key-cache.js';

function cacheAt(ttlMs: number, maxEntries?: number) {
  const clock = { now: 1_000_000 };
  const cache = new VerifiedKeyCache<string>({ ttlMs, clock: () => clock.now, ...(maxEntries ? { maxEntries } : {}) });
  return { cache, clock };
}

describe('VerifiedKeyCache', () => {
  it('returns a verification until the TTL has passed', () => {
    const { cache, clock } = cacheAt(10_000);
    cache.set('lp_secret', 'user-1', null);
    clock.now += 9_999;
    expect(cache.get('lp_secret')).toBe('user-1');
    clock.now += 1;
    expect(cache.get('lp_secret')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('never outlives the key itself', () => {
    const { cache, clock } = cacheAt(10_000);
    cache.set('lp_secret', 'user-1', clock.now + 2_000);
    clock.now += 2_000;
    expect(cache.get('lp_secret')).toBeUndefined();
    cache.set('lp_expired', 'user-2', clock.now - 1);
    expect(cache.get('lp_expired')).toBeUndefined();
  });

  it('forgets everything on clear', () => {
    const { cache } = cacheAt(10_000);
    cache.set('a', 'one', null);
    cache.set('b', 'two', null);
    cache.clear();
    expect([cache.get('a'), cache.get('b')]).toEqual([undefined, undefined]);
  });

  it('keeps nothing with a TTL of 0', () => {
    const { cache } = cacheAt(0);
    cache.set('a', 'one', null);
    expect(cache.get('a')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('starts over beyond its size bound', () => {
    const { cache } = cacheAt(10_000, 2);
    cache.set('a', 'one', null);
    cache.set('b', 'two', null);
    cache.set('c', 'three', null);
    expect([cache.get('a'), cache.get('b'), cache.get('c')]).toEqual([undefined, undefined, 'three']);
  });
});
