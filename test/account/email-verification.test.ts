// Address verification over HTTP against the real stores and a local SMTP server: the mail sent on sign-up, its
// link followed, the verified state recorded and shown, resending, and the 4xx of bad and expired tokens.
import { createHmac } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveInstanceSecret } from '../../src/platform/instance-secret.js';
import { call, createOrganization, signUp } from '../helpers/auth-client.js';
import { linkIn, nextMailTo } from '../helpers/received-mail.js';
import { startSmtpReceiver, type SmtpReceiver } from '../helpers/smtp-receiver.js';
import { createTestApp, metadataBackends, type TestApp } from '../helpers/test-app.js';

const backends = await metadataBackends();
const VERIFY_PAGE = 'http://localhost:3001/verify-email?token=';

/** An HS256 token as better-auth signs them, with the claims given (to make one that has expired). */
function signedToken(secret: string, claims: Record<string, unknown>): string {
  const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const unsigned = `${encode({ alg: 'HS256' })}.${encode(claims)}`;
  return `${unsigned}.${createHmac('sha256', secret).update(unsigned).digest('base64url')}`;
}

describe.each(backends)('email verification on %s', (backend) => {
  let smtp: SmtpReceiver;
  let t: TestApp;

  beforeAll(async () => {
    smtp = await startSmtpReceiver();
    t = await createTestApp({ backend, env: { SMTP_URL: smtp.url, SMTP_FROM: 'loupe@stats.example.com' } });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const session = async (cookie: string) => (await call(t.app, { cookie }, { method: 'GET', url: '/api/auth/get-session' })).json().user as { email: string; emailVerified: boolean };
  const verify = (token: string, cookie?: string) => call(t.app, cookie ? { cookie } : undefined, { method: 'GET', url: `/api/auth/verify-email?token=${encodeURIComponent(token)}` });

  it('says the instance sends mail', async () => {
    expect((await call(t.app, undefined, { method: 'GET', url: '/api/config' })).json()).toMatchObject({ emailEnabled: true });
  });

  it('mails a verification link on sign-up; the unverified account works, and following the link verifies it', async () => {
    const before = smtp.received.length;
    const ada = await signUp(t.app, 'ada@example.com');
    const mail = await nextMailTo(smtp, before, 'ada@example.com');
    expect(mail.from).toBe('loupe@stats.example.com');
    expect(mail.headers.subject).toBe('Verify your email address for Loupe');
    expect(mail.text).toContain('A Loupe account at localhost:3001 was created with ada@example.com.');
    expect(mail.text).toContain('The link is valid for 24 hours.');
    const link = linkIn(mail, VERIFY_PAGE);
    expect([...link.searchParams.keys()]).toEqual(['token']);

    // Unverified: recorded and shown, and the account is usable (docs/decisions: unverified accounts may sign in).
    expect(await session(ada.cookie)).toMatchObject({ email: 'ada@example.com', emailVerified: false });
    await createOrganization(t.app, ada.cookie, 'ada-org');

    // The dashboard's /verify-email page hands the link's token to better-auth; no session is needed.
    const verified = await verify(link.searchParams.get('token') ?? '');
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toEqual({ status: true, user: null });
    expect(await session(ada.cookie)).toMatchObject({ email: 'ada@example.com', emailVerified: true });
    const stored = await sql<{ emailVerified: number | boolean }>`select "emailVerified" from "user" where email = ${'ada@example.com'}`.execute(t.services.metadata.db);
    expect(stored.rows.map((row) => Boolean(row.emailVerified))).toEqual([true]);

    // Following it again changes nothing and still answers 200.
    expect((await verify(link.searchParams.get('token') ?? '')).statusCode).toBe(200);
  });

  it('resends the mail to a signed-in account whose address is unverified, and only to its own address', async () => {
    const bob = await signUp(t.app, 'bob@example.com');
    await nextMailTo(smtp, 0, 'bob@example.com');
    const before = smtp.received.length;
    const resent = await call(t.app, bob, { method: 'POST', url: '/api/auth/send-verification-email', payload: { email: 'bob@example.com' } });
    expect(resent.statusCode).toBe(200);
    expect(resent.json()).toEqual({ status: true });
    const mail = await nextMailTo(smtp, before, 'bob@example.com');
    expect(mail.headers.subject).toBe('Verify your email address for Loupe');
    expect((await verify(linkIn(mail, VERIFY_PAGE).searchParams.get('token') ?? '')).statusCode).toBe(200);

    const again = await call(t.app, bob, { method: 'POST', url: '/api/auth/send-verification-email', payload: { email: 'bob@example.com' } });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ message: 'Email is already verified', code: 'EMAIL_ALREADY_VERIFIED', error: 'Email is already verified' });
    const other = await call(t.app, bob, { method: 'POST', url: '/api/auth/send-verification-email', payload: { email: 'ada@example.com' } });
    expect(other.statusCode).toBe(400);
    expect(other.json().code).toBe('EMAIL_MISMATCH');
  });

  it('answers a signed-out resend the same for an unknown address, and mails nobody', async () => {
    const before = smtp.received.length;
    const unknown = await call(t.app, undefined, { method: 'POST', url: '/api/auth/send-verification-email', payload: { email: 'nobody@example.com' } });
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual({ status: true });
    await signUp(t.app, 'cy@example.com');
    await nextMailTo(smtp, before, 'cy@example.com');
    const known = await call(t.app, undefined, { method: 'POST', url: '/api/auth/send-verification-email', payload: { email: 'cy@example.com' } });
    expect(known.statusCode).toBe(200);
    expect(known.json()).toEqual({ status: true });
    await nextMailTo(smtp, before + 1, 'cy@example.com');
    expect(smtp.received.slice(before).flatMap((mail) => mail.to)).toEqual(['cy@example.com', 'cy@example.com']);
  });

  describe('tokens', () => {
    const now = () => Math.floor(Date.now() / 1000);
    let dee: { cookie: string };
    beforeAll(async () => {
      dee = await signUp(t.app, 'dee@example.com');
    });

    it.each([
      ['a made-up token', () => 'not-a-token', 'INVALID_TOKEN', 'Invalid token'],
      ['a token with a forged signature', () => signedToken('another-secret-of-forty-characters-000000', { email: 'dee@example.com', iat: now(), exp: now() + 3600 }), 'INVALID_TOKEN', 'Invalid token'],
      ['an expired token', (secret: string) => signedToken(secret, { email: 'dee@example.com', iat: now() - 7200, exp: now() - 3600 }), 'TOKEN_EXPIRED', 'Token expired'],
    ])('answers 401 to %s and leaves the address unverified', async (_label, token, code, message) => {
      // better-auth's status for a token that proves nothing; the code says which case it is.
      const res = await verify(token(resolveInstanceSecret(undefined, t.dataDir)));
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message, code, error: message });
      expect(await session(dee.cookie)).toMatchObject({ emailVerified: false });
    });

    it('accepts a token signed with the instance secret that has not expired (what the cases above change)', async () => {
      const token = signedToken(resolveInstanceSecret(undefined, t.dataDir), { email: 'dee@example.com', iat: now(), exp: now() + 3600 });
      expect((await verify(token)).statusCode).toBe(200);
      expect(await session(dee.cookie)).toMatchObject({ emailVerified: true });
    });
  });
});

describe('email verification without SMTP_URL', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('sends nothing, says so in /api/config, and refuses a resend with a clear 400', async () => {
    expect((await call(t.app, undefined, { method: 'GET', url: '/api/config' })).json()).toMatchObject({ emailEnabled: false });
    const eve = await signUp(t.app, 'eve@example.com');
    const res = await call(t.app, eve, { method: 'POST', url: '/api/auth/send-verification-email', payload: { email: 'eve@example.com' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VERIFICATION_EMAIL_NOT_ENABLED');
  });
});
