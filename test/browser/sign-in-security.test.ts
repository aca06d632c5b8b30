// Sign-in security in headless Chromium against a real Loupe server: turn on two-factor on the security page (the
// code computed from the secret the page shows), sign out and sign in with a code (a wrong one refused) and with a
// backup code; require two-factor on the organization page; sign in through a local OpenID Connect provider
// (oidc-provider on 127.0.0.1, its own login form) into the organization its rule maps. Screenshots and axe.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { startOidcProvider, type TestOidcProvider } from '../helpers/oidc-provider.js';
import { totpCode } from '../helpers/totp.js';
import { screenshot, SCREENSHOT_DIR, seriousViolations, startDashboardHarness, type DashboardHarness } from './dashboard-harness.js';

let h: DashboardHarness;
let idp: TestOidcProvider;
const DESKTOP = { width: 1280, height: 800 };
const PASSWORD = 'correct-horse-9';

beforeAll(async () => {
  h = await startDashboardHarness({
    env: async (loupeUrl) => {
      idp = await startOidcProvider(`${loupeUrl}/api/auth/callback/oidc`);
      return idp.env({ OIDC_NAME: 'Local IdP', OIDC_EMAIL_DOMAIN_ROLES: 'sso.test=acme:member' });
    },
  });
  console.log(`sign-in security screenshots: ${SCREENSHOT_DIR}`);
});
afterAll(async () => {
  await h?.close();
  await idp?.close();
});

async function expectAccessible(page: Page, name: string): Promise<void> {
  await screenshot(page, name);
  expect([name, await seriousViolations(page)]).toEqual([name, []]);
}

async function signedInEmail(page: Page): Promise<string | null> {
  const session = await (await page.request.get(`${h.loupeUrl}/api/auth/get-session`)).json() as { user: { email: string } } | null;
  return session?.user.email ?? null;
}

/** Console errors, less the 401s the refused codes are expected to log. */
const unexpectedConsoleErrors = () => h.consoleErrors.splice(0).filter((line) => !/status of 401/.test(line));

let secret = '';
let backupCodes: string[] = [];
let organizationId = '';

