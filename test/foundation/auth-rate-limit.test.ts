// Sign-in rate limits over HTTP: the 11th failed sign-in of a minute from one address, or at one account from
// any addresses, is a 429 with Retry-After; behind a proxy, the client is read only as far as TRUST_PROXY reaches.
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

/** 25 wrong passwords for one account, each through the proxy with another made-up X-Forwarded-For in front of the real one. */
async function rotatingForwardedFor(t: TestApp, email: string, proxy: string, realClient: string): Promise<number[]> {
  const statuses: number[] = [];
  for (let attempt = 0; attempt < 25; attempt++) {
    const spoofed = `198.18.${attempt}.${attempt + 1}`;
    statuses.push((await t.app.inject(signIn({ remoteAddress: proxy, payload: { email, password: 'wrong-password-1' }, headers: { 'x-forwarded-for': `${spoofed}, ${realClient}` } }))).statusCode);
  }
  return statuses;
}

// The review's attack: the proxy appends the address it saw to whatever X-Forwarded-For the client sent.
describe('TRUST_PROXY=true behind a proxy that appends to X-Forwarded-For', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ authRateLimitPerMinute: 10, env: { TRUST_PROXY: 'true' } });
  });
  afterAll(async () => t.close());

  it('trusts one hop: the made-up entries in front are not the client, so the 11th guess is a 429', async () => {
    const statuses = await rotatingForwardedFor(t, 'rotating@example.com', '10.0.0.1', '203.0.113.50');
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(statuses.slice(10)).toEqual(Array(15).fill(429));
  });
});

describe('TRUST_PROXY as a list of proxy addresses', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ authRateLimitPerMinute: 10, env: { TRUST_PROXY: '10.0.0.1, 10.1.0.0/16' } });
  });
  afterAll(async () => t.close());

  it('reads the client through the listed proxies only, from the right', async () => {
    // Two listed proxies in a row (10.1.2.3 then 10.0.0.1): the client is the entry before them.
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 11; attempt++) {
      statuses.push((await t.app.inject(signIn({ remoteAddress: '10.0.0.1', headers: { 'x-forwarded-for': `198.18.0.${attempt}, 203.0.113.60, 10.1.2.3` } }))).statusCode);
    }
    expect(statuses).toEqual([...Array(10).fill(401), 429]);
    expect((await t.app.inject(signIn({ remoteAddress: '10.0.0.1', headers: { 'x-forwarded-for': '203.0.113.61, 10.1.2.3' } }))).statusCode).toBe(401);
  });

  it('ignores X-Forwarded-For from a peer that is not listed', async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 11; attempt++) {
      statuses.push((await t.app.inject(signIn({ remoteAddress: '192.0.2.70', headers: { 'x-forwarded-for': `198.18.1.${attempt}` } }))).statusCode);
    }
    expect(statuses).toEqual([...Array(10).fill(401), 429]);
  });
});

describe('sign-in rate limit per account', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ signInPerAccountPerMinute: 10 });
    await signUp(t.app, 'target@example.com', 'the-right-password-1');
  });
  afterAll(async () => t.close());

  it('answers 429 to the 11th guess of a minute at one account, whatever the addresses, and leaves other accounts alone', async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 25; attempt++) {
      statuses.push((await t.app.inject(signIn({ remoteAddress: `192.0.2.${attempt + 1}`, payload: { email: attempt % 2 === 0 ? 'target@example.com' : 'TARGET@Example.com', password: 'wrong-password-1' } }))).statusCode);
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(statuses.slice(10)).toEqual(Array(15).fill(429));
    const limited = await t.app.inject(signIn({ remoteAddress: '192.0.2.100', payload: { email: 'target@example.com', password: 'the-right-password-1' } }));
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({
      message: 'Too many sign-in attempts for this account. Please try again later.', code: 'TOO_MANY_SIGN_IN_ATTEMPTS',
      error: 'Too many sign-in attempts for this account. Please try again later.',
    });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(60);
    // An address nobody registered is counted the same way: the answer tells nothing about which accounts exist.
    expect((await t.app.inject(signIn({ remoteAddress: '192.0.2.101', payload: { email: 'other@example.com', password: 'wrong-password-1' } }))).statusCode).toBe(401);
  });
});
