import { describe, expect, it } from 'vitest';
import { MemoryRateLimiter } from '../shared-state/rate-limiter.js';
import { authRateLimitStorage } from './auth-rate-limit-storage.js';

const T0 = 1_700_000_000_000;

describe('authRateLimitStorage', () => {
  it('allows `max` attempts per window and key, then refuses with the seconds left in the window', async () => {
    let now = T0;
    const storage = authRateLimitStorage(new MemoryRateLimiter(), () => now);
    const rule = { window: 60, max: 3 };
    const first = [];
    for (let attempt = 0; attempt < 4; attempt += 1) first.push(await storage.consume('203.0.113.1|/sign-in/email', rule));
    expect(first).toEqual([
      { allowed: true, retryAfter: null }, { allowed: true, retryAfter: null }, { allowed: true, retryAfter: null }, { allowed: false, retryAfter: 60 },
    ]);
    expect(await storage.consume('203.0.113.2|/sign-in/email', rule)).toEqual({ allowed: true, retryAfter: null });
    now = T0 + 45_500;
    expect(await storage.consume('203.0.113.1|/sign-in/email', rule)).toEqual({ allowed: false, retryAfter: 15 });
    now = T0 + 60_000;
    expect(await storage.consume('203.0.113.1|/sign-in/email', rule)).toEqual({ allowed: true, retryAfter: null });
  });

  it('counts two storages on one limiter together, as nodes sharing Redis do', async () => {
    const limiter = new MemoryRateLimiter();
    const nodeA = authRateLimitStorage(limiter, () => T0);
    const nodeB = authRateLimitStorage(limiter, () => T0);
    const rule = { window: 60, max: 2 };
    expect((await nodeA.consume('k', rule)).allowed).toBe(true);
    expect((await nodeB.consume('k', rule)).allowed).toBe(true);
    expect((await nodeA.consume('k', rule)).allowed).toBe(false);
  });
});
