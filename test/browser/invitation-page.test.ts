// An invitation from end to end in headless Chromium, on an instance whose sign-up is closed: an admin invites an
// address from the organization page, a local SMTP server started here receives the mail, the link is opened
// signed out, the invitee creates the account (the invited address, fixed) and joins, landing on the
// organization's page with the invited role. A link without its token is refused. Screenshots and axe checks
// in light and dark, desktop and 375 px.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { startSmtpReceiver, type SmtpReceiver } from '../helpers/smtp-receiver.js';
import { until } from '../helpers/until.js';
import { networkQuiet, screenshot, SCREENSHOT_DIR, seriousViolations, startDashboardHarness, type DashboardHarness } from './dashboard-harness.js';

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 375, height: 740 };
const PASSWORD = 'correct-horse-9';

let h: DashboardHarness;
let smtp: SmtpReceiver;
let owner: Awaited<ReturnType<BrowserContext['storageState']>>;
let organization: string;

async function post(context: BrowserContext, path: string, data: unknown): Promise<Record<string, unknown>> {
  const response = await context.request.post(`${h.loupeUrl}${path}`, { data, headers: { origin: h.loupeUrl } });
  expect([path, response.status()]).toEqual([path, 200]);
  return await response.json() as Record<string, unknown>;
}

/** Screenshots the page as `name` and expects no serious axe violation and no horizontal overflow. */
async function check(page: Page, name: string, width: number): Promise<void> {
  await networkQuiet(page);
  await screenshot(page, name);
  expect([name, await seriousViolations(page)]).toEqual([name, []]);
  expect([name, await page.evaluate('document.documentElement.scrollWidth')]).toEqual([name, width]);
}

/** Invites `email` as `role` from the organization page and returns the link of the mail the SMTP server got. */
async function inviteFromThePage(email: string, role: string): Promise<string> {
  const context = await h.browser.newContext({ viewport: DESKTOP, storageState: owner });
  const page = await h.open(context, `${h.loupeUrl}/organizations/${organization}`);
  const before = smtp.received.length;
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Role', { exact: true }).selectOption(role);
  await page.getByRole('button', { name: 'Send the invitation' }).click();
  await page.getByText(`${email} is invited as ${role} (emailed).`).waitFor();
  await context.close();
  const mails = await until(() => smtp.received.filter((mail) => mail.to.includes(email)), (found) => found.length > 0 && smtp.received.length > before);
  const link = mails[0]?.text.split('\r\n').find((line) => line.startsWith(`${h.loupeUrl}/invitation?`)) ?? '';
  expect(link).toMatch(/\?invitationId=[A-Za-z0-9]+\.[A-Za-z0-9_-]{43}&organization=Ada\+Analytics&inviterEmail=ada%40example\.com$/);
  return link;
}

beforeAll(async () => {
  smtp = await startSmtpReceiver();
  h = await startDashboardHarness({ env: { SMTP_URL: smtp.url, SMTP_FROM: 'loupe@example.com', DISABLE_SIGNUP: 'true' } });
  console.log(`dashboard screenshots: ${SCREENSHOT_DIR}`);
  const context = await h.browser.newContext();
  await post(context, '/api/auth/sign-up/email', { name: 'Ada', email: 'ada@example.com', password: PASSWORD });
  organization = String((await post(context, '/api/auth/organization/create', { name: 'Ada Analytics', slug: 'ada-analytics' })).id);
  owner = await context.storageState();
  await context.close();
});
afterAll(async () => {
  await h?.close();
  await smtp?.close();
});

describe('invitation page', () => {
  it('takes an emailed invitee, signed out, through creating the account into the organization with the invited role', async () => {
    const link = await inviteFromThePage('ines@example.com', 'admin');
    const context = await h.browser.newContext({ viewport: DESKTOP });
    const page = await h.open(context, link);
    await page.getByRole('heading', { name: 'Join Ada Analytics', level: 1 }).waitFor();
    expect(await page.getByTestId('invitation-summary').innerText()).toBe('ada@example.com invited ines@example.com to join Ada Analytics as admin.');
    expect(await page.getByLabel('Create my account').isChecked()).toBe(true);
    expect(await page.getByLabel('Email').inputValue()).toBe('ines@example.com');
    expect(await page.getByLabel('Email').getAttribute('readonly')).toBe('');
    await check(page, 'invitation-signed-out-light-desktop', DESKTOP.width);

    await page.getByLabel('Name').fill('Ines');
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Create the account' }).click();
    const join = page.getByRole('button', { name: 'Join Ada Analytics' });
    await join.waitFor();
    await check(page, 'invitation-signed-in-light-desktop', DESKTOP.width);
    await join.click();

    await page.waitForURL(`${h.loupeUrl}/organizations/${organization}`);
    await page.getByTestId('member-row').filter({ hasText: 'ines@example.com' }).waitFor();
    const members = await (await page.request.get(`${h.loupeUrl}/api/organizations/${organization}/members`)).json() as { data: Array<{ role: string; user: { email: string; name: string } }> };
    expect(members.data.map((member) => [member.user.email, member.user.name, member.role])).toEqual([['ada@example.com', 'Ada', 'owner'], ['ines@example.com', 'Ines', 'admin']]);
    expect(h.consoleErrors).toEqual([]);
    await context.close();
  });

  it('lets an invitee who has an account sign in instead, and shows the page in dark and at 375 px', async () => {
    // Otto created his account from the link earlier and has not joined yet.
    const admin = await h.browser.newContext({ storageState: owner });
    const link = String((await post(admin, `/api/organizations/${organization}/invitations`, { email: 'otto@example.com', role: 'member' })).inviteLink);
    await admin.close();
    const signedUp = await h.browser.newContext();
    await post(signedUp, '/api/auth/sign-up/email', { name: 'Otto', email: 'otto@example.com', password: PASSWORD, invitationId: new URL(link).searchParams.get('invitationId') });
    await signedUp.close();

    for (const [suffix, options] of [['dark-phone', { viewport: PHONE, colorScheme: 'dark' as const }], ['light-phone', { viewport: PHONE }]] as const) {
      const context = await h.browser.newContext(options);
      const page = await h.open(context, link);
      await page.getByRole('heading', { name: 'Join Ada Analytics', level: 1 }).waitFor();
      expect(await page.getByLabel('I already have an account: sign in').isChecked()).toBe(true);
      await check(page, `invitation-signed-out-${suffix}`, PHONE.width);
      await context.close();
    }
    const context = await h.browser.newContext({ viewport: DESKTOP, colorScheme: 'dark' });
    const page = await h.open(context, link);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('button', { name: 'Join Ada Analytics' }).click();
    await page.waitForURL(`${h.loupeUrl}/organizations/${organization}`);
    await check(page, 'invitation-joined-organization-dark-desktop', DESKTOP.width);
    await context.close();
  });

  it('refuses a link without its token', async () => {
    const link = await inviteFromThePage('ugo@example.com', 'member');
    const id = (new URL(link).searchParams.get('invitationId') ?? '').split('.')[0] ?? '';
    const context = await h.browser.newContext({ viewport: DESKTOP });
    const page = await h.open(context, `${h.loupeUrl}/invitation?invitationId=${id}`);
    await page.getByRole('alert').filter({ hasText: 'This invitation link is not valid or has expired' }).waitFor();
    await check(page, 'invitation-invalid-light-desktop', DESKTOP.width);
    await context.close();
  });
});
