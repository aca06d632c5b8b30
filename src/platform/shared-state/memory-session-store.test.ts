import { describe, expect, it } from 'vitest';
import { MemorySessionStore } from './memory-session-store.js';
import { SESSION_TIMEOUT_MS, sessionIdText } from './session-store.js';
import { textHash32, textHash53 } from './text-hash.js';

const T0 = 1_700_000_000_000;

describe('MemorySessionStore', () => {
  it('gives the slot of an expired session to a new visitor, and leaves active sessions alone', async () => {
    const store = new MemorySessionStore(2);
    await store.touch('a', T0, 'x');
    const b = await store.touch('b', T0 + SESSION_TIMEOUT_MS - 10, 'x');
    const c = await store.touch('c', T0 + SESSION_TIMEOUT_MS + 5, 'y');
    expect(store.size).toBe(2);
    expect(c).toEqual({ id: c.id, startedAt: T0 + SESSION_TIMEOUT_MS + 5, attributesChanged: false });
    expect(await store.touch('b', T0 + SESSION_TIMEOUT_MS + 6, 'x')).toEqual({ ...b, attributesChanged: false });
    expect(await store.touch('c', T0 + SESSION_TIMEOUT_MS + 7, 'x')).toEqual({ ...c, attributesChanged: true });
    expect(c.id).not.toBe(b.id);
  });

  it('stays within its maximum when every session is active, dropping one for the newcomer', async () => {
    const store = new MemorySessionStore(3);
    const before = [await store.touch('a', T0, 'x'), await store.touch('b', T0 + 1, 'x'), await store.touch('c', T0 + 2, 'x')];
    const d = await store.touch('d', T0 + 3, 'x');
    expect(store.size).toBe(3);
    expect(before.map((visit) => visit.id)).not.toContain(d.id);
    expect(await store.touch('d', T0 + 4, 'x')).toEqual(d);
  });

  it('keeps thousands of sessions apart as its arrays grow', async () => {
    const store = new MemorySessionStore(10_000);
    const first = new Map<string, string>();
    for (let index = 0; index < 5_000; index += 1) first.set(`v${index}`, (await store.touch(`v${index}`, T0 + index, `attr${index % 7}`)).id);
    expect(new Set(first.values()).size).toBe(5_000);
    for (let index = 0; index < 5_000; index += 1) {
      const visit = await store.touch(`v${index}`, T0 + 10_000 + index, `attr${(index + 1) % 7}`);
      expect(visit).toEqual({ id: first.get(`v${index}`), startedAt: T0 + index, attributesChanged: true });
    }
    expect(store.size).toBe(5_000);
  });

  it('keeps session ids as UInt64 decimal text, the form the analytics store reads', async () => {
    const store = new MemorySessionStore(10);
    const ids = await Promise.all(Array.from({ length: 10 }, (_, index) => store.touch(`k${index}`, T0, 'x')));
    for (const { id } of ids) {
      expect(id).toMatch(/^(0|[1-9]\d*)$/);
      expect(BigInt(id) < 2n ** 64n).toBe(true);
    }
    expect(sessionIdText(0, 0)).toBe('0');
    expect(sessionIdText(0xffffffff, 0xffffffff)).toBe('18446744073709551615');
    expect(sessionIdText(1, 2)).toBe('4294967298');
  });

  it('hashes attribute texts to distinct integers exactly representable as doubles', () => {
    const texts = Array.from({ length: 20_000 }, (_, index) => `attr-${index}`);
    const hashes = texts.map(textHash53);
    expect(new Set(hashes).size).toBe(texts.length);
    for (const value of hashes) expect(Number.isSafeInteger(value) && value >= 0).toBe(true);
    expect(textHash53('x')).toBe(textHash53('x'));
    expect(textHash53('ab')).not.toBe(textHash53('ba'));
  });

  it('agrees with a plain map of sessions while expired slots are reused and the index shifts entries back', async () => {
    const store = new MemorySessionStore(100_000);
    const reference = new Map<string, { id: string; lastSeen: number }>();
    let seed = 12345;
    const random = (n: number): number => {
      seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
      return seed % n;
    };
    let now = T0;
    for (let step = 0; step < 60_000; step += 1) {
      now += random(1_500);
      const key = `v${random(3_000)}`;
      const visit = await store.touch(key, now, 'a');
      const known = reference.get(key);
      if (known && now - known.lastSeen < SESSION_TIMEOUT_MS) expect(visit.id).toBe(known.id);
      else expect(visit.startedAt).toBe(now);
      reference.set(key, { id: visit.id, lastSeen: now });
    }
    expect(store.size).toBeLessThanOrEqual(3_000);
  });

  it('drops the earliest visitor for a newcomer when every slot is active, after its second chances', async () => {
    const store = new MemorySessionStore(1_000);
    for (let index = 0; index < 1_000; index += 1) await store.touch(`v${index}`, T0 + index, 'x');
    const kept = await store.touch('v999', T0 + 2_000, 'x');
    await store.touch('new', T0 + 2_001, 'x');
    expect(store.size).toBe(1_000);
    expect(await store.extend('new', T0 + 2_002, 'x')).toBeDefined();
    expect(await store.extend('v999', T0 + 2_003, 'x')).toEqual({ ...kept, attributesChanged: false });
    const survivors = await Promise.all(Array.from({ length: 1_000 }, (_, index) => store.extend(`v${index}`, T0 + 3_000, 'x')));
    expect(survivors.filter((visit) => visit === undefined)).toHaveLength(1);
  });

  it('hashes keys with two independent functions', () => {
    const texts = Array.from({ length: 50_000 }, (_, index) => `1:v:${index.toString(36)}`);
    expect(new Set(texts.map(textHash32)).size).toBeGreaterThan(49_990);
    expect(new Set(texts.map(textHash53)).size).toBe(50_000);
  });
});
