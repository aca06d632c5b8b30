import { describe, expect, it } from 'vitest';
import { MemorySessionStore } from './memory-session-store.js';
import { SESSION_TIMEOUT_MS } from './session-store.js';

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
});
