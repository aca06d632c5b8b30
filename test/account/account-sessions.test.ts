// The account's sessions over HTTP against the real stores: the list (device, address, times, "this session",
// never a token), signing out one of them and all the others, and who may call.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, cookieOf, ORIGIN, signUp } from '../helpers/auth-client.js';
import { createTestApp, metadataBackends, type TestApp } from '../helpers/test-app.js';

const backends = await metadataBackends();
const FIREFOX_MAC = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:128.0) Gecko/20100101 Firefox/128.0';
const SAFARI_IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

interface Listed { id: string; current: boolean; description: string; createdAt: string; lastActiveAt: string; expiresAt: string }

describe.each(backends)('account sessions on %s', (backend) => {
  let t: TestApp;
  let desktop: string;
  let phone: string;

  beforeAll(async () => {
    t = await createTestApp({ backend });
    await signUp(t.app, 'sam@example.com');
    desktop = await signInWith('sam@example.com', FIREFOX_MAC);
    phone = await signInWith('sam@example.com', SAFARI_IPHONE);
  });
  afterAll(async () => t.close());

  async function signInWith(email: string, userAgent?: string): Promise<string> {
    const res = await t.app.inject({
      method: 'POST', url: '/api/auth/sign-in/email', headers: { origin: ORIGIN, ...(userAgent ? { 'user-agent': userAgent } : {}) },
      payload: { email, password: 'correct-horse-9' },
    });
    return cookieOf(res);
  }
  const list = (cookie: string) => call(t.app, { cookie }, { method: 'GET', url: '/api/account/sessions' });
  const sessionsOf = async (cookie: string) => (await list(cookie)).json().sessions as Listed[];
  const signedIn = async (cookie: string) => (await call(t.app, { cookie }, { method: 'GET', url: '/api/user/organizations' })).statusCode;

  it('lists the sessions of the account, the calling one first, with device, address and times, and no token', async () => {
    const res = await list(phone);
    expect(res.statusCode).toBe(200);
    const sessions = res.json().sessions as Listed[];
    const [first, ...rest] = sessions;
    expect(first).toEqual({
      id: expect.any(String), current: true, createdAt: expect.stringMatching(ISO), lastActiveAt: expect.stringMatching(ISO), expiresAt: expect.stringMatching(ISO),
      ipAddress: '127.0.0.1', userAgent: SAFARI_IPHONE, browser: 'Mobile Safari 17', operatingSystem: 'iOS', deviceType: 'Mobile', description: 'Mobile Safari 17 on iOS',
    });
    expect(rest.map((s) => [s.current, s.description])).toEqual([[false, 'Firefox 128 on macOS'], [false, 'Unknown device']]);
    // The cookie's secret is the session's token: it never appears in the list.
    const phoneToken = decodeURIComponent(phone.split('=')[1] ?? '').split('.')[0] ?? '';
    expect(phoneToken.length).toBeGreaterThan(20);
    expect(res.body).not.toContain(phoneToken);
  });

  it("does not show another account's sessions, nor let it sign them out", async () => {
    const other = await signUp(t.app, 'zoe@example.com');
    const zoeSessions = await sessionsOf(other.cookie);
    expect(zoeSessions.map((s) => s.current)).toEqual([true]);
    const samIds = (await sessionsOf(desktop)).map((s) => s.id);
    expect(samIds).not.toContain(zoeSessions[0]?.id);
    const res = await call(t.app, other, { method: 'DELETE', url: `/api/account/sessions/${samIds[1]}` });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'Session not found' });
    expect([await signedIn(desktop), await signedIn(phone)]).toEqual([200, 200]);
  });

  it('signs out one other session; the calling one is signed out with sign-out instead (400)', async () => {
    const sessions = await sessionsOf(desktop);
    const phoneSession = sessions.find((s) => s.description === 'Mobile Safari 17 on iOS');
    const own = await call(t.app, { cookie: desktop }, { method: 'DELETE', url: `/api/account/sessions/${sessions[0]?.id}` });
    expect(own.statusCode).toBe(400);
    expect(own.json().error).toBe('This is the session making the call: sign out instead (POST /api/auth/sign-out)');

    const res = await call(t.app, { cookie: desktop }, { method: 'DELETE', url: `/api/account/sessions/${phoneSession?.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true });
    expect([await signedIn(desktop), await signedIn(phone)]).toEqual([200, 401]);
    expect((await sessionsOf(desktop)).map((s) => s.description)).toEqual(['Firefox 128 on macOS', 'Unknown device']);
    expect((await call(t.app, { cookie: desktop }, { method: 'DELETE', url: `/api/account/sessions/${phoneSession?.id}` })).statusCode).toBe(404);
  });

  it('signs out every other session at once', async () => {
    const tablet = await signInWith('sam@example.com', 'Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1');
    expect((await sessionsOf(desktop)).length).toBe(3);
    const res = await call(t.app, { cookie: desktop }, { method: 'POST', url: '/api/auth/revoke-other-sessions', payload: {} });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: true });
    expect([await signedIn(desktop), await signedIn(tablet)]).toEqual([200, 401]);
    expect((await sessionsOf(desktop)).map((s) => [s.current, s.description])).toEqual([[true, 'Firefox 128 on macOS']]);
  });

  it('answers 401 without a session or with an API key, and 403 to a change from another origin', async () => {
    expect((await call(t.app, undefined, { method: 'GET', url: '/api/account/sessions' })).statusCode).toBe(401);
    expect((await call(t.app, undefined, { method: 'DELETE', url: '/api/account/sessions/abc' })).statusCode).toBe(401);
    expect((await call(t.app, undefined, { method: 'POST', url: '/api/auth/revoke-other-sessions', payload: {} })).statusCode).toBe(401);
    const key = await call(t.app, { cookie: desktop }, { method: 'POST', url: '/api/user/api-keys', payload: { name: 'k' } });
    expect(key.statusCode).toBe(200);
    expect((await call(t.app, { key: key.json().key }, { method: 'GET', url: '/api/account/sessions' })).statusCode).toBe(401);
    const id = (await sessionsOf(desktop))[0]?.id;
    const foreign = await call(t.app, { cookie: desktop }, { method: 'DELETE', url: `/api/account/sessions/${id}`, headers: { origin: 'https://evil.example' } });
    expect(foreign.statusCode).toBe(403);
    const foreignAll = await call(t.app, { cookie: desktop }, { method: 'POST', url: '/api/auth/revoke-other-sessions', headers: { origin: 'https://evil.example' }, payload: {} });
    expect(foreignAll.statusCode).toBe(403);
  });
});
