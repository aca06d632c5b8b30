// The site header in headless Chromium: the period picker's keyboard shortcuts (t, y, d, w, m, ..., x for the
// comparison; ignored while typing), the site's pages as one row of tabs that scrolls at 375 px instead of
// wrapping, the theme choice (system, light, dark) kept across a reload, and no React Router warning on a page
// whose code loads lazily; the realtime page's live map; the organization's sites added up; light and dark, desktop and 375 px, axe-checked.
// The tests share one signed-in page per width, each navigating it anew (a page opened costs Chromium twice what
// a navigation does); the theme test, which keeps a choice in the browser's storage, has a context of its own.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, ConsoleMessage, Page, Request } from 'playwright-core';
import { seedEvents } from '../helpers/seed-events.js';
import { checkLooks, networkQuiet, screenshot, SCREENSHOT_DIR, startDashboardHarness, type DashboardHarness } from './dashboard-harness.js';
import { DESKTOP, PHONE, postJson } from './people-harness.js';

let h: DashboardHarness;
let site = '';
let liveSite = '';
let organizationId = '';
let storage: Awaited<ReturnType<BrowserContext['storageState']>> | undefined;
/** The signed-in page of each width (light scheme), which every test but the theme's navigates. */
let desktop: Page;
let phone: Page;

beforeAll(async () => {
  h = await startDashboardHarness();
  console.log(`dashboard screenshots: ${SCREENSHOT_DIR}`);
  const context = await h.browser.newContext({ viewport: DESKTOP });
  await postJson(h, context.request, '/api/auth/sign-up/email', { name: 'Lin', email: 'lin@example.com', password: 'correct-horse-9' });
  const organization = await postJson<{ id: string }>(h, context.request, '/api/auth/organization/create', { name: 'Lin Co', slug: 'lin-co' });
  const created = await postJson<{ id: string; siteId: number }>(h, context.request, `/api/organizations/${organization.id}/sites`, { name: 'Lin home', domain: 'localhost' });
  await seedEvents(h.loupe, created.siteId, [{ at: new Date(Date.now() - 3_600_000).toISOString(), session_id: 1, pathname: '/' }]);
  site = created.id;
  // A second site with visitors right now: two sessions in Paris, one in Tokyo, one with no known place.
  const live = await postJson<{ id: string; siteId: number }>(h, context.request, `/api/organizations/${organization.id}/sites`, { name: 'Lin live', domain: 'live.localhost' });
  const now = (seconds: number) => new Date(Date.now() - seconds * 1000).toISOString();
  const paris = { lat: 48.8566, lon: 2.3522, city: 'Paris', country: 'FR' };
  await seedEvents(h.loupe, live.siteId, [
    { at: now(60), session_id: 1, pathname: '/', ...paris },
    { at: now(50), session_id: 2, pathname: '/', ...paris },
    { at: now(40), session_id: 3, pathname: '/', lat: 35.6895, lon: 139.6917, city: 'Tokyo', country: 'JP' },
    { at: now(30), session_id: 4, pathname: '/' },
  ]);
  liveSite = live.id;
  organizationId = organization.id;
  storage = await context.storageState();
  await context.close();
  desktop = await h.open(await h.browser.newContext({ viewport: DESKTOP, colorScheme: 'light', storageState: storage }), 'about:blank');
  phone = await h.open(await h.browser.newContext({ viewport: PHONE, colorScheme: 'light', storageState: storage }), 'about:blank');
});
afterAll(async () => h?.close());

const param = (page: Page, name: string) => new URL(page.url()).searchParams.get(name);

/** The shared page of `width`, navigated to `path` of the dashboard. */
async function visit(width: 'desktop' | 'phone', path: string): Promise<Page> {
  const page = width === 'desktop' ? desktop : phone;
  await page.goto(`${h.loupeUrl}${path}`);
  return page;
}

