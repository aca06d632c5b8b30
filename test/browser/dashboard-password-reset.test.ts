// Password reset in headless Chromium against a real Loupe server and a local SMTP server: from the sign-in page
// ask for the mail, open its link, set a new password, sign in with it; the used link then refuses. Then the account
// settings and security pages, signed in. Every page is screenshotted and checked by axe-core.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { linkIn, nextMailTo } from '../helpers/received-mail.js';
import { startSmtpReceiver, type SmtpReceiver } from '../helpers/smtp-receiver.js';
import { networkQuiet, SCREENSHOT_DIR, screenshot, seriousViolations, startDashboardHarness, type DashboardHarness } from './dashboard-harness.js';

let h: DashboardHarness;
let smtp: SmtpReceiver;
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 375, height: 740 };

beforeAll(async () => {
  smtp = await startSmtpReceiver();
  h = await startDashboardHarness({ env: { SMTP_URL: smtp.url } });
  console.log(`dashboard screenshots: ${SCREENSHOT_DIR}`);
  const signUp = await h.loupe.app.inject({
    method: 'POST', url: '/api/auth/sign-up/email', headers: { origin: h.loupeUrl },
    payload: { email: 'ada@example.com', password: 'old-password-1', name: 'Ada' },
  });
  expect(signUp.statusCode).toBe(200);
}, 120_000);
afterAll(async () => {
  await h?.close();
  await smtp?.close();
});

async function checked(page: Page, name: string): Promise<void> {
  await networkQuiet(page);
  await screenshot(page, name);
  expect([name, await seriousViolations(page)]).toEqual([name, []]);
}

const signInStatus = async (password: string) =>
  (await h.loupe.app.inject({ method: 'POST', url: '/api/auth/sign-in/email', headers: { origin: h.loupeUrl }, payload: { email: 'ada@example.com', password } })).statusCode;

describe('password reset from the sign-in page', () => {
  it('mails a link; the link sets a new password; the new password signs in; the used link refuses', async () => {
    const context = await h.browser.newContext({ viewport: DESKTOP, colorScheme: 'light' });
    const page = await h.open(context, `${h.loupeUrl}/sign-in`);
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await page.waitForURL(`${h.loupeUrl}/forgot-password`);
    await page.getByRole('heading', { level: 1, name: 'Reset your password' }).waitFor();
    await checked(page, 'reset-request');

    const before = smtp.received.length;
    await page.getByLabel('Email').fill('ada@example.com');
    await page.getByRole('button', { name: 'Send the link' }).click();
    await page.getByText('a mail with a link to set a new password is on its way').waitFor();
    await checked(page, 'reset-requested');

    const mail = await nextMailTo(smtp, before, 'ada@example.com', 'Reset your Loupe password');
    const link = linkIn(mail, `${h.loupeUrl}/reset-password?token=`);
    await page.goto(link.toString());
    await page.getByRole('heading', { level: 1, name: 'Set a new password' }).waitFor();
    await checked(page, 'reset-set-password');
    await page.getByLabel('New password', { exact: true }).fill('new-password-2');
    await page.getByLabel('Repeat the new password').fill('new-password-2');
    await page.getByRole('button', { name: 'Set the new password' }).click();
    await page.getByText('Your new password is set, and every session of the account was signed out.').waitFor();
    await checked(page, 'reset-done');
    expect([await signInStatus('old-password-1'), await signInStatus('new-password-2')]).toEqual([401, 200]);

    await page.getByRole('link', { name: 'Sign in with the new password' }).click();
    await page.waitForURL(`${h.loupeUrl}/sign-in`);
    await page.getByLabel('Email').fill('ada@example.com');
    await page.getByLabel('Password').fill('new-password-2');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((url) => url.pathname !== '/sign-in');
    const session = await (await page.request.get(`${h.loupeUrl}/api/auth/get-session`)).json() as { user: { email: string } };
    expect(session.user.email).toBe('ada@example.com');

    // The link works once.
    await page.goto(link.toString());
    await page.getByLabel('New password', { exact: true }).fill('third-password-3');
    await page.getByLabel('Repeat the new password').fill('third-password-3');
    await page.getByRole('button', { name: 'Set the new password' }).click();
    await page.getByText('This link is not valid any more: it was used, or it is more than an hour old.').waitFor();
    await checked(page, 'reset-used-link');
    expect(await signInStatus('new-password-2')).toBe(200);
    await context.close();
  });

  it('shows the account settings (address not verified) and the security page with this session', async () => {
    const context = await h.browser.newContext({ viewport: DESKTOP, colorScheme: 'light' });
    const page = await h.open(context, `${h.loupeUrl}/sign-in`);
    await page.getByLabel('Email').fill('ada@example.com');
    await page.getByLabel('Password').fill('new-password-2');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((url) => url.pathname !== '/sign-in');

    await page.goto(`${h.loupeUrl}/account`);
    await page.getByRole('heading', { level: 1, name: 'Account settings' }).waitFor();
    expect(await page.getByTestId('account-email').innerText()).toBe('ada@example.com');
    expect(await page.getByTestId('email-verified').innerText()).toBe('Not verified');
    await checked(page, 'account-settings');

    await page.getByRole('link', { name: 'Security' }).click();
    await page.getByRole('heading', { level: 1, name: 'Security' }).waitFor();
    await page.getByTestId('account-session').first().waitFor();
    // The reset ended the sign-up's session; since then: two sign-ins over HTTP (signInStatus) and two in the browser.
    const rows = await page.getByTestId('account-session').allInnerTexts();
    expect(rows.length).toBe(4);
    expect(rows[0]).toContain('This session');
    await checked(page, 'account-security');
    await page.getByRole('button', { name: 'Sign out all other sessions' }).click();
    await page.waitForFunction(`document.querySelectorAll('[data-testid="account-session"]').length === 1`);

    // On a phone: the pages fit the width (the sessions table scrolls inside its region), and stay accessible.
    await page.setViewportSize(PHONE);
    for (const [name, path] of [['account-settings-phone', '/account'], ['account-security-phone', '/account/security']] as const) {
      await page.goto(`${h.loupeUrl}${path}`);
      await page.getByRole('heading', { level: 1 }).waitFor();
      await checked(page, name);
      expect([name, await page.evaluate('document.documentElement.scrollWidth')]).toEqual([name, PHONE.width]);
    }
    await context.close();
  });
});
