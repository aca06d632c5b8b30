// A new user's first run in headless Chromium against a real Loupe server: sign up, create the organization and
// the site, paste the copied tag into a page on another origin, see the first event arrive, find the visitor on
// the sites page, in realtime and on the dashboard, filter by the visitor's country, open the shared URL in a
// fresh context, make the site public and open it signed out; then every page in light and dark, desktop and
// 375 px, checked by axe-core.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { checkPages, SCREENSHOT_DIR, startDashboardHarness, type DashboardHarness } from './dashboard-harness.js';

let h: DashboardHarness;
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 375, height: 740 };
const LAST_24_HOURS = 'past_minutes_start=1440&past_minutes_end=0';
const VISITOR_IP = '81.2.69.142';

beforeAll(async () => {
  // Behind a proxy, so the test page's visit can come from a public address (81.2.69.142, in GB).
  h = await startDashboardHarness({ env: { TRUST_PROXY: 'true' } });
  console.log(`dashboard screenshots: ${SCREENSHOT_DIR}`);
});
afterAll(async () => h?.close());

const text = (page: Page, testId: string) => page.getByTestId(testId).innerText();

/** Which pages were visited signed in, for the theme and width variants. */
interface Visited { site: string; organization: string; storage: Awaited<ReturnType<BrowserContext['storageState']>> }
let visited: Visited | undefined;

