// The secrets of the account mails' links never reach the logs: a server at trace level while a reset and a
// verification link are mailed, opened as dashboard pages and used.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, signUp } from '../helpers/auth-client.js';
import { linkIn, nextMailTo } from '../helpers/received-mail.js';
import { startSmtpReceiver, type SmtpReceiver } from '../helpers/smtp-receiver.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

describe('account mail links in the logs', () => {
  const lines: string[] = [];
  let smtp: SmtpReceiver;
  let t: TestApp;

  beforeAll(async () => {
    smtp = await startSmtpReceiver();
    t = await createTestApp({ env: { SMTP_URL: smtp.url, LOG_LEVEL: 'trace' }, logDestination: { write: (line) => void lines.push(line) } });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('shows token=[REDACTED] for the pages and calls that carry one, and the tokens nowhere', async () => {
    const before = smtp.received.length;
    const ada = await signUp(t.app, 'ada@example.com', 'old-password-1');
    const verifyToken = linkIn(await nextMailTo(smtp, before, 'ada@example.com', 'Verify your email address for Loupe'), 'http://localhost:3001/verify-email?token=').searchParams.get('token') ?? '';
    expect((await call(t.app, undefined, { method: 'POST', url: '/api/auth/request-password-reset', payload: { email: 'ada@example.com' } })).statusCode).toBe(200);
    const resetToken = linkIn(await nextMailTo(smtp, before, 'ada@example.com', 'Reset your Loupe password'), 'http://localhost:3001/reset-password?token=').searchParams.get('token') ?? '';

    // The pages the links open (the dashboard's fallback answers them), then the calls those pages make.
    await t.app.inject({ method: 'GET', url: `/verify-email?token=${encodeURIComponent(verifyToken)}` });
    await t.app.inject({ method: 'GET', url: `/reset-password?token=${resetToken}` });
    expect((await call(t.app, ada, { method: 'GET', url: `/api/auth/verify-email?token=${encodeURIComponent(verifyToken)}` })).statusCode).toBe(200);
    expect((await call(t.app, undefined, { method: 'POST', url: '/api/auth/reset-password', payload: { token: resetToken, newPassword: 'new-password-2' } })).statusCode).toBe(200);

    const text = lines.join('');
    expect(text).toContain('"url":"/reset-password?token=[REDACTED]"');
    expect(text).toContain('"url":"/api/auth/verify-email?token=[REDACTED]"');
    expect(verifyToken.length).toBeGreaterThan(100);
    expect(resetToken).toHaveLength(24);
    for (const secret of [verifyToken, resetToken, verifyToken.split('.')[2] ?? verifyToken, 'new-password-2']) expect(text).not.toContain(secret);
  });
});
