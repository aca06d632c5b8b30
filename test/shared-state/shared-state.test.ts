// Sessions and rate limits behave the same in process and in Redis (the Redis half runs when REDIS_URL answers).
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { redisUnderTest } from '../helpers/redis-under-test.js';
import { MemoryRateLimiter, RedisRateLimiter, type RateLimiter } from '../../src/platform/shared-state/rate-limiter.js';
import { MemorySessionStore } from '../../src/platform/shared-state/memory-session-store.js';
import { RedisSessionStore, SESSION_TIMEOUT_MS, type SessionStore } from '../../src/platform/shared-state/session-store.js';

const redis = await redisUnderTest();
afterAll(async () => {
  await redis?.quit();
});

const backends: Array<[string, () => { sessions: SessionStore; limiter: RateLimiter }]> = [
  ['memory', () => ({ sessions: new MemorySessionStore(), limiter: new MemoryRateLimiter() })],
  ...(redis ? [['redis', () => ({ sessions: new RedisSessionStore(redis), limiter: new RedisRateLimiter(redis) })] as [string, () => { sessions: SessionStore; limiter: RateLimiter }]] : []),
];

describe.each(backends)('shared state (%s)', (_name, open) => {
  it('keeps a session for 30 minutes of inactivity, sliding, and starts a new one after', async () => {
    const { sessions } = open();
    const visitor = `v-${randomBytes(6).toString('hex')}`;
    const t0 = 1_700_000_000_000;
    const first = await sessions.touch(visitor, t0, 'a');
    expect(first.id).toMatch(/^\d+$/);
    expect(first.startedAt).toBe(t0);
    expect(await sessions.touch(visitor, t0 + 29 * 60_000, 'a')).toEqual(first);
    expect(await sessions.touch(visitor, t0 + 58 * 60_000, 'a')).toEqual(first);
    const next = await sessions.touch(visitor, t0 + 58 * 60_000 + SESSION_TIMEOUT_MS, 'a');
    expect(next.id).not.toBe(first.id);
    expect(next.startedAt).toBe(t0 + 58 * 60_000 + SESSION_TIMEOUT_MS);
    expect((await sessions.touch(`${visitor}-other`, t0, 'a')).id).not.toBe(first.id);
  });

  it('extends a running session but never opens one (engagement events)', async () => {
    const { sessions } = open();
    const visitor = `v-${randomBytes(6).toString('hex')}`;
    const t0 = 1_700_000_000_000;
    expect(await sessions.extend(visitor, t0, 'a')).toBeUndefined();
    const first = await sessions.touch(visitor, t0, 'a');
    // Nothing was opened by the first extend: the touch opened the session at t0.
    expect(first.startedAt).toBe(t0);
    expect(await sessions.extend(visitor, t0 + 29 * 60_000, 'a')).toEqual(first);
    // The extend slid the session: 58 minutes after its start it still runs.
    expect(await sessions.extend(visitor, t0 + 58 * 60_000, 'b')).toEqual({ ...first, attributesChanged: true });
    expect(await sessions.extend(visitor, t0 + 58 * 60_000 + SESSION_TIMEOUT_MS, 'a')).toBeUndefined();
    // An ended session stays ended for extends; the next touch opens a new one.
    const next = await sessions.touch(visitor, t0 + 58 * 60_000 + SESSION_TIMEOUT_MS, 'a');
    expect(next.id).not.toBe(first.id);
  });

  it("tells an event whose attributes differ from its session's first event's, and only within that session", async () => {
    const { sessions } = open();
    const visitor = `v-${randomBytes(6).toString('hex')}`;
    const t0 = 1_700_000_000_000;
    const first = await sessions.touch(visitor, t0, 'US-chrome');
    expect(first.attributesChanged).toBe(false);
    const moved = await sessions.touch(visitor, t0 + 60_000, 'DE-chrome');
    expect(moved).toEqual({ id: first.id, startedAt: t0, attributesChanged: true });
    // The first event's attributes stay the reference.
    expect((await sessions.touch(visitor, t0 + 120_000, 'US-chrome')).attributesChanged).toBe(false);
    expect((await sessions.touch(visitor, t0 + 180_000, 'DE-chrome')).attributesChanged).toBe(true);
    const next = await sessions.touch(visitor, t0 + 180_000 + SESSION_TIMEOUT_MS, 'DE-chrome');
    expect(next.id).not.toBe(first.id);
    expect(next.attributesChanged).toBe(false);
  });

  it('allows max hits per window and reports when to retry', async () => {
    const { limiter } = open();
    const key = `k-${randomBytes(6).toString('hex')}`;
    const now = Date.now();
    const decisions = [];
    for (let i = 0; i < 4; i += 1) decisions.push(await limiter.hit(key, 3, 60_000, now));
    expect(decisions.map((d) => d.allowed)).toEqual([true, true, true, false]);
    expect(decisions[3]!.retryAfterSeconds).toBeGreaterThan(55);
    expect(decisions[3]!.retryAfterSeconds).toBeLessThanOrEqual(60);
  });
});

describe.runIf(redis)('Redis sessions stored before they kept a start', () => {
  it('opens a new session instead of continuing one whose start is unknown', async () => {
    const visitor = `v-${randomBytes(6).toString('hex')}`;
    const t0 = 1_700_000_000_000;
    await redis?.set(`loupe:session:${visitor}`, `12345:${t0}`, 'PX', 60_000);
    const session = await new RedisSessionStore(redis as Redis).touch(visitor, t0 + 60_000, 'a');
    expect(session.id).not.toBe('12345');
    expect(session.startedAt).toBe(t0 + 60_000);
  });
});

describe.runIf(redis)('Redis sessions stored before they kept the first attributes', () => {
  it('continues the session and counts its events as changed, then compares with the attributes it kept', async () => {
    const visitor = `v-${randomBytes(6).toString('hex')}`;
    const t0 = 1_700_000_000_000;
    await redis?.set(`loupe:session:${visitor}`, `12345:${t0}:${t0 - 5_000}`, 'PX', 60_000);
    const store = new RedisSessionStore(redis as Redis);
    expect(await store.touch(visitor, t0 + 1_000, 'a')).toEqual({ id: '12345', startedAt: t0 - 5_000, attributesChanged: true });
    expect(await store.touch(visitor, t0 + 2_000, 'a')).toEqual({ id: '12345', startedAt: t0 - 5_000, attributesChanged: false });
    expect(await store.touch(visitor, t0 + 3_000, 'b')).toEqual({ id: '12345', startedAt: t0 - 5_000, attributesChanged: true });
  });
});
