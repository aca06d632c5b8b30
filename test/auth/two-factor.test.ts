// Two-factor authentication over HTTP: set-up with TOTP (codes computed here from the returned URI), sign-in with
// a code or a backup code (each backup code once), wrong codes refused, and an organization's policy that refuses
// members without it (403 two_factor_required) everywhere but the routes that turn it on; SQLite and PostgreSQL.
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createOrganization, createOrganizationKey, createSite, ORIGIN, signIn, signUp } from '../helpers/auth-client.js';
import { createTestApp, metadataBackends, type TestApp } from '../helpers/test-app.js';
import { totpCode, totpParameters } from '../helpers/totp.js';

const backends = await metadataBackends();
const PASSWORD = 'correct-horse-9';

/** `name=value` of the cookie `name` the response sets (undefined when it sets none or clears it). */
function setCookie(response: LightMyRequestResponse, name: string): string | undefined {
  const raw = response.headers['set-cookie'];
  const cookies = Array.isArray(raw) ? raw : raw ? [raw] : [];
  const found = cookies.filter((cookie) => cookie.startsWith(`${name}=`)).at(-1);
  const pair = found?.split(';')[0];
  return pair === undefined || pair === `${name}=` || /max-age=0/i.test(found ?? '') ? undefined : pair;
}

const SESSION = 'better-auth.session_token';
const CHALLENGE = 'better-auth.two_factor';