describe('dashboard first run', () => {
  it('signs up, creates the organization and site, and sees the first event arrive from the copied tag', async () => {
    const context = await h.browser.newContext({ viewport: DESKTOP, colorScheme: 'light' });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: h.loupeUrl });
    const page = await h.open(context, `${h.loupeUrl}/`);
    // A fresh instance has nobody to sign in: it opens on creating the first account.
    await page.waitForURL(`${h.loupeUrl}/sign-up?first=1`);
    await page.getByRole('heading', { name: 'Create the first account' }).waitFor();
    await page.getByLabel('Name').fill('Ada');
    await page.getByLabel('Email').fill('ada@example.com');
    await page.getByLabel('Password').fill('correct-horse-9');
    await page.getByRole('button', { name: 'Create the account' }).click();

    await page.waitForURL(`${h.loupeUrl}/setup`);
    await page.getByLabel('Organization name').fill('Ada Analytics');
    await page.getByLabel('Domain').fill('localhost');
    await page.getByLabel('Site name').fill('Ada home');
    // Headless Chromium announces itself as automated: this site keeps such visits.
    await page.getByLabel('Filter out bots').uncheck();
    await page.getByRole('button', { name: 'Create' }).click();

    await page.waitForURL(/\/sites\/[0-9a-f]{12}\/install$/);
    const site = /\/sites\/([0-9a-f]{12})\/install$/.exec(page.url())?.[1] ?? '';
    expect(await text(page, 'first-event-state')).toBe('Waiting for the first event…');
    const tag = await text(page, 'script-tag');
    expect(tag).toBe(`<script defer src="${h.loupeUrl}/api/script.js" data-site-id="${site}"></script>`);
    await page.getByRole('button', { name: 'Copy the tag' }).click();
    await page.getByText('Copied', { exact: true }).waitFor();
    expect(await page.evaluate('navigator.clipboard.readText()')).toBe(tag);

    h.page('/landing', `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Landing</title>${tag}</head><body><h1>Landing</h1></body></html>`);
    const visitor = await h.browser.newPage();
    await visitor.route(`${h.loupeUrl}/api/**`, (route) => route.continue({ headers: { ...route.request().headers(), 'x-forwarded-for': VISITOR_IP } }));
    await visitor.goto(`${h.pagesUrl}/landing`);
    await page.getByText('Live: the first event has arrived.').waitFor({ timeout: 20_000 });
    await visitor.close();

    await page.goto(`${h.loupeUrl}/`);
    await page.waitForURL(/\/sites\?org=/);
    const organization = new URL(page.url()).searchParams.get('org') ?? '';
    await page.getByRole('link', { name: 'Ada home' }).waitFor();
    await page.getByTestId('visitors-24h').filter({ hasText: /^\d+$/ }).waitFor();
    const overview = await (await page.request.get(`${h.loupeUrl}/api/sites/${site}/overview?${LAST_24_HOURS}`)).json() as { data: { users: number; sessions: number; pageviews: number } };
    expect(overview.data).toMatchObject({ users: 1, sessions: 1, pageviews: 1 });
    expect(await text(page, 'visitors-24h')).toBe(String(overview.data.users));
    const sites = await (await page.request.get(`${h.loupeUrl}/api/organizations/${organization}/sites`)).json() as { sites: Array<{ id: string; sessionsLast24Hours: number }> };
    expect(sites.sites.map((s) => [s.id, s.sessionsLast24Hours])).toEqual([[site, 1]]);

    await page.getByRole('link', { name: 'Ada home' }).click();
    await page.waitForURL(`${h.loupeUrl}/sites/${site}`);
    await page.getByTestId('overview-users').filter({ hasText: /^\d+$/ }).waitFor();
    expect(await text(page, 'overview-pageviews')).toBe(String(overview.data.pageviews));
    expect(await text(page, 'overview-sessions')).toBe(String(overview.data.sessions));

    visited = { site, organization, storage: await context.storageState() };
    expect(h.consoleErrors.splice(0)).toEqual([]);
    await context.close();
  });

  it('sees the visit in realtime and on the dashboard, filters by its country, shares the view, and opens it signed out once public', async () => {
    if (!visited) throw new Error('the first-run test did not finish');
    const { site } = visited;
    const context = await h.browser.newContext({ viewport: DESKTOP, storageState: visited.storage });
    const realtime = await h.open(context, `${h.loupeUrl}/sites/${site}/realtime`);
    await realtime.getByTestId('feed-event-path').filter({ hasText: '/landing' }).waitFor();
    const feed = await (await realtime.request.get(`${h.loupeUrl}/api/sites/${site}/events?${LAST_24_HOURS}`)).json() as { data: Array<{ pathname: string; country: string }> };
    expect(feed.data.map((event) => [event.pathname, event.country])).toEqual([['/landing', 'GB']]);
    expect(await realtime.getByTestId('feed-event-path').allInnerTexts()).toEqual(['/landing']);

    const page = await h.open(context, `${h.loupeUrl}/sites/${site}?period=24h`);
    const timeZone = await page.evaluate('Intl.DateTimeFormat().resolvedOptions().timeZone') as string;
    const report = async (path: string, params: Record<string, string>) =>
      (await page.request.get(`${h.loupeUrl}/api/sites/${site}${path}?${new URLSearchParams({ ...params, past_minutes_start: '1440', past_minutes_end: '0', time_zone: timeZone })}`)).json();
    const overview = await report('/overview', {}) as { data: { users: number; pageviews: number } };
    await page.getByTestId('overview-users').filter({ hasText: String(overview.data.users) }).waitFor();
    expect(await text(page, 'overview-pageviews')).toBe(String(overview.data.pageviews));
    const countries = await report('/metric', { parameter: 'country', limit: '10' }) as { data: { data: Array<{ value: string; count: number }> } };
    expect(countries.data.data.map((row) => [row.value, row.count])).toEqual([['GB', 1]]);
    const locations = page.getByTestId('card-locations');
    await locations.scrollIntoViewIfNeeded();
    await locations.getByRole('button', { name: 'Countries' }).click();
    await page.getByTestId('breakdown-country').getByRole('button', { name: 'United Kingdom' }).click();
    await page.waitForURL(/filters=/);
    const filters = JSON.stringify([{ parameter: 'country', type: 'equals', value: ['GB'] }]);
    expect(new URL(page.url()).searchParams.get('filters')).toBe(filters);
    expect(await text(page, 'filter-chips')).toContain('Country is United Kingdom');
    const filtered = await report('/overview', { filters }) as { data: { users: number } };
    expect(filtered.data.users).toBe(1);
    await page.getByTestId('overview-users').filter({ hasText: '1' }).waitFor();
    const sharedUrl = page.url();

    // The shared URL in a fresh context (the same account on another device) shows the same filtered view.
    const fresh = await h.browser.newContext({ viewport: DESKTOP, storageState: visited.storage });
    const again = await h.open(fresh, sharedUrl);
    expect(await text(again, 'filter-chips')).toContain('Country is United Kingdom');
    await again.getByTestId('overview-users').filter({ hasText: String(filtered.data.users) }).waitFor();
    await fresh.close();

    const settings = await h.open(context, `${h.loupeUrl}/sites/${site}/settings`);
    await settings.getByLabel('Public dashboard').check();
    await settings.getByRole('button', { name: 'Save general settings' }).click();
    await settings.getByRole('status').filter({ hasText: 'Saved' }).waitFor();
    await context.close();

    // Signed out, the public site's shared URL opens read-only with the same filtered view.
    const stranger = await h.browser.newContext({ viewport: DESKTOP });
    const publicView = await h.open(stranger, sharedUrl);
    await publicView.getByRole('link', { name: 'Sign in' }).waitFor();
    expect(await text(publicView, 'filter-chips')).toContain('Country is United Kingdom');
    await publicView.getByTestId('overview-users').filter({ hasText: String(filtered.data.users) }).waitFor();
    expect(await publicView.getByRole('button', { name: 'Sign out' }).count()).toBe(0);
    expect(h.consoleErrors.splice(0)).toEqual([]);
    await stranger.close();
  });

  it('reaches the skip link first by keyboard, and signs out', async () => {
    if (!visited) throw new Error('the first-run test did not finish');
    const context = await h.browser.newContext({ viewport: DESKTOP, storageState: visited.storage });
    const page = await h.open(context, `${h.loupeUrl}/sites?org=${visited.organization}`);
    await page.getByRole('link', { name: 'Ada home' }).waitFor();
    await page.keyboard.press('Tab');
    expect(await page.evaluate('document.activeElement.textContent')).toBe('Skip to content');
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL(`${h.loupeUrl}/sign-in`);
    const session = await (await page.request.get(`${h.loupeUrl}/api/auth/get-session`)).text();
    expect(session).toBe('null');
    expect(h.consoleErrors.splice(0)).toEqual([]);
    await context.close();
  });

  it.each([
    ['desktop'], ['phone'],
  ] as const)('shows every page without serious accessibility violations or overflow (light and dark, %s)', async (width) => {
    if (!visited) throw new Error('the first-run test did not finish');
    const viewport = width === 'desktop' ? DESKTOP : PHONE;
    const signedOut = await h.browser.newContext({ viewport, colorScheme: 'light' });
    // A fresh sign-in: the first-run session was ended by the sign-out test.
    const signIn = await h.open(signedOut, `${h.loupeUrl}/sign-in`);
    const pages: Array<[string, string, BrowserContext]> = [['sign-in', '/sign-in', signedOut], ['sign-up', '/sign-up', signedOut]];
    const signedIn = await h.browser.newContext({ viewport, colorScheme: 'light' });
    const login = await signedIn.request.post(`${h.loupeUrl}/api/auth/sign-in/email`, { data: { email: 'ada@example.com', password: 'correct-horse-9' }, headers: { origin: h.loupeUrl } });
    expect(login.status()).toBe(200);
    pages.push(['setup', '/setup', signedIn], ['install', `/sites/${visited.site}/install`, signedIn], ['sites', `/sites?org=${visited.organization}`, signedIn], ['site', `/sites/${visited.site}`, signedIn]);
    await signIn.close();
    await checkPages(h, pages, width, viewport.width);
    expect(h.consoleErrors.splice(0)).toEqual([]);
    await signedOut.close();
    await signedIn.close();
  });
});
