// Password reset by email over HTTP against the real stores and a local SMTP server: the request (the same answer
// for an unknown address), the mail's link to the dashboard page, the new password set with its token (once), every
// session ended, and the 400s of made-up, used and expired tokens.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, signIn, signUp, cookieOf } from '../helpers/auth-client.js';
import { linkIn, nextMailTo } from '../helpers/received-mail.js';
import { startSmtpReceiver, type SmtpReceiver } from '../helpers/smtp-receiver.js';
import { createTestApp, metadataBackends, type TestApp } from '../helpers/test-app.js';

const backends = await metadataBackends();
const RESET_PAGE = 'http://localhost:3001/reset-password?token=';
const ANSWER = { status: true, message: 'If this email exists in our system, check your email for the reset link' };

describe.each(backends)('password reset by email on %s', (backend) => {
  let smtp: SmtpReceiver;
  let t: TestApp;

  beforeAll(async () => {
    smtp = await startSmtpReceiver();
    t = await createTestApp({ backend, env: { SMTP_URL: smtp.url } });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const requestReset = (email: string) => call(t.app, undefined, { method: 'POST', url: '/api/auth/request-password-reset', payload: { email } });
  const reset = (token: string, newPassword: string) => call(t.app, undefined, { method: 'POST', url: '/api/auth/reset-password', payload: { token, newPassword } });
  const signedIn = async (cookie: string) => (await call(t.app, { cookie }, { method: 'GET', url: '/api/user/organizations' })).statusCode;

  /** Asks for a reset of `email` and returns the token of the link mailed to it. */
  async function mailedToken(email: string): Promise<string> {
    const before = smtp.received.length;
    const res = await requestReset(email);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(ANSWER);
    const mail = await nextMailTo(smtp, before, email, 'Reset your Loupe password');
    return linkIn(mail, RESET_PAGE).searchParams.get('token') ?? '';
  }

  it('answers an unknown address exactly as a known one, and mails nobody', async () => {
    await signUp(t.app, 'known@example.com');
    await nextMailTo(smtp, 0, 'known@example.com');
    const before = smtp.received.length;
    const unknown = await requestReset('unknown@example.com');
    const known = await requestReset('known@example.com');
    expect([unknown.statusCode, unknown.body]).toEqual([known.statusCode, known.body]);
    expect(unknown.json()).toEqual(ANSWER);
    const mail = await nextMailTo(smtp, before, 'known@example.com');
    expect(smtp.received.slice(before)).toEqual([mail]);
    expect(mail.headers.subject).toBe('Reset your Loupe password');
    expect(mail.text).toContain('The link is valid for 1 hour and works once; setting a new password signs the account out everywhere.');
  });

  it('sets a new password from the mailed link, ends every session of the account, and takes the token once', async () => {
    const ann = await signUp(t.app, 'ann@example.com', 'old-password-1');
    const laptop = cookieOf(await signIn(t.app, 'ann@example.com', 'old-password-1'));
    expect([await signedIn(ann.cookie), await signedIn(laptop)]).toEqual([200, 200]);

    const token = await mailedToken('ann@example.com');
    expect(token).toMatch(/^[A-Za-z0-9]{24}$/);
    const done = await reset(token, 'new-password-2');
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ status: true });

    expect([await signedIn(ann.cookie), await signedIn(laptop)]).toEqual([401, 401]);
    expect((await signIn(t.app, 'ann@example.com', 'old-password-1')).statusCode).toBe(401);
    expect((await signIn(t.app, 'ann@example.com', 'new-password-2')).statusCode).toBe(200);

    const again = await reset(token, 'third-password-3');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ message: 'Invalid token', code: 'INVALID_TOKEN', error: 'Invalid token' });
    expect((await signIn(t.app, 'ann@example.com', 'new-password-2')).statusCode).toBe(200);
  });

  it('refuses an expired token with 400 and keeps the password', async () => {
    await signUp(t.app, 'bea@example.com', 'bea-password-1');
    const token = await mailedToken('bea@example.com');
    const past = new Date(Date.now() - 1000);
    const aged = await sql`update verification set "expiresAt" = ${backend === 'postgres' ? past : past.toISOString()} where identifier = ${`reset-password:${token}`}`.execute(t.services.metadata.db);
    expect(Number(aged.numAffectedRows)).toBe(1);
    const res = await reset(token, 'bea-password-2');
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('INVALID_TOKEN');
    expect((await signIn(t.app, 'bea@example.com', 'bea-password-1')).statusCode).toBe(200);
    expect((await signIn(t.app, 'bea@example.com', 'bea-password-2')).statusCode).toBe(401);
  });

  it('answers 400 to a made-up token and to a request without one', async () => {
    const madeUp = await reset('x'.repeat(24), 'fine-password-1');
    expect(madeUp.statusCode).toBe(400);
    expect(madeUp.json()).toEqual({ message: 'Invalid token', code: 'INVALID_TOKEN', error: 'Invalid token' });
    const without = await call(t.app, undefined, { method: 'POST', url: '/api/auth/reset-password', payload: { newPassword: 'fine-password-1' } });
    expect(without.statusCode).toBe(400);
    expect(without.json().details.fieldErrors).toEqual({ token: [expect.any(String)] });
  });

  it('refuses a too short new password without using up the token', async () => {
    await signUp(t.app, 'cal@example.com', 'cal-password-1');
    const token = await mailedToken('cal@example.com');
    const short = await reset(token, 'short');
    expect(short.statusCode).toBe(400);
    expect(short.json().code).toBe('PASSWORD_TOO_SHORT');
    expect((await reset(token, 'cal-password-2')).statusCode).toBe(200);
    expect((await signIn(t.app, 'cal@example.com', 'cal-password-2')).statusCode).toBe(200);
  });
});

describe('password reset without SMTP_URL', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('is refused with a clear 400 (the dashboard does not offer it: /api/config says emailEnabled: false)', async () => {
    await signUp(t.app, 'dan@example.com');
    const res = await call(t.app, undefined, { method: 'POST', url: '/api/auth/request-password-reset', payload: { email: 'dan@example.com' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: "Reset password isn't enabled", code: 'RESET_PASSWORD_DISABLED', error: "Reset password isn't enabled" });
  });
});