describe('two-factor authentication in the dashboard', () => {
  it('turns two-factor on from the security page, with the secret as text and the backup codes shown once', async () => {
    const context: BrowserContext = await h.browser.newContext({ viewport: DESKTOP });
    const signUp = await context.request.post(`${h.loupeUrl}/api/auth/sign-up/email`, {
      headers: { origin: h.loupeUrl }, data: { email: 'tess@example.com', password: PASSWORD, name: 'Tess' },
    });
    expect(signUp.status()).toBe(200);
    const created = await context.request.post(`${h.loupeUrl}/api/auth/organization/create`, { headers: { origin: h.loupeUrl }, data: { name: 'Acme', slug: 'acme' } });
    organizationId = (await created.json() as { id: string }).id;

    const page = await h.open(context, `${h.loupeUrl}/account/security`);
    await page.getByRole('heading', { name: 'Security', level: 1 }).waitFor();
    await expectAccessible(page, 'security-2fa-off');
    await page.getByLabel('Your password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Set up two-factor authentication' }).click();
    secret = await page.getByTestId('totp-secret').innerText();
    expect(secret).toMatch(/^[A-Z2-7]{32,}$/);
    expect(await page.getByTestId('totp-uri').innerText()).toMatch(new RegExp(`^otpauth://totp/Loupe:tess%40example\\.com\\?secret=${secret}&issuer=Loupe`));
    backupCodes = await page.getByTestId('backup-codes').getByRole('listitem').allInnerTexts();
    expect(backupCodes).toHaveLength(10);
    await expectAccessible(page, 'security-2fa-setup');

    await page.getByLabel('Code from the app').fill(totpCode(secret));
    await page.getByRole('button', { name: 'Turn on' }).click();
    await page.getByTestId('two-factor-on').waitFor();
    expect(await page.getByTestId('backup-codes').count()).toBe(0);
    await expectAccessible(page, 'security-2fa-on');
    expect(unexpectedConsoleErrors()).toEqual([]);
    await context.close();
  });

  it('signs in with the password and a code (a wrong code is refused), then with a backup code', async () => {
    const context = await h.browser.newContext({ viewport: DESKTOP });
    const page = await h.open(context, `${h.loupeUrl}/sign-in`);
    const signInWithPassword = async () => {
      await page.getByLabel('Email').fill('tess@example.com');
      await page.getByLabel('Password').fill(PASSWORD);
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await page.getByRole('heading', { name: 'Two-factor authentication' }).waitFor();
    };
    await signInWithPassword();
    expect(await signedInEmail(page)).toBeNull();
    await page.getByLabel('Code', { exact: true }).fill(totpCode(secret, { atMs: Date.now() - 3_600_000 }));
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByRole('alert').filter({ hasText: 'Invalid code' }).waitFor();
    await expectAccessible(page, 'sign-in-code-refused');
    await page.getByLabel('Code', { exact: true }).fill(totpCode(secret));
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL(/\/sites\?org=/);
    expect(await signedInEmail(page)).toBe('tess@example.com');

    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL(`${h.loupeUrl}/sign-in`);
    await signInWithPassword();
    await page.getByRole('button', { name: 'Use a backup code' }).click();
    await page.getByLabel('Backup code').fill(backupCodes[0] ?? '');
    await expectAccessible(page, 'sign-in-backup-code');
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL(/\/sites\?org=/);
    expect(await signedInEmail(page)).toBe('tess@example.com');
    expect(unexpectedConsoleErrors()).toEqual([]);
    await context.close();
  });

  it('lets the owner require two-factor of the organization on its page', async () => {
    const context = await h.browser.newContext({ viewport: DESKTOP });
    const page = await h.open(context, `${h.loupeUrl}/sign-in`);
    await page.getByLabel('Email').fill('tess@example.com');
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByLabel('Code', { exact: true }).fill(totpCode(secret));
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL(/\/sites\?org=/);
    await page.goto(`${h.loupeUrl}/organizations/${organizationId}`);
    const requirement = page.getByLabel('Members must use two-factor authentication');
    await requirement.waitFor();
    expect(await requirement.isChecked()).toBe(false);
    await requirement.check();
    await page.getByText('Saved.').waitFor();
    await expectAccessible(page, 'organization-sign-in-policy');
    const policy = await (await page.request.get(`${h.loupeUrl}/api/organizations/${organizationId}/sign-in-policy`)).json();
    expect(policy).toEqual({ requireTwoFactor: true });
    expect(unexpectedConsoleErrors()).toEqual([]);
    await context.close();
  });
});

describe('sign-in through the identity provider', () => {
  it('shows "Sign in with Local IdP", signs in at the provider and lands in the organization its email domain maps', async () => {
    idp.accounts.set('carol', { email: 'carol@sso.test', emailVerified: true, name: 'Carol', groups: [] });
    const context = await h.browser.newContext({ viewport: DESKTOP });
    const page = await h.open(context, `${h.loupeUrl}/sign-in`);
    const button = page.getByRole('button', { name: 'Sign in with Local IdP' });
    await button.waitFor();
    await expectAccessible(page, 'sign-in-with-provider');
    await button.click();
    await page.waitForURL(`${idp.issuer}/**`);
    await page.locator('input[name="login"]').fill('carol');
    await page.locator('input[name="password"]').fill('any password');
    await screenshot(page, 'provider-login');
    await page.locator('button[type="submit"]').click();
    await page.waitForURL(/\/sites\?org=/);
    expect(new URL(page.url()).searchParams.get('org')).toBe(organizationId);
    expect(await signedInEmail(page)).toBe('carol@sso.test');
    const organizations = await (await page.request.get(`${h.loupeUrl}/api/user/organizations`)).json() as Array<{ slug: string; role: string }>;
    expect(organizations.map(({ slug, role }) => ({ slug, role }))).toEqual([{ slug: 'acme', role: 'member' }]);
    // The organization requires two-factor (the test before): Carol is told how to get in.
    const refused = await page.request.get(`${h.loupeUrl}/api/organizations/${organizationId}/sites`);
    expect([refused.status(), (await refused.json() as { code: string }).code]).toEqual([403, 'two_factor_required']);
    await expectAccessible(page, 'provider-signed-in');
    expect(unexpectedConsoleErrors().filter((line) => !line.startsWith(idp.issuer) && !/status of 403/.test(line))).toEqual([]);
    await context.close();
  });
});
