// Sign-in rate limit over HTTP: the 11th failed sign-in of a minute from one address is a 429 with Retry-After.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { ORIGIN, signUp } from '../helpers/auth-client.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

const WRONG = { email: 'limited@example.com', password: 'wrong-password-1' };

type Extra = Omit<Partial<InjectOptions>, 'headers'> & { headers?: Record<string, string> };

function signIn(extra: Extra = {}): InjectOptions {
  return { method: 'POST', url: '/api/auth/sign-in/email', payload: WRONG, ...extra, headers: { origin: ORIGIN, ...extra.headers } };
}

async function failTenTimes(t: TestApp, options: Extra): Promise<number[]> {
  const statuses: number[] = [];
  for (let attempt = 0; attempt < 10; attempt++) statuses.push((await t.app.inject(signIn(options))).statusCode);
  return statuses;
}

// better-auth keeps its limiter's counts per process: each test uses its own client addresses.
describe('sign-in rate limit (10 a minute per address)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ authRateLimitPerMinute: 10 });
    await signUp(t.app, WRONG.email, 'the-right-password-1');
  });
  afterAll(async () => t.close());

  it('answers 401 ten times, then 429 with Retry-After and a JSON error body', async () => {
    expect(await failTenTimes(t, { remoteAddress: '203.0.113.10' })).toEqual(Array(10).fill(401));
    const limited = await t.app.inject(signIn({ remoteAddress: '203.0.113.10' }));
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(limited.json()).toEqual({ message: 'Too many requests. Please try again later.', error: 'Too many requests. Please try again later.' });
    const retryAfter = String(limited.headers['retry-after']);
    expect(retryAfter).toMatch(/^[0-9]+$/);
    expect(Number(retryAfter)).toBeGreaterThanOrEqual(1);
    expect(Number(retryAfter)).toBeLessThanOrEqual(60);
  });

  it('keeps refusing the limited address even with the right password, and does not limit another address', async () => {
    await failTenTimes(t, { remoteAddress: '203.0.113.20' });
    const right = { email: WRONG.email, password: 'the-right-password-1' };
    expect((await t.app.inject(signIn({ remoteAddress: '203.0.113.20', payload: right }))).statusCode).toBe(429);
    expect((await t.app.inject(signIn({ remoteAddress: '203.0.113.21' }))).statusCode).toBe(401);
    expect((await t.app.inject(signIn({ remoteAddress: '203.0.113.21', payload: right }))).statusCode).toBe(200);
  });
});

describe('sign-in rate limit behind a trusted proxy', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ authRateLimitPerMinute: 10, env: { TRUST_PROXY: 'true' } });
  });
  afterAll(async () => t.close());

  it('counts per forwarded client address, not per proxy', async () => {
    const viaProxy = (client: string) => ({ remoteAddress: '10.0.0.1', headers: { 'x-forwarded-for': client } });
    expect(await failTenTimes(t, viaProxy('198.51.100.1'))).toEqual(Array(10).fill(401));
    expect((await t.app.inject(signIn(viaProxy('198.51.100.1')))).statusCode).toBe(429);
    expect((await t.app.inject(signIn(viaProxy('198.51.100.2')))).statusCode).toBe(401);
  });
});
