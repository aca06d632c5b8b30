// The breakdown cards as a reader sees them, in headless Chromium against a real Loupe server: a bar behind each
// row as long as its count against the largest, countries by name with their flag, device glyphs, browser and
// system marks (simple-icons, bundled), referrers' favicons through Loupe's own proxy (a loopback server stands for the referrers' sites) with a
// letter where a site has none, and the "Details" view over the whole list (search, sort, pages, a row filters);
// light and dark, desktop and 375 px, axe-checked, with no console error.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { seedEvents } from '../helpers/seed-events.js';
import { checkLooks, networkQuiet, screenshot, SCREENSHOT_DIR, seriousViolations, startDashboardHarness, type DashboardHarness } from './dashboard-harness.js';
import { DESKTOP, PHONE, postJson } from './people-harness.js';

let h: DashboardHarness;
let icons: Server;
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGNgYPj/HwADAgH/p+FUEQAAAABJRU5ErkJggg==', 'base64');
const PAGES = 30;

interface Seeded { site: string; storage: Awaited<ReturnType<BrowserContext['storageState']>> }
let seeded: Seeded | undefined;

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

beforeAll(async () => {
  icons = createServer((request, response) => {
    const host = (request.headers.host ?? '').replace(/:\d+$/, '');
    if (host === 'news.example' && request.url === '/favicon.ico') response.writeHead(200, { 'content-type': 'image/png' }).end(PNG);
    else response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => icons.listen(0, '127.0.0.1', resolve));
  const port = (icons.address() as AddressInfo).port;
  h = await startDashboardHarness({
    env: { FAVICON_ALLOW_PRIVATE_TARGETS: 'true' },
    favicons: { upstream: { protocol: 'http:', port }, resolveHost: async (host) => (host.endsWith('.example') ? [{ address: '127.0.0.1', family: 4 }] : []) },
  });
  console.log(`dashboard screenshots: ${SCREENSHOT_DIR}`);
  const context = await h.browser.newContext({ viewport: DESKTOP });
  await postJson(h, context.request, '/api/auth/sign-up/email', { name: 'Ada', email: 'ada@example.com', password: 'correct-horse-9' });
  const organization = await postJson<{ id: string }>(h, context.request, '/api/auth/organization/create', { name: 'Ada Co', slug: 'ada-co' });
  const site = await postJson<{ id: string; siteId: number }>(h, context.request, `/api/organizations/${organization.id}/sites`, { name: 'Ada home', domain: 'localhost' });
  // Session n views /p-0 .. /p-n (so /p-k is seen in PAGES - k sessions); countries, devices and referrers vary.
  // One insert for all of them (an insert costs the engine about 0.2 s of CPU whatever its size).
  await seedEvents(h.loupe, site.siteId, Array.from({ length: PAGES }, (_unused, session) => {
    const country = ['FR', 'FR', 'DE', 'JP'][session % 4];
    // Safari 17 and Firefox 17 share a version number: the versions tab keeps them apart.
    const device = session % 3 === 0 ? { device_type: 'Mobile', browser: 'Safari', browser_version: '17', operating_system: 'iOS', operating_system_version: '17.5' }
      : { device_type: 'Desktop', browser: 'Firefox', browser_version: session % 2 === 0 ? '127' : '17', operating_system: 'Linux' };
    const referrer = session % 2 === 0 ? 'https://news.example/story' : session % 5 === 0 ? 'https://blank.example/' : '';
    return Array.from({ length: session + 1 }, (_unused2, page) => ({
      at: minutesAgo(200 - page), session_id: 100 + session, user_id: `v${session}`, pathname: `/p-${page}`, country, referrer, ...device,
    }));
  }).flat());
  seeded = { site: site.id, storage: await context.storageState() };
  await context.close();
});
afterAll(async () => {
  await h?.close();
  await new Promise((resolve) => icons?.close(resolve));
});

async function openDashboard(context: BrowserContext): Promise<Page> {
  if (!seeded) throw new Error('no seeded site');
  const page = await h.open(context, `${h.loupeUrl}/sites/${seeded.site}?period=24h`);
  await page.getByTestId('card-pages').scrollIntoViewIfNeeded();
  await page.getByTestId('breakdown-pathname').waitFor();
  return page;
}

const rowsOf = async (page: Page, testId: string) => {
  await page.getByTestId(testId).locator('tbody tr').first().waitFor();
  return rowsIn(page, testId);
};
const rowsIn = (page: Page, testId: string) => page.getByTestId(testId).locator('tbody tr').evaluateAll((rows) => rows.map((row) => [
  row.querySelector('[data-value]')?.getAttribute('data-value'), Number(row.querySelector('[data-count]')?.getAttribute('data-count')),
  Number(row.querySelector('[data-bar]')?.getAttribute('data-bar')), row.querySelector('[data-value]')?.textContent, row.querySelector('[data-icon]')?.getAttribute('data-icon') ?? null,
]));

describe('breakdown cards', () => {
  // The pages, locations, devices and sources cards read on one loaded dashboard: each test opens the tabs of its
  // own cards only, so the tests do not depend on one another (a dashboard load costs seconds of the browser's and
  // the server's CPU: every card asks for its report).
  describe('on one loaded dashboard', () => {
    let context: BrowserContext;
    let page: Page;
    beforeAll(async () => {
      context = await h.browser.newContext({ viewport: DESKTOP, storageState: seeded?.storage });
      page = await openDashboard(context);
    });
    afterAll(async () => context?.close());

    it('draws a bar per row against the largest count, and shows the share of all sessions', async () => {
      await page.getByTestId('card-pages').scrollIntoViewIfNeeded();
      const rows = await rowsOf(page, 'breakdown-pathname');
      // /p-k is seen in 30 - k sessions: the top ten, bars against 30, no icon.
      expect(rows).toEqual(Array.from({ length: 10 }, (_unused, k) => [`/p-${k}`, PAGES - k, Math.round(((PAGES - k) / PAGES) * 1000) / 10, `/p-${k}`, null]));
      // The share is of all sessions (30): /p-0 was seen in every one.
      await page.getByTestId('breakdown-pathname').locator('[data-share="100"]').waitFor();
      const shares = await page.getByTestId('breakdown-pathname').locator('[data-share]').evaluateAll((cells) => cells.map((cell) => cell.textContent));
      expect(shares.slice(0, 3)).toEqual(['100%', '97%', '93%']);
      expect(await page.getByTestId('breakdown-pathname').locator('th').nth(2).getAttribute('title')).toBe('Share of all sessions');
      expect(h.consoleErrors.splice(0)).toEqual([]);
    });

    it('names countries with their flags, and shows device, browser and system icons', async () => {
      const locations = page.getByTestId('card-locations');
      await locations.scrollIntoViewIfNeeded();
      await locations.getByRole('button', { name: 'Countries' }).click();
      expect(await rowsOf(page, 'breakdown-country')).toEqual([['FR', 16, 100, 'France', 'flag'], ['DE', 7, 43.8, 'Germany', 'flag'], ['JP', 7, 43.8, 'Japan', 'flag']]);
      // Flags are pictures of this instance's build (flag-icons), drawn: Debian's Chromium has no emoji font.
      const flags = page.getByTestId('breakdown-country').locator('[data-icon="flag"]');
      expect(await flags.evaluateAll((images) => images.map((image) => image.getAttribute('data-flag')))).toEqual(['FR', 'DE', 'JP']);
      await expect.poll(() => flags.evaluateAll((images) => images.every((image) => { const picture = image as unknown as { complete: boolean; naturalWidth: number }; return picture.complete && picture.naturalWidth > 0; }))).toBe(true);
      expect(new URL(await flags.first().getAttribute('src') ?? '', h.loupeUrl).origin).toBe(h.loupeUrl);
      // No city database in this test: the regions are all unknown, and the card says what is needed.
      await locations.getByRole('button', { name: 'Regions' }).click();
      await page.getByTestId('breakdown-region').waitFor();
      expect(await page.getByTestId('city-database-needed').innerText()).toContain('GEOIP_CITY_DB');
      const devices = page.getByTestId('card-devices');
      await devices.scrollIntoViewIfNeeded();
      expect(await rowsOf(page, 'breakdown-browser')).toEqual([['Firefox', 20, 100, 'Firefox', 'brand'], ['Safari', 10, 50, 'Safari', 'brand']]);
      await devices.getByRole('button', { name: 'Device types' }).click();
      expect(await rowsOf(page, 'breakdown-device-type')).toEqual([['Desktop', 20, 100, 'Desktop', 'device-desktop'], ['Mobile', 10, 50, 'Mobile', 'device-mobile']]);
      await devices.getByRole('button', { name: 'OS', exact: true }).click();
      expect(await rowsOf(page, 'breakdown-operating-system')).toEqual([['Linux', 20, 100, 'Linux', 'brand'], ['iOS', 10, 50, 'iOS', 'brand']]);
      // The marks are simple-icons' paths, bundled (no request leaves the page for them).
      expect(await page.getByTestId('breakdown-operating-system').locator('[data-icon="brand"]').evaluateAll((marks) => marks.map((mark) => mark.getAttribute('data-brand')))).toEqual(['linux', 'ios']);
      expect(h.consoleErrors.splice(0)).toEqual([]);
    });

    it("shows a referrer's favicon through Loupe's proxy, and a letter where the site has none", async () => {
      const sources = page.getByTestId('card-sources');
      await sources.scrollIntoViewIfNeeded();
      await sources.getByRole('button', { name: 'Referrers' }).click();
      const table = page.getByTestId('breakdown-referrer');
      await table.locator('[data-value="blank.example"] >> xpath=..').locator('[data-icon="letter"]').waitFor();
      const favicon = table.locator('[data-value="news.example"] >> xpath=..').locator('img[data-icon="favicon"]');
      await page.waitForFunction((element) => element !== null && (element as { complete: boolean; naturalWidth: number }).complete && (element as { naturalWidth: number }).naturalWidth === 1, await favicon.elementHandle());
      expect(new URL(await favicon.getAttribute('src') ?? '', h.loupeUrl).pathname).toBe(`/api/sites/${seeded?.site ?? ''}/favicon`);
      expect(await table.locator('[data-value="blank.example"] >> xpath=..').locator('[data-icon="letter"]').textContent()).toBe('B');
      // The missing favicon is a 204, which the browser reports as no error.
      expect(h.consoleErrors.splice(0)).toEqual([]);
    });
  });

  it('opens the whole list in "Details": searched, sorted and paged, and a row there filters the dashboard', async () => {
    const context = await h.browser.newContext({ viewport: DESKTOP, storageState: seeded?.storage });
    const page = await openDashboard(context);
    await page.getByTestId('card-pages').getByRole('button', { name: 'Details of Pages, All' }).click();
    const dialog = page.getByRole('dialog', { name: 'Pages, All' });
    await dialog.getByTestId('details-table').waitFor();
    expect(await dialog.getByTestId('details-count').innerText()).toBe(`${PAGES} of ${PAGES} rows`);
    expect(await dialog.getByTestId('details-page').innerText()).toBe('Page 1 of 2');
    await dialog.getByRole('button', { name: 'Next' }).click();
    await dialog.getByTestId('details-page').filter({ hasText: 'Page 2 of 2' }).waitFor();
    expect(await rowsOf(page, 'details-table').then((rows) => rows.map((row) => row[0]))).toEqual(['/p-25', '/p-26', '/p-27', '/p-28', '/p-29']);
    await dialog.getByTestId('details-search').fill('p-2');
    await dialog.getByTestId('details-count').filter({ hasText: '11 of 30 rows' }).waitFor();
    await dialog.getByRole('button', { name: 'Name' }).click();
    expect(await rowsOf(page, 'details-table').then((rows) => rows.map((row) => row[0]))).toEqual(['/p-2', ...Array.from({ length: 10 }, (_unused, k) => `/p-2${k}`)]);
    await dialog.getByRole('button', { name: /^Name/ }).click();
    expect(await rowsOf(page, 'details-table').then((rows) => rows[0]?.[0])).toBe('/p-29');
    await screenshot(page, 'breakdown-details-light-desktop');
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: '/p-29' }).click();
    await page.waitForURL(/filters=/);
    expect(new URL(page.url()).searchParams.get('filters')).toBe(JSON.stringify([{ parameter: 'pathname', type: 'equals', value: ['/p-29'] }]));
    await dialog.waitFor({ state: 'hidden' });
    expect(h.consoleErrors.splice(0)).toEqual([]);
    await context.close();
  });

  it('says on an empty Errors page that error tracking is off, and only then', async () => {
    const context = await h.browser.newContext({ viewport: DESKTOP, storageState: seeded?.storage });
    const page = await h.open(context, `${h.loupeUrl}/sites/${seeded?.site ?? ''}/errors`);
    await page.getByTestId('errors-empty').filter({ hasText: 'Error tracking is off' }).waitFor();
    const turnedOn = await context.request.put(`${h.loupeUrl}/api/sites/${seeded?.site ?? ''}/config`, { data: { trackErrors: true }, headers: { origin: h.loupeUrl } });
    expect(turnedOn.status()).toBe(200);
    await page.reload();
    await page.getByTestId('errors-empty').filter({ hasText: 'No error was recorded in this period.' }).waitFor();
    expect(h.consoleErrors.splice(0)).toEqual([]);
    await context.close();
  });

  it.each([
    ['desktop'], ['phone'],
  ] as const)('names browser versions with their browser ("Safari 17"), keeping equal numbers of two browsers apart; a row filters by both (light and dark, %s)', async (width) => {
    const viewport = width === 'desktop' ? DESKTOP : PHONE;
    const context = await h.browser.newContext({ viewport, colorScheme: 'light', storageState: seeded?.storage });
    const page = await openDashboard(context);
    const card = page.getByTestId('card-devices');
    await card.scrollIntoViewIfNeeded();
    await card.getByRole('button', { name: 'Browser versions' }).click();
    // Sessions 0..29: Safari 17 every third (10); of the others (20), Firefox 127 on even numbers (10), Firefox 17 on odd (10).
    const rows = await rowsOf(page, 'breakdown-browser-version');
    expect(rows.map((row) => [row[3], row[1], row[4]])).toEqual([['Firefox 127', 10, 'brand'], ['Firefox 17', 10, 'brand'], ['Safari 17', 10, 'brand']]);
    await card.getByRole('button', { name: 'OS versions' }).click();
    const systems = await rowsOf(page, 'breakdown-operating-system-version');
    expect(systems.map((row) => [row[3], row[1]])).toEqual([['Linux (unknown version)', 20], ['iOS 17.5', 10]]);
    await card.getByRole('button', { name: 'Browser versions' }).click();
    await networkQuiet(page);
    await checkLooks(page, 'browser-versions', width, viewport.width);
    await page.getByTestId('breakdown-browser-version').getByRole('button', { name: /^Safari 17/ }).click();
    await page.waitForURL(/filters=/);
    expect(JSON.parse(new URL(page.url()).searchParams.get('filters') ?? '[]')).toEqual([
      { parameter: 'browser', type: 'equals', value: ['Safari'] }, { parameter: 'browser_version', type: 'equals', value: ['17'] },
    ]);
    expect(h.consoleErrors.splice(0)).toEqual([]);
    await context.close();
  });

  it.each([
    ['desktop'], ['phone'],
  ] as const)('has no serious accessibility violation or overflow, details open too (light and dark, %s)', async (width) => {
    const viewport = width === 'desktop' ? DESKTOP : PHONE;
    const context = await h.browser.newContext({ viewport, colorScheme: 'light', storageState: seeded?.storage });
    const page = await openDashboard(context);
    await page.getByTestId('card-sources').getByRole('button', { name: 'Referrers' }).click();
    for (const card of await page.locator('[data-testid^="card-"]').all()) await card.scrollIntoViewIfNeeded();
    await networkQuiet(page);
    await page.getByText('Loading…').first().waitFor({ state: 'detached' });
    await checkLooks(page, 'breakdowns', width, viewport.width);
    await page.getByTestId('card-locations').getByRole('button', { name: 'Countries' }).click();
    await page.getByTestId('card-locations').getByRole('button', { name: /^Details/ }).click();
    await page.getByRole('dialog').getByTestId('details-table').waitFor();
    await checkLooks(page, 'breakdown-details', width, viewport.width);
    expect(h.consoleErrors.splice(0)).toEqual([]);
    await context.close();
  });
});
