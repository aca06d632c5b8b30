// The site dashboard in headless Chromium against a real Loupe server: seeded events, cards and a breakdown equal
// to the API's JSON, a country click filtering the page, the shared URL in a fresh signed-in context showing the
// same view; light and dark, desktop and 375 px, checked by axe-core, with no console error.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { APIRequestContext, BrowserContext, Page } from 'playwright-core';
import { seedEvents } from '../helpers/seed-events.js';
import { checkLooks, networkQuiet, downloadCsv, SCREENSHOT_DIR, startDashboardHarness, type DashboardHarness } from './dashboard-harness.js';

let h: DashboardHarness;
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 375, height: 740 };
const FIGURES = ['users', 'sessions', 'pageviews', 'pages_per_session', 'bounce_rate', 'session_duration'] as const;

interface Seeded { site: string; storage: Awaited<ReturnType<BrowserContext['storageState']>> }
let seeded: Seeded | undefined;

async function postJson<T>(request: APIRequestContext, path: string, data: unknown): Promise<T> {
  const response = await request.post(`${h.loupeUrl}${path}`, { data, headers: { origin: h.loupeUrl } });
  if (response.status() !== 200) throw new Error(`${path}: ${response.status()} ${await response.text()}`);
  return response.json() as Promise<T>;
}

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

beforeAll(async () => {
  h = await startDashboardHarness();
  console.log(`dashboard screenshots: ${SCREENSHOT_DIR}`);
  const context = await h.browser.newContext({ viewport: DESKTOP });
  await postJson(context.request, '/api/auth/sign-up/email', { name: 'Grace', email: 'grace@example.com', password: 'correct-horse-9' });
  const organization = await postJson<{ id: string }>(context.request, '/api/auth/organization/create', { name: 'Grace Co', slug: 'grace-co' });
  const site = await postJson<{ id: string; siteId: number }>(context.request, `/api/organizations/${organization.id}/sites`, { name: 'Grace home', domain: 'localhost' });
  await seedEvents(h.loupe, site.siteId, [
    { at: minutesAgo(300), session_id: 11, user_id: 'v1', country: 'FR', pathname: '/', browser: 'Firefox' },
    { at: minutesAgo(299), session_id: 11, user_id: 'v1', country: 'FR', pathname: '/pricing', browser: 'Firefox' },
    { at: minutesAgo(200), session_id: 22, user_id: 'v2', country: 'FR', pathname: '/', browser: 'Chrome' },
    { at: minutesAgo(120), session_id: 33, user_id: 'v3', country: 'DE', pathname: '/docs', browser: 'Chrome' },
    { at: minutesAgo(1500), session_id: 10, user_id: 'v0', country: 'DE', pathname: '/', browser: 'Chrome' },
  ]);
  seeded = { site: site.id, storage: await context.storageState() };
  await context.close();
});
afterAll(async () => h?.close());

const text = (page: Page, testId: string) => page.getByTestId(testId).innerText();

async function apiJson<T>(page: Page, path: string, params: Record<string, string>): Promise<T> {
  const response = await page.request.get(`${h.loupeUrl}/api/sites/${seeded?.site ?? ''}${path}?${new URLSearchParams(params).toString()}`);
  expect(response.status()).toBe(200);
  return response.json() as Promise<T>;
}

async function expectCardsEqualApi(page: Page, params: Record<string, string>, previous: Record<string, string>) {
  const overview = await apiJson<{ data: Record<string, number> }>(page, '/overview', params);
  const before = await apiJson<{ data: Record<string, number> }>(page, '/overview', previous);
  await page.getByTestId('overview-users').filter({ hasText: String(overview.data.users) }).waitFor();
  await page.getByTestId('previous-users').waitFor();
  for (const figure of FIGURES) {
    expect([figure, await page.getByTestId(`overview-${figure}`).getAttribute('data-value')]).toEqual([figure, String(overview.data[figure])]);
    expect([figure, await page.getByTestId(`previous-${figure}`).getAttribute('data-previous')]).toEqual([figure, String(before.data[figure])]);
  }
  return overview.data;
}

async function tableRows(page: Page, testId: string): Promise<Array<[string, number]>> {
  const table = page.getByTestId(testId);
  await table.waitFor();
  const values = await table.locator('[data-value]').evaluateAll((cells) => cells.map((cell) => cell.getAttribute('data-value') ?? ''));
  const counts = await table.locator('[data-count]').evaluateAll((cells) => cells.map((cell) => Number(cell.getAttribute('data-count'))));
  return values.map((value, index) => [value, counts[index] ?? -1]);
}

