// Weak passwords over HTTP: sign-up, password change and password reset refuse one shorter than 8 characters
// or on the bundled list of common passwords (catalogs/common-passwords.json) with a 400 that says why, and
// accept a long uncommon one.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, ORIGIN, signIn, signUp } from '../helpers/auth-client.js';
import { createTestApp, metadataBackends, type TestApp } from '../helpers/test-app.js';

const backends = await metadataBackends();
const COMMON = {
  message: 'This password is one of the most commonly used passwords, which attackers try first. Choose another: a few unrelated words make a long password that is easy to remember.',
  code: 'PASSWORD_TOO_COMMON',
  error: 'This password is one of the most commonly used passwords, which attackers try first. Choose another: a few unrelated words make a long password that is easy to remember.',
};

describe.each(backends)('password policy (%s)', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ backend });
  });
  afterAll(async () => t.close());

  const signUpWith = (email: string, password: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/sign-up/email', headers: { origin: ORIGIN }, payload: { email, password, name: 'Someone' } });

  it.each(['password', 'password123', 'Password1', 'QWERTY123', 'iloveyou', '1q2w3e4r5t', 'letmein1'])('refuses sign-up with the common password %j', async (password) => {
    const res = await signUpWith(`common-${password.toLowerCase()}@example.com`, password);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(COMMON);
    expect((await signIn(t.app, `common-${password.toLowerCase()}@example.com`, password)).statusCode).toBe(401);
  });

  it('refuses a password shorter than 8 characters', async () => {
    const res = await signUpWith('short@example.com', 'x9!kq7z');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'Password too short', code: 'PASSWORD_TOO_SHORT', error: 'Password too short' });
  });

  it('accepts a long uncommon password', async () => {
    expect((await signUpWith('fine@example.com', 'tangerine-lamp-orbit')).statusCode).toBe(200);
  });

  it('refuses a common new password on change, and keeps the old one', async () => {
    const { cookie } = await signUp(t.app, 'changer@example.com', 'correct-horse-9');
    const change = (newPassword: string) => call(t.app, { cookie }, { method: 'POST', url: '/api/auth/change-password', payload: { currentPassword: 'correct-horse-9', newPassword } });
    const refused = await change('sunshine1');
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual(COMMON);
    expect((await signIn(t.app, 'changer@example.com', 'correct-horse-9')).statusCode).toBe(200);
    expect((await change('walnut-canyon-drift')).statusCode).toBe(200);
    expect((await signIn(t.app, 'changer@example.com', 'walnut-canyon-drift')).statusCode).toBe(200);
  });

  it('refuses a common new password on reset, and leaves the reset link usable for a good one', async () => {
    const { userId } = await signUp(t.app, 'resetter@example.com', 'correct-horse-9');
    // The token a reset email carries, stored the way better-auth stores it when it sends one.
    const context = await t.services.auth.$context;
    await context.internalAdapter.createVerificationValue({ identifier: 'reset-password:test-reset-token-1', value: userId, expiresAt: new Date(Date.now() + 3_600_000) });
    const reset = (newPassword: string) => t.app.inject({ method: 'POST', url: '/api/auth/reset-password', headers: { origin: ORIGIN }, payload: { token: 'test-reset-token-1', newPassword } });
    const refused = await reset('football1');
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual(COMMON);
    expect((await reset('harbor-violet-sketch')).statusCode).toBe(200);
    expect((await signIn(t.app, 'resetter@example.com', 'harbor-violet-sketch')).statusCode).toBe(200);
  });
});
