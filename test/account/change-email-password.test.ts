// Changing the account's password (the current one required), its address (confirmed by a link mailed to the new
// address) and its name, over HTTP against the real stores and a local SMTP server.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, cookieOf, ORIGIN, signIn, signUp } from '../helpers/auth-client.js';
import { linkIn, nextMailTo } from '../helpers/received-mail.js';
import { startSmtpReceiver, type SmtpReceiver } from '../helpers/smtp-receiver.js';
import { createTestApp, metadataBackends, type TestApp } from '../helpers/test-app.js';

const backends = await metadataBackends();
const VERIFY_PAGE = 'http://localhost:3001/verify-email?token=';

describe.each(backends)('changing the password, the address and the name on %s', (backend) => {
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

  const me = async (cookie: string) => (await call(t.app, { cookie }, { method: 'GET', url: '/api/auth/get-session' })).json()?.user as { email: string; name: string; emailVerified: boolean } | undefined;
  const signedIn = async (cookie: string) => (await call(t.app, { cookie }, { method: 'GET', url: '/api/user/organizations' })).statusCode;
  const changePassword = (cookie: string, payload: Record<string, unknown>) => call(t.app, { cookie }, { method: 'POST', url: '/api/auth/change-password', payload });
  const changeEmail = (cookie: string, newEmail: string) => call(t.app, { cookie }, { method: 'POST', url: '/api/auth/change-email', payload: { newEmail } });
  const verify = (token: string, cookie?: string) => call(t.app, cookie ? { cookie } : undefined, { method: 'GET', url: `/api/auth/verify-email?token=${encodeURIComponent(token)}` });

  describe('password', () => {
    it('refuses a wrong current password with 400 and keeps the old one', async () => {
      const pat = await signUp(t.app, 'pat@example.com', 'pat-password-1');
      const res = await changePassword(pat.cookie, { currentPassword: 'not-my-password', newPassword: 'pat-password-2' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: 'Invalid password', code: 'INVALID_PASSWORD', error: 'Invalid password' });
      expect((await signIn(t.app, 'pat@example.com', 'pat-password-1')).statusCode).toBe(200);
    });

    it('changes it with the current one; other sessions stay unless asked to end', async () => {
      const pat = cookieOf(await signIn(t.app, 'pat@example.com', 'pat-password-1'));
      const laptop = cookieOf(await signIn(t.app, 'pat@example.com', 'pat-password-1'));
      const kept = await changePassword(pat, { currentPassword: 'pat-password-1', newPassword: 'pat-password-2' });
      expect(kept.statusCode).toBe(200);
      expect(kept.json()).toMatchObject({ token: null, user: { email: 'pat@example.com' } });
      expect([await signedIn(pat), await signedIn(laptop)]).toEqual([200, 200]);
      expect((await signIn(t.app, 'pat@example.com', 'pat-password-1')).statusCode).toBe(401);
      expect((await signIn(t.app, 'pat@example.com', 'pat-password-2')).statusCode).toBe(200);

      const ended = await changePassword(pat, { currentPassword: 'pat-password-2', newPassword: 'pat-password-3', revokeOtherSessions: true });
      expect(ended.statusCode).toBe(200);
      // Every session ends; the caller continues in the new one its answer sets.
      const renewed = cookieOf(ended);
      expect([await signedIn(renewed), await signedIn(pat), await signedIn(laptop)]).toEqual([200, 401, 401]);
    });

    it('needs a session, and a call from the instance origin', async () => {
      const unsigned = await call(t.app, undefined, { method: 'POST', url: '/api/auth/change-password', payload: { currentPassword: 'pat-password-3', newPassword: 'pat-password-4' } });
      expect(unsigned.statusCode).toBe(401);
      const cookie = cookieOf(await signIn(t.app, 'pat@example.com', 'pat-password-3'));
      const foreign = await call(t.app, { cookie }, { method: 'POST', url: '/api/auth/change-password', headers: { origin: 'https://evil.example' }, payload: { currentPassword: 'pat-password-3', newPassword: 'pat-password-4' } });
      expect(foreign.statusCode).toBe(403);
      expect((await signIn(t.app, 'pat@example.com', 'pat-password-3')).statusCode).toBe(200);
    });
  });

  describe('address', () => {
    it('mails a link to the new address; the address changes (verified) only when it is followed', async () => {
      const quinn = await signUp(t.app, 'quinn@example.com');
      const before = smtp.received.length;
      const asked = await changeEmail(quinn.cookie, 'Quinn@New.example.com');
      expect(asked.statusCode).toBe(200);
      expect(asked.json()).toEqual({ status: true });
      const mail = await nextMailTo(smtp, before, 'quinn@new.example.com');
      expect(mail.headers.subject).toBe('Confirm your new email address for Loupe');
      expect(mail.text).toContain('A Loupe account at localhost:3001 asked to use quinn@new.example.com as its address.');
      expect(await me(quinn.cookie)).toMatchObject({ email: 'quinn@example.com', emailVerified: false });

      const followed = await verify(linkIn(mail, VERIFY_PAGE).searchParams.get('token') ?? '', quinn.cookie);
      expect(followed.statusCode).toBe(200);
      expect(await me(quinn.cookie)).toMatchObject({ email: 'quinn@new.example.com', emailVerified: true });
      expect((await signIn(t.app, 'quinn@new.example.com', 'correct-horse-9')).statusCode).toBe(200);
      expect((await signIn(t.app, 'quinn@example.com', 'correct-horse-9')).statusCode).toBe(401);
      // The link has done its work: followed again, it names an address no account has any more.
      expect((await verify(linkIn(mail, VERIFY_PAGE).searchParams.get('token') ?? '', quinn.cookie)).statusCode).toBe(401);
    });

    it('refuses the link in a browser signed in to another account, with 401', async () => {
      const rae = await signUp(t.app, 'rae@example.com');
      const other = await signUp(t.app, 'sol@example.com');
      const before = smtp.received.length;
      expect((await changeEmail(rae.cookie, 'rae@new.example.com')).statusCode).toBe(200);
      const token = linkIn(await nextMailTo(smtp, before, 'rae@new.example.com'), VERIFY_PAGE).searchParams.get('token') ?? '';
      const refused = await verify(token, other.cookie);
      expect(refused.statusCode).toBe(401);
      expect(refused.json().code).toBe('INVALID_USER');
      expect(await me(rae.cookie)).toMatchObject({ email: 'rae@example.com' });
      // Opened signed out (the new address's mailbox, another device), it completes the change.
      expect((await verify(token)).statusCode).toBe(200);
      expect(await me(rae.cookie)).toMatchObject({ email: 'rae@new.example.com', emailVerified: true });
    });

    it('answers a taken address as any other, mails it nothing, and keeps the old address', async () => {
      const tom = await signUp(t.app, 'tom@example.com');
      // The sign-up mails are out before counting.
      await nextMailTo(smtp, 0, 'sol@example.com');
      await nextMailTo(smtp, 0, 'tom@example.com');
      const before = smtp.received.length;
      const res = await changeEmail(tom.cookie, 'sol@example.com');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ status: true });
      expect(await me(tom.cookie)).toMatchObject({ email: 'tom@example.com' });
      // A later mail (to Tom's own new address) arrives; none went to the taken one before it.
      expect((await changeEmail(tom.cookie, 'tom@new.example.com')).statusCode).toBe(200);
      await nextMailTo(smtp, before, 'tom@new.example.com');
      expect(smtp.received.slice(before).flatMap((mail) => mail.to)).toEqual(['tom@new.example.com']);
    });

    it('refuses the same address and a malformed one with 400', async () => {
      const uma = await signUp(t.app, 'uma@example.com');
      const same = await changeEmail(uma.cookie, 'uma@example.com');
      expect(same.statusCode).toBe(400);
      expect(same.json().message).toBe('Email is the same');
      expect((await changeEmail(uma.cookie, 'not-an-address')).statusCode).toBe(400);
      expect(await me(uma.cookie)).toMatchObject({ email: 'uma@example.com' });
    });

    it('needs a session', async () => {
      const res = await call(t.app, undefined, { method: 'POST', url: '/api/auth/change-email', headers: { origin: ORIGIN }, payload: { newEmail: 'x@example.com' } });
      expect(res.statusCode).toBe(401);
    });
  });

  describe('name', () => {
    it('changes the name, and refuses an empty one', async () => {
      const vic = await signUp(t.app, 'vic@example.com');
      const res = await call(t.app, vic, { method: 'POST', url: '/api/auth/update-user', payload: { name: 'Victoria Q' } });
      expect(res.statusCode).toBe(200);
      expect(await me(vic.cookie)).toMatchObject({ name: 'Victoria Q', email: 'vic@example.com' });
      const empty = await call(t.app, vic, { method: 'POST', url: '/api/auth/update-user', payload: { name: '' } });
      expect(empty.statusCode).toBe(400);
      expect(await me(vic.cookie)).toMatchObject({ name: 'Victoria Q' });
      const email = await call(t.app, vic, { method: 'POST', url: '/api/auth/update-user', payload: { email: 'other@example.com' } });
      expect(email.statusCode).toBe(400);
      expect(await me(vic.cookie)).toMatchObject({ email: 'vic@example.com' });
    });
  });
});