describe.each(backends)('two-factor authentication on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ backend });
  });
  afterAll(async () => t.close());

  const post = (cookie: string | undefined, url: string, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url, headers: { origin: ORIGIN, ...(cookie ? { cookie } : {}) }, payload });

  /** Signs up, turns two-factor on with a code computed from the URI; returns the new session, the secret and the backup codes. */
  async function withTwoFactor(email: string): Promise<{ cookie: string; userId: string; secret: string; backupCodes: string[] }> {
    const account = await signUp(t.app, email, PASSWORD);
    const enabled = await post(account.cookie, '/api/auth/two-factor/enable', { password: PASSWORD });
    expect(enabled.statusCode).toBe(200);
    const { totpURI, backupCodes } = enabled.json() as { totpURI: string; backupCodes: string[] };
    const { secret } = totpParameters(totpURI);
    const confirmed = await post(account.cookie, '/api/auth/two-factor/verify-totp', { code: totpCode(secret) });
    expect(confirmed.statusCode).toBe(200);
    const cookie = setCookie(confirmed, SESSION);
    if (!cookie) throw new Error('no rotated session cookie after confirming two-factor');
    return { cookie, userId: account.userId, secret, backupCodes };
  }

  async function sessionUser(cookie: string | undefined): Promise<{ email: string; twoFactorEnabled: boolean } | null> {
    const response = await t.app.inject({ method: 'GET', url: '/api/auth/get-session', headers: cookie ? { cookie } : {} });
    const body = response.json() as { user: { email: string; twoFactorEnabled: boolean } } | null;
    return body === null ? null : { email: body.user.email, twoFactorEnabled: Boolean(body.user.twoFactorEnabled) };
  }

  it('sets up TOTP: an otpauth URI naming Loupe and the account, ten backup codes, on only once a code confirms it', async () => {
    const account = await signUp(t.app, 'setup@example.com', PASSWORD);
    expect((await post(account.cookie, '/api/auth/two-factor/enable', {})).statusCode).toBe(400);
    expect((await post(account.cookie, '/api/auth/two-factor/enable', { password: 'wrong-password-1' })).statusCode).toBe(400);
    expect((await post(undefined, '/api/auth/two-factor/enable', { password: PASSWORD })).statusCode).toBe(401);

    const enabled = await post(account.cookie, '/api/auth/two-factor/enable', { password: PASSWORD });
    expect(enabled.statusCode).toBe(200);
    const { totpURI, backupCodes } = enabled.json() as { totpURI: string; backupCodes: string[] };
    const parameters = totpParameters(totpURI);
    expect({ issuer: parameters.issuer, label: parameters.label, digits: parameters.digits, period: parameters.period })
      .toEqual({ issuer: 'Loupe', label: 'Loupe:setup@example.com', digits: 6, period: 30 });
    expect(backupCodes).toHaveLength(10);
    expect(new Set(backupCodes).size).toBe(10);
    // Not on yet: the password alone still signs in.
    expect(await sessionUser(account.cookie)).toEqual({ email: 'setup@example.com', twoFactorEnabled: false });
    expect(setCookie(await signIn(t.app, 'setup@example.com', PASSWORD), SESSION)).toBeDefined();

    const wrong = await post(account.cookie, '/api/auth/two-factor/verify-totp', { code: totpCode(parameters.secret, { atMs: Date.now() - 3_600_000 }) });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({ code: 'INVALID_CODE' });
    const confirmed = await post(account.cookie, '/api/auth/two-factor/verify-totp', { code: totpCode(parameters.secret) });
    expect(confirmed.statusCode).toBe(200);
    expect(await sessionUser(setCookie(confirmed, SESSION))).toEqual({ email: 'setup@example.com', twoFactorEnabled: true });
  });

  it('signs in with the password and then a code; a wrong code or no challenge is 401', async () => {
    const { secret } = await withTwoFactor('code-sign-in@example.com');
    const first = await signIn(t.app, 'code-sign-in@example.com', PASSWORD);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ twoFactorRedirect: true, twoFactorMethods: ['totp'] });
    expect(setCookie(first, SESSION)).toBeUndefined();
    const challenge = setCookie(first, CHALLENGE);
    expect(challenge).toBeDefined();

    const wrong = await post(challenge, '/api/auth/two-factor/verify-totp', { code: totpCode(secret, { atMs: Date.now() - 3_600_000 }) });
    expect([wrong.statusCode, (wrong.json() as { code: string }).code]).toEqual([401, 'INVALID_CODE']);
    expect(setCookie(wrong, SESSION)).toBeUndefined();
    expect((await post(undefined, '/api/auth/two-factor/verify-totp', { code: totpCode(secret) })).statusCode).toBe(401);
    expect((await post(challenge, '/api/auth/two-factor/verify-totp', { code: 'abc' })).statusCode).toBe(401);

    const second = await post(challenge, '/api/auth/two-factor/verify-totp', { code: totpCode(secret) });
    expect(second.statusCode).toBe(200);
    expect(await sessionUser(setCookie(second, SESSION))).toEqual({ email: 'code-sign-in@example.com', twoFactorEnabled: true });
    // The challenge is spent with the sign-in.
    expect((await post(challenge, '/api/auth/two-factor/verify-totp', { code: totpCode(secret) })).statusCode).toBe(401);
  });

  it('signs in with a backup code, once per code', async () => {
    const { backupCodes } = await withTwoFactor('backup@example.com');
    const [code] = backupCodes;
    const challengeOf = async () => setCookie(await signIn(t.app, 'backup@example.com', PASSWORD), CHALLENGE);

    const first = await post(await challengeOf(), '/api/auth/two-factor/verify-backup-code', { code });
    expect(first.statusCode).toBe(200);
    expect(await sessionUser(setCookie(first, SESSION))).toEqual({ email: 'backup@example.com', twoFactorEnabled: true });

    const again = await post(await challengeOf(), '/api/auth/two-factor/verify-backup-code', { code });
    expect([again.statusCode, (again.json() as { code: string }).code]).toEqual([401, 'INVALID_BACKUP_CODE']);
    expect(setCookie(again, SESSION)).toBeUndefined();
    const unknown = await post(await challengeOf(), '/api/auth/two-factor/verify-backup-code', { code: 'not-a-code' });
    expect(unknown.statusCode).toBe(401);
    const next = await post(await challengeOf(), '/api/auth/two-factor/verify-backup-code', { code: backupCodes[1] });
    expect(next.statusCode).toBe(200);
  });

  it("refuses members without two-factor on an organization that requires it, with a 403 naming the fix", async () => {
    const owner = await withTwoFactor('policy-owner@example.com');
    const orgId = await createOrganization(t.app, owner.cookie, 'policy-org');
    const site = await createSite(t.app, owner, orgId, { domain: 'policy.example.com' });
    const orgKey = await createOrganizationKey(t.app, owner, orgId);
    const member = await signUp(t.app, 'policy-member@example.com', PASSWORD);
    // Set-up, not under test: the membership as an accepted invitation leaves it.
    await t.services.metadata.db.insertInto('member')
      .values({ id: `member-${member.userId}`, organizationId: orgId, userId: member.userId, role: 'member', createdAt: new Date().toISOString() }).execute();
    const policyUrl = `/api/organizations/${orgId}/sign-in-policy`;
    const memberCalls = async () => [
      (await call(t.app, member, { method: 'GET', url: `/api/organizations/${orgId}/sites` })).statusCode,
      (await call(t.app, member, { method: 'GET', url: `/api/sites/${site.siteId}` })).statusCode,
      (await call(t.app, member, { method: 'GET', url: `/api/organizations/${orgId}/members` })).statusCode,
      (await call(t.app, member, { method: 'GET', url: `/api/auth/organization/get-full-organization?organizationId=${orgId}` })).statusCode,
    ];

    expect((await call(t.app, owner, { method: 'GET', url: policyUrl })).json()).toEqual({ requireTwoFactor: false });
    expect(await memberCalls()).toEqual([200, 200, 200, 200]);

    // Only an owner, in person, with valid input.
    expect((await call(t.app, member, { method: 'PUT', url: policyUrl, payload: { requireTwoFactor: true } })).statusCode).toBe(403);
    expect((await call(t.app, { key: orgKey.key }, { method: 'PUT', url: policyUrl, payload: { requireTwoFactor: true } })).statusCode).toBe(401);
    expect((await call(t.app, owner, { method: 'PUT', url: policyUrl, payload: { requireTwoFactor: 'yes' } })).statusCode).toBe(400);
    expect((await call(t.app, owner, { method: 'PUT', url: policyUrl, payload: {} })).statusCode).toBe(400);
    const set = await call(t.app, owner, { method: 'PUT', url: policyUrl, payload: { requireTwoFactor: true } });
    expect([set.statusCode, set.json()]).toEqual([200, { requireTwoFactor: true }]);

    expect(await memberCalls()).toEqual([403, 403, 403, 403]);
    const refused = await call(t.app, member, { method: 'GET', url: `/api/organizations/${orgId}/sites` });
    expect(refused.json()).toEqual({
      error: 'This organization requires two-factor authentication: turn it on for your account (Account > Security, or POST /api/auth/two-factor/enable) and sign in again',
      code: 'two_factor_required',
    });
    expect((await call(t.app, member, { method: 'GET', url: `/api/auth/organization/get-full-organization?organizationId=${orgId}` })).json())
      .toMatchObject({ code: 'two_factor_required' });
    const listed = await call(t.app, member, { method: 'GET', url: '/api/sites' });
    expect([listed.statusCode, (listed.json() as { data: unknown[] }).data]).toEqual([200, []]);
    // What the member needs to see the refusal and to turn two-factor on still answers.
    expect((await call(t.app, member, { method: 'GET', url: '/api/user/organizations' })).statusCode).toBe(200);
    // The owner (with two-factor) and the organization's own key keep their access.
    expect((await call(t.app, owner, { method: 'GET', url: `/api/organizations/${orgId}/sites` })).statusCode).toBe(200);
    expect((await call(t.app, { key: orgKey.key }, { method: 'GET', url: `/api/sites/${site.siteId}` })).statusCode).toBe(200);

    const enabled = await post(member.cookie, '/api/auth/two-factor/enable', { password: PASSWORD });
    expect(enabled.statusCode).toBe(200);
    const { secret } = totpParameters((enabled.json() as { totpURI: string }).totpURI);
    const confirmed = await post(member.cookie, '/api/auth/two-factor/verify-totp', { code: totpCode(secret) });
    expect(confirmed.statusCode).toBe(200);
    const memberWithTwoFactor = { cookie: setCookie(confirmed, SESSION) ?? '' };
    expect(await Promise.all([
      call(t.app, memberWithTwoFactor, { method: 'GET', url: `/api/organizations/${orgId}/sites` }),
      call(t.app, memberWithTwoFactor, { method: 'GET', url: `/api/sites/${site.siteId}` }),
    ]).then((responses) => responses.map((response) => response.statusCode))).toEqual([200, 200]);

    const off = await call(t.app, owner, { method: 'PUT', url: policyUrl, payload: { requireTwoFactor: false } });
    expect([off.statusCode, off.json()]).toEqual([200, { requireTwoFactor: false }]);
  });

  it('refuses to require two-factor from an owner who has not turned it on (409)', async () => {
    const owner = await signUp(t.app, 'no-2fa-owner@example.com', PASSWORD);
    const orgId = await createOrganization(t.app, owner.cookie, 'no-2fa-org');
    const response = await call(t.app, owner, { method: 'PUT', url: `/api/organizations/${orgId}/sign-in-policy`, payload: { requireTwoFactor: true } });
    expect([response.statusCode, response.json()]).toEqual([409, {
      error: 'Turn on two-factor authentication for your own account before requiring it of the organization',
      code: 'two_factor_required',
    }]);
    expect((await call(t.app, owner, { method: 'GET', url: `/api/organizations/${orgId}/sign-in-policy` })).json()).toEqual({ requireTwoFactor: false });
  });
});
