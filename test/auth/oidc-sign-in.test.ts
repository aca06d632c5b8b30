// Sign-in with OpenID Connect against a real provider (oidc-provider on 127.0.0.1), the authorization-code flow
// driven over HTTP: the account is created at first sign-in, placed in organizations by the email-domain and
// claim rules at every sign-in, refused when no rule takes it, and asked for its TOTP code when it has one.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createOrganization, ORIGIN, signUp } from '../helpers/auth-client.js';
import { signInThroughProvider, type ProviderSignIn } from '../helpers/oidc-browser-flow.js';
import { startOidcProvider, type TestOidcProvider } from '../helpers/oidc-provider.js';
import { createTestApp, metadataBackends, type TestApp } from '../helpers/test-app.js';
import { totpCode, totpParameters } from '../helpers/totp.js';

const backends = await metadataBackends();
const SESSION = 'better-auth.session_token';

describe.each(backends)('sign-in with OpenID Connect on %s', (backend) => {
  let idp: TestOidcProvider;
  let t: TestApp;
  let acmeId: string;

  beforeAll(async () => {
    idp = await startOidcProvider(`${ORIGIN}/api/auth/callback/oidc`);
    t = await createTestApp({
      backend,
      env: idp.env({
        OIDC_NAME: 'Local IdP',
        OIDC_EMAIL_DOMAIN_ROLES: 'acme.test=acme:member',
        OIDC_ROLE_CLAIM: 'groups',
        OIDC_CLAIM_ROLES: 'loupe-admins=acme:admin, partners=beta:member',
      }),
    });
    const owner = await signUp(t.app, 'owner@acme.test');
    acmeId = await createOrganization(t.app, owner.cookie, 'acme');
  });
  afterAll(async () => {
    await t?.close();
    await idp?.close();
  });

  const sessionOf = (signIn: ProviderSignIn) => signIn.jar.get(SESSION);
  const signedInLanding = (signIn: ProviderSignIn) => ({
    path: signIn.callback.statusCode === 302 ? signIn.landing.pathname : `status ${signIn.callback.statusCode}`,
    error: signIn.landing.searchParams.get('error'),
    session: sessionOf(signIn) !== undefined,
  });
  async function emailOf(session: string | undefined): Promise<string | null> {
    if (session === undefined) return null;
    const response = await t.app.inject({ method: 'GET', url: '/api/auth/get-session', headers: { cookie: `${SESSION}=${session}` } });
    return (response.json() as { user: { email: string } } | null)?.user.email ?? null;
  }
  async function rolesOf(session: string | undefined): Promise<Array<{ slug: string; role: string }>> {
    const response = await call(t.app, { cookie: `${SESSION}=${session ?? ''}` }, { method: 'GET', url: '/api/user/organizations' });
    return (response.json() as Array<{ slug: string; role: string }>).map(({ slug, role }) => ({ slug, role }));
  }
  async function userCount(email: string): Promise<number> {
    return (await t.services.metadata.db.selectFrom('user').select('id').where('email', '=', email).execute()).length;
  }

  it('names the provider in /api/config for the sign-in button', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/config' });
    expect((response.json() as { signInProviders: unknown }).signInProviders).toEqual([{ id: 'oidc', name: 'Local IdP' }]);
  });

  it('creates the account at first sign-in and gives it the highest role its rules map (claim admin over domain member)', async () => {
    idp.accounts.set('alice', { email: 'alice@acme.test', emailVerified: true, name: 'Alice', groups: ['loupe-admins'] });
    expect(await userCount('alice@acme.test')).toBe(0);
    const signIn = await signInThroughProvider(t.app, 'alice');
    expect(signIn.callback.statusCode).toBe(302);
    expect(signIn.landing.pathname).toBe('/sites');
    expect(await emailOf(sessionOf(signIn))).toBe('alice@acme.test');
    expect(await rolesOf(sessionOf(signIn))).toEqual([{ slug: 'acme', role: 'admin' }]);
    const accounts = await sql<{ name: string; providerId: string; accountId: string }>`
      select u.name, a."providerId", a."accountId" from account a join "user" u on u."id" = a."userId" where u.email = ${'alice@acme.test'}
    `.execute(t.services.metadata.db);
    expect(accounts.rows).toEqual([{ name: 'Alice', providerId: 'oidc', accountId: 'alice' }]);
  });

  it('applies the rules again at each sign-in: a group taken away at the provider lowers the role', async () => {
    idp.accounts.set('alice', { email: 'alice@acme.test', emailVerified: true, name: 'Alice', groups: [] });
    const signIn = await signInThroughProvider(t.app, 'alice');
    expect(await rolesOf(sessionOf(signIn))).toEqual([{ slug: 'acme', role: 'member' }]);
    expect(await userCount('alice@acme.test')).toBe(1);
  });

  it('links an existing account only once its email is verified, and never changes an owner; a rule naming no organization is skipped', async () => {
    idp.accounts.set('owner', { email: 'owner@acme.test', emailVerified: true, name: 'Owner', groups: ['partners'] });
    // A password account whose address nobody verified is not taken over by whoever holds that address at the provider.
    const refused = await signInThroughProvider(t.app, 'owner');
    expect(signedInLanding(refused)).toEqual({ path: '/sign-in', error: 'account_not_linked', session: false });

    // As verifying the address does (the verification mail is another feature's).
    await sql`update "user" set "emailVerified" = ${backend === 'postgres' ? true : 1} where email = ${'owner@acme.test'}`.execute(t.services.metadata.db);
    const signIn = await signInThroughProvider(t.app, 'owner');
    expect(await emailOf(sessionOf(signIn))).toBe('owner@acme.test');
    expect(await rolesOf(sessionOf(signIn))).toEqual([{ slug: 'acme', role: 'owner' }]);
    const members = await call(t.app, { cookie: `${SESSION}=${sessionOf(signIn) ?? ''}` }, { method: 'GET', url: `/api/organizations/${acmeId}/members` });
    expect(members.statusCode).toBe(200);
  });

  it.each([
    ['an address of no mapped domain', { email: 'eve@elsewhere.test', emailVerified: true, name: 'Eve', groups: [] }],
    ['a mapped domain the provider did not verify', { email: 'mallory@acme.test', emailVerified: false, name: 'Mallory', groups: [] }],
  ])('creates no account for %s (OIDC_SIGNUP=mapped) and lands on the sign-in page with the reason', async (_case, identity) => {
    idp.accounts.set(identity.name, identity);
    const signIn = await signInThroughProvider(t.app, identity.name);
    expect(signedInLanding(signIn)).toEqual({ path: '/sign-in', error: 'OIDC_SIGN_UP_REFUSED', session: false });
    expect(await userCount(identity.email)).toBe(0);
  });

  it('asks an account with two-factor on for its code after the provider signed it in', async () => {
    idp.accounts.set('bob', { email: 'bob@acme.test', emailVerified: true, name: 'Bob', groups: [] });
    const first = await signInThroughProvider(t.app, 'bob');
    const cookie = `${SESSION}=${sessionOf(first) ?? ''}`;
    // An account made through the provider has no password: a code confirms the set-up instead.
    const enabled = await call(t.app, { cookie }, { method: 'POST', url: '/api/auth/two-factor/enable', payload: {} });
    expect(enabled.statusCode).toBe(200);
    const { secret } = totpParameters((enabled.json() as { totpURI: string }).totpURI);
    expect((await call(t.app, { cookie }, { method: 'POST', url: '/api/auth/two-factor/verify-totp', payload: { code: totpCode(secret) } })).statusCode).toBe(200);

    const second = await signInThroughProvider(t.app, 'bob', '/sign-in?sso=1');
    expect(second.callback.statusCode).toBe(302);
    expect(await emailOf(sessionOf(second))).toBeNull();
    const challenge = second.jar.get('better-auth.two_factor');
    expect(challenge).toBeDefined();
    const verified = await t.app.inject({
      method: 'POST', url: '/api/auth/two-factor/verify-totp',
      headers: { origin: ORIGIN, cookie: `better-auth.two_factor=${challenge ?? ''}` }, payload: { code: totpCode(secret) },
    });
    expect(verified.statusCode).toBe(200);
    second.jar.store(Array.isArray(verified.headers['set-cookie']) ? verified.headers['set-cookie'] : [String(verified.headers['set-cookie'])]);
    expect(await emailOf(sessionOf(second))).toBe('bob@acme.test');
  });
});