describe('site header', () => {
  it('changes the period with t, y, d, w, m, a and the comparison with x, but not while typing in a field', async () => {
    const page = await visit('desktop', `/sites/${site}?period=24h`);
    await page.getByTestId('overview-users').filter({ hasText: '1' }).waitFor();
    for (const [key, period] of [['t', 'today'], ['y', 'yesterday'], ['w', '7d'], ['m', '30d'], ['a', 'all'], ['d', '24h']] as const) {
      await page.keyboard.press(key);
      await page.waitForURL((url) => url.searchParams.get('period') === period || (period === '7d' && !url.searchParams.has('period')));
      await expect.poll(() => page.getByTestId('period').inputValue()).toBe(period);
    }
    await page.keyboard.press('x');
    await page.waitForURL((url) => url.searchParams.get('compare') === 'off');
    await expect.poll(() => page.getByLabel(/Compare with the previous period/).isChecked()).toBe(false);
    await page.keyboard.press('x');
    await page.waitForURL((url) => !url.searchParams.has('compare'));
    await page.getByRole('button', { name: 'Add filter' }).click();
    await page.getByLabel('Value').fill('tw');
    expect(await page.getByLabel('Value').inputValue()).toBe('tw');
    expect(param(page, 'period')).toBe('24h');
    expect(await page.getByTestId('period').getAttribute('aria-keyshortcuts')).toBe('T Y D W M N L R A');
    expect(h.consoleErrors.splice(0)).toEqual([]);
  });

  it.each([
    ['desktop'], ['phone'],
  ] as const)('holds the heading, the page tabs and one row of view controls: period picker, filter bar and segment menu (light and dark, %s)', async (width) => {
    const viewport = width === 'desktop' ? DESKTOP : PHONE;
    const page = await visit(width, `/sites/${site}?period=24h`);
    await page.getByTestId('overview-users').filter({ hasText: '1' }).waitFor();
    const header = page.getByTestId('site-header');
    await header.getByRole('heading', { level: 1, name: 'Lin home' }).waitFor();
    await header.getByRole('navigation', { name: 'Site pages' }).waitFor();
    const controls = header.getByTestId('view-controls');
    await controls.getByTestId('period').waitFor();
    await controls.getByRole('button', { name: 'Add filter' }).waitFor();
    expect(await controls.getByLabel(/Compare with the previous period/).count()).toBe(1);
    // The header comes before the figures: nothing of the view's controls is left below it.
    const headerBottom = await header.evaluate((element) => element.getBoundingClientRect().bottom);
    const cardsTop = await page.getByTestId('overview-users').evaluate((element) => element.getBoundingClientRect().top);
    expect(headerBottom).toBeLessThanOrEqual(cardsTop);
    if (viewport.width > 1000) {
      // On a wide screen the period picker and the filter bar share one row.
      const [pickerTop, filterTop] = await Promise.all([
        controls.getByTestId('period').evaluate((element) => element.getBoundingClientRect().top),
        controls.getByRole('button', { name: 'Add filter' }).evaluate((element) => element.getBoundingClientRect().top),
      ]);
      expect(Math.abs(pickerTop - filterTop)).toBeLessThan(40);
    }
    await networkQuiet(page);
    await checkLooks(page, 'site-header', width, viewport.width);
    expect(h.consoleErrors.splice(0)).toEqual([]);
  });

  it("lays the site's pages out as one row of tabs that scrolls at 375 px, the current one in view", async () => {
    const page = await visit('phone', `/sites/${site}/bots`);
    const nav = page.getByTestId('site-nav');
    await nav.getByRole('link', { name: 'Bots' }).waitFor();
    const box = await nav.boundingBox();
    // One line of tabs (about 40 px), where wrapped links took four lines.
    expect((box?.height ?? 0) < 60).toBe(true);
    expect(await nav.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true);
    const current = await nav.locator('[aria-current="page"]').boundingBox();
    expect([await nav.locator('[aria-current="page"]').innerText(), (current?.x ?? -1) >= 0 && (current?.x ?? 999) + (current?.width ?? 0) <= PHONE.width]).toEqual(['Bots', true]);
    expect(await page.evaluate('document.documentElement.scrollWidth')).toBe(PHONE.width);
    expect(h.consoleErrors.splice(0)).toEqual([]);
  });

  it('switches the theme (system, light, dark), keeps the choice across a reload, and follows the system on "System"', async () => {
    const context = await h.browser.newContext({ viewport: DESKTOP, colorScheme: 'light', storageState: storage });
    const page = await h.open(context, `${h.loupeUrl}/sites/${site}`);
    const theme = () => page.evaluate('document.documentElement.dataset.theme');
    const background = () => page.evaluate('getComputedStyle(document.body).backgroundColor');
    await page.getByTestId('theme').waitFor();
    expect([await page.getByTestId('theme').inputValue(), await theme()]).toEqual(['system', 'light']);
    const light = await background();
    await page.getByTestId('theme').selectOption('dark');
    expect(await theme()).toBe('dark');
    expect(await background()).not.toBe(light);
    await page.reload();
    await page.getByTestId('theme').waitFor();
    expect([await page.getByTestId('theme').inputValue(), await theme()]).toEqual(['dark', 'dark']);
    await screenshot(page, 'header-theme-dark-chosen');
    await page.getByTestId('theme').selectOption('system');
    expect(await theme()).toBe('light');
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.waitForFunction('document.documentElement.dataset.theme === "dark"');
    expect(h.consoleErrors.splice(0)).toEqual([]);
    await context.close();
  });

  it('opens a lazily loaded page with no React Router warning', async () => {
    const warnings: string[] = [];
    const listen = (message: ConsoleMessage): void => { if (message.type() === 'warning' || message.type() === 'error') warnings.push(message.text()); };
    desktop.on('console', listen);
    try {
      const page = await visit('desktop', `/sites/${site}/goals`);
      await page.getByRole('heading', { level: 1 }).waitFor();
      await networkQuiet(page);
    } finally {
      desktop.off('console', listen);
    }
    expect(warnings.filter((text) => /HydrateFallback|React Router/i.test(text))).toEqual([]);
    expect(h.consoleErrors.splice(0)).toEqual([]);
  });

  it('draws the live visitors on the realtime map, a dot per place sized by its sessions, and lists the places', async () => {
    const page = await visit('desktop', `/sites/${liveSite}/realtime`);
    const map = page.locator('[data-testid="live-map"][data-dots="2"]');
    await map.waitFor();
    const locations = await (await page.request.get(`${h.loupeUrl}/api/sites/${liveSite}/sessions/locations?past_minutes_start=5&past_minutes_end=0`)).json() as { data: Array<{ city: string; count: number }> };
    expect(locations.data.map((place) => [place.city, place.count])).toEqual([['Paris', 2], ['', 1], ['Tokyo', 1]]);
    const dots = await map.locator('circle').evaluateAll((circles) => circles.map((circle) => [circle.getAttribute('data-place'), Number(circle.getAttribute('data-count')), Number(circle.getAttribute('cx')), Number(circle.getAttribute('r'))]));
    // Paris near x = (2.35 + 180) / 360 * 800 = 405.2, Tokyo near 710.4; the larger place gets the larger dot.
    expect(dots).toEqual([['Paris, France', 2, 405.2, 10], ['Tokyo, Japan', 1, 710.4, 7.9]]);
    expect(await page.getByTestId('live-places').innerText()).toBe('Paris, France: 2\nTokyo, Japan: 1\nPlace unknown: 1');
    // The live feed names countries too.
    await page.getByTestId('feed-event').filter({ hasText: 'Japan' }).waitFor();
    expect(await page.getByTestId('feed-event').filter({ hasText: 'France' }).count()).toBe(2);
    expect(h.consoleErrors.splice(0)).toEqual([]);
  });

  it("adds up the organization's sites on the sites page, beside each site's own figures and trend", async () => {
    const requests: string[] = [];
    const count = (request: Request): void => { if (request.url().includes('/overview')) requests.push(new URL(request.url()).pathname); };
    // Nothing of the page's previous document is left to ask for anything.
    await desktop.goto('about:blank');
    desktop.on('request', count);
    const page = await visit('desktop', `/sites?org=${organizationId}`);
    const totals = page.getByTestId('organization-totals');
    await totals.getByTestId('total-users').filter({ hasText: /^\d/ }).waitFor();
    const overview = async (id: string) => (await (await page.request.get(`${h.loupeUrl}/api/sites/${id}/overview?past_minutes_start=1440&past_minutes_end=0`)).json() as { data: Record<string, number> }).data;
    const [first, second] = [await overview(site), await overview(liveSite)];
    for (const key of ['users', 'sessions', 'pageviews']) {
      expect([key, await totals.getByTestId(`total-${key}`).innerText()]).toEqual([key, String((first?.[key] ?? 0) + (second?.[key] ?? 0))]);
    }
    expect(await totals.getByRole('heading').innerText()).toBe('All 2 sites, last 24 hours');
    // The totals read the rows' answers: one overview and one series per site, no more.
    await networkQuiet(page);
    desktop.off('request', count);
    expect(requests.sort()).toEqual([`/api/sites/${liveSite}/overview`, `/api/sites/${liveSite}/overview/time-series`, `/api/sites/${site}/overview`, `/api/sites/${site}/overview/time-series`].sort());
    expect(h.consoleErrors.splice(0)).toEqual([]);
  });

  it.each([
    ['desktop'], ['phone'],
  ] as const)('has no serious accessibility violation or overflow (light and dark, %s)', async (width) => {
    const viewport = width === 'desktop' ? DESKTOP : PHONE;
    const page = await visit(width, `/sites/${site}/performance`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await networkQuiet(page);
    await checkLooks(page, 'header', width, viewport.width);
    const sites = await visit(width, `/sites?org=${organizationId}`);
    await sites.getByTestId('total-users').filter({ hasText: /^\d/ }).waitFor();
    await checkLooks(sites, 'sites-totals', width, viewport.width);
    const realtime = await visit(width, `/sites/${liveSite}/realtime`);
    await realtime.locator('[data-testid="live-map"][data-dots="2"]').waitFor();
    await networkQuiet(realtime);
    await checkLooks(realtime, 'realtime-live-map', width, viewport.width);
    expect(h.consoleErrors.splice(0)).toEqual([]);
  });
});