describe('site dashboard', () => {
  it('shows the API numbers, filters by a clicked country, and a fresh context opens the same filtered view', async () => {
    if (!seeded) throw new Error('no seeded site');
    const context = await h.browser.newContext({ viewport: DESKTOP, storageState: seeded.storage });
    const page = await h.open(context, `${h.loupeUrl}/sites/${seeded.site}?period=24h`);
    const timeZone = await page.evaluate('Intl.DateTimeFormat().resolvedOptions().timeZone') as string;
    const window = { past_minutes_start: '1440', past_minutes_end: '0', time_zone: timeZone };
    const previous = { past_minutes_start: '2880', past_minutes_end: '1440', time_zone: timeZone };
    const all = await expectCardsEqualApi(page, window, previous);
    expect(all).toMatchObject({ users: 3, sessions: 3, pageviews: 4 });
    expect(await text(page, 'live-visitors')).toBe(String((await apiJson<{ count: number }>(page, '/live-user-count', {})).count));
    await page.getByTestId('time-series').waitFor();
    // The comparison: the previous period's series drawn beside this one, and each card's change as arrow, % and colour.
    const previousSeries = await apiJson<{ data: unknown[] }>(page, '/overview/time-series', { ...previous, bucket: 'hour' });
    await page.locator(`[data-testid="time-series"][data-previous-points="${previousSeries.data.length}"]`).waitFor();
    expect(await text(page, 'chart-legend')).toBe('This period\nPrevious period');
    const change = async (figure: string) => {
      const delta = page.getByTestId(`previous-${figure}`).locator('[data-change]');
      return [await delta.getAttribute('data-change'), (await delta.innerText()).replace(/\s+/g, ' '), (await delta.getAttribute('class'))?.includes('emerald') ? 'good' : 'bad'];
    };
    expect(await change('users')).toEqual(['200', '▲ +200% from 1', 'good']);
    // A lower bounce rate is the good news: down and green.
    expect(await change('bounce_rate')).toEqual(['-33.3', '▼ -33.3% from 100%', 'good']);
    expect(await text(page, 'overview-bounce_rate')).toBe('66.7%');
    expect(await text(page, 'overview-session_duration')).toMatch(/^\d+s$|^\d+m \d{2}s$/);

    type MetricRow = { value: string; count: number; percentage: number; sessions: number; pageviews: number; pageviews_percentage: number; bounce_rate: number; avg_session_duration?: number };
    const countries = await apiJson<{ data: { data: MetricRow[] } }>(page, '/metric', { ...window, parameter: 'country', limit: '10' });
    const locations = page.getByTestId('card-locations');
    await locations.scrollIntoViewIfNeeded();
    // The map (its chunk asked while the answer was awaited) shades the countries with sessions.
    await locations.locator('svg [data-country]').first().waitFor();
    expect((await locations.locator('svg [data-country]').evaluateAll((shapes) => shapes.map((shape) => shape.getAttribute('data-country')))).sort()).toEqual(['DE', 'FR']);
    await locations.getByRole('button', { name: 'Countries' }).click();
    expect(await tableRows(page, 'breakdown-country')).toEqual(countries.data.data.map((row) => [row.value, row.count]));
    expect(countries.data.data.map((row) => [row.value, row.count])).toEqual([['FR', 2], ['DE', 1]]);

    // The table's CSV holds every field of the API's rows, named after the card, the tab and the period.
    const csv = await downloadCsv(page, locations.getByRole('button', { name: 'Download CSV: Locations, Countries' }));
    expect(csv.fileName).toBe('locations-countries-last-24-hours.csv');
    expect(csv.bom).toBe(true);
    expect(csv.rows).toEqual([
      ['Location', 'Sessions', 'Sessions (%)', 'Pageviews', 'Pageviews (%)', 'Bounce rate (%)', 'Mean session duration (s)'],
      ...countries.data.data.map((row) => [row.value, row.count, row.percentage, row.pageviews, row.pageviews_percentage, row.bounce_rate, row.avg_session_duration].map(String)),
    ]);
    expect(csv.rows.slice(1).map((cells) => cells.slice(0, 4))).toEqual([['FR', '2', '66.67', '3'], ['DE', '1', '33.33', '1']]);
    const pages = await apiJson<{ data: { data: MetricRow[] } }>(page, '/metric', { ...window, parameter: 'pathname', limit: '10' });
    const pagesCsv = await downloadCsv(page, page.getByTestId('card-pages').getByRole('button', { name: 'Download CSV: Pages, All' }));
    expect(pagesCsv.fileName).toBe('pages-all-last-24-hours.csv');
    expect(pagesCsv.rows).toEqual([
      ['Page', 'Sessions', 'Sessions (%)', 'Pageviews', 'Pageviews (%)', 'Bounce rate (%)'],
      ...pages.data.data.map((row) => [row.value, row.count, row.percentage, row.pageviews, row.pageviews_percentage, row.bounce_rate].map(String)),
    ]);
    expect(pages.data.data.every((row) => row.avg_session_duration === undefined)).toBe(true);

    await page.getByTestId('breakdown-country').getByRole('button', { name: 'France' }).click();
    await page.waitForURL(/filters=/);
    const filters = JSON.stringify([{ parameter: 'country', type: 'equals', value: ['FR'] }]);
    expect(new URL(page.url()).searchParams.get('filters')).toBe(filters);
    expect(await text(page, 'filter-chips')).toContain('Country is France');
    const filtered = await expectCardsEqualApi(page, { ...window, filters }, { ...previous, filters });
    expect(filtered).toMatchObject({ users: 2, sessions: 2, pageviews: 3 });
    const sharedUrl = page.url();
    expect(h.consoleErrors.splice(0)).toEqual([]);
    await context.close();

    const fresh = await h.browser.newContext({ viewport: DESKTOP, storageState: seeded.storage });
    const again = await h.open(fresh, sharedUrl);
    await expectCardsEqualApi(again, { ...window, filters }, { ...previous, filters });
    expect(await text(again, 'filter-chips')).toContain('Country is France');
    await again.getByTestId('card-locations').scrollIntoViewIfNeeded();
    await again.getByTestId('card-locations').getByRole('button', { name: 'Countries' }).click();
    expect(await tableRows(again, 'breakdown-country')).toEqual([['FR', 2]]);
    await again.getByRole('button', { name: 'Remove filter Country is France' }).click();
    await again.getByTestId('overview-users').filter({ hasText: String(all.users) }).waitFor();
    expect(new URL(again.url()).searchParams.get('filters')).toBeNull();
    expect(h.consoleErrors.splice(0)).toEqual([]);
    await fresh.close();
  });

  it('asks for the cards, chart and every card\'s first breakdown on first render; the outbound links when scrolled to', async () => {
    if (!seeded) throw new Error('no seeded site');
    const context = await h.browser.newContext({ viewport: DESKTOP, storageState: seeded.storage });
    // The first questions leave from a classic script named before the bundle (decision 0042); the page takes their
    // answers over, so each is asked once below.
    const html = await (await context.request.get(`${h.loupeUrl}/sites/${seeded.site}`)).text();
    expect(/<script[^>]*>/.exec(html)?.[0]).toMatch(/^<script src="\/assets\/early-questions-[\w-]+\.js">$/);
    const asked: string[] = [];
    context.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith('/api/')) asked.push(`${url.pathname.replace(seeded?.site ?? '', ':site')}${url.searchParams.has('parameter') ? `?parameter=${url.searchParams.get('parameter') ?? ''}` : ''}`);
    });
    const page = await h.open(context, `${h.loupeUrl}/sites/${seeded.site}?period=24h`);
    await page.getByTestId('time-series').waitFor();
    await page.getByTestId('breakdown-pathname').waitFor();
    await networkQuiet(page);
    // Every card's first breakdown is one GET /breakdowns, asked with the first questions (decisions 0045, 0054).
    expect(asked.sort()).toEqual([
      '/api/auth/get-session', '/api/sites/:site', '/api/sites/:site/annotations', '/api/sites/:site/breakdowns', '/api/sites/:site/engagement',
      '/api/sites/:site/live-user-count',
      '/api/sites/:site/overview', '/api/sites/:site/overview', '/api/sites/:site/overview/time-series', '/api/sites/:site/overview/time-series',
      // The reader's role in the site's organization: a viewer's pages show no editing controls.
      '/api/user/organizations',
    ]);
    asked.length = 0;
    for (const card of await page.locator('[data-testid^="card-"]').all()) await card.scrollIntoViewIfNeeded();
    await networkQuiet(page);
    await page.getByText('Loading…').first().waitFor({ state: 'detached' });
    // The cards below read theirs from that answer; only the outbound links are asked when their card comes into view.
    expect(asked).toEqual(['/api/sites/:site/events/outbound']);
    expect(h.consoleErrors.splice(0)).toEqual([]);
    await context.close();
  });

  it.each([
    ['desktop'], ['phone'],
  ] as const)('has no serious accessibility violation or overflow (light and dark, %s)', async (width) => {
    if (!seeded) throw new Error('no seeded site');
    const viewport = width === 'desktop' ? DESKTOP : PHONE;
    const context = await h.browser.newContext({ viewport, colorScheme: 'light', storageState: seeded.storage });
    const page = await h.open(context, `${h.loupeUrl}/sites/${seeded.site}?period=24h`);
    await page.getByTestId('time-series').waitFor();
    // Scrolling to the bottom brings every card into view, so all of them load before the screenshot.
    for (const card of await page.locator('[data-testid^="card-"]').all()) await card.scrollIntoViewIfNeeded();
    await networkQuiet(page);
    await page.getByText('Loading…').first().waitFor({ state: 'detached' });
    await checkLooks(page, 'site-dashboard', width, viewport.width);
    expect(h.consoleErrors.splice(0)).toEqual([]);
    await context.close();
  });
});
