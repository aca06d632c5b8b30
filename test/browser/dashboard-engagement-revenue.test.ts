// Engagement and revenue on the dashboard in headless Chromium against a real Loupe server: the engagement
// figures of the overview and the Pages card's engagement tab, the goals table's revenue, the revenue card (total
// and breakdowns by source and page), a funnel's revenue at its last step, each equal to the API's answer for the
// same period; checked by axe-core, with no console error.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { APIRequestContext, BrowserContext, Page } from 'playwright-core';
import { seedEvents } from '../helpers/seed-events.js';
import { lastDayParams, screenshot, SCREENSHOT_DIR, seriousViolations, siteReport, startDashboardHarness, type DashboardHarness } from './dashboard-harness.js';

let h: DashboardHarness;
let context: BrowserContext;
let site = '';

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

async function send<T>(request: APIRequestContext, method: 'POST' | 'PUT', path: string, data: unknown): Promise<T> {
  const response = await request.fetch(`${h.loupeUrl}${path}`, { method, data, headers: { origin: h.loupeUrl } });
  if (response.status() !== 200) throw new Error(`${path}: ${response.status()} ${await response.text()}`);
  return response.json() as Promise<T>;
}

beforeAll(async () => {
  h = await startDashboardHarness();
  console.log(`dashboard screenshots: ${SCREENSHOT_DIR}`);
  context = await h.browser.newContext({ viewport: { width: 1280, height: 800 } });
  await send(context.request, 'POST', '/api/auth/sign-up/email', { name: 'Eve', email: 'eve@example.com', password: 'correct-horse-9' });
  const organization = await send<{ id: string }>(context.request, 'POST', '/api/auth/organization/create', { name: 'Eve Co', slug: 'eve-co' });
  const created = await send<{ id: string; siteId: number }>(context.request, 'POST', `/api/organizations/${organization.id}/sites`, { name: 'Eve shop', domain: 'localhost' });
  site = created.id;
  await send(context.request, 'PUT', `/api/sites/${site}/config`, { reportingCurrency: 'EUR' });
  // S1 (Organic Search) reads /pricing 40 s to 80 %, buys for 19.99 EUR; S2 (Direct) reads / 10 s, buys for 25 USD
  // (no rate configured: its total is shown per currency); S3 reads /docs 95 s to the end.
  await seedEvents(h.loupe, created.siteId, [
    { at: minutesAgo(300), session_id: 1, pathname: '/pricing', channel: 'Organic Search' },
    { at: minutesAgo(299), session_id: 1, type: 'engagement', pathname: '/pricing', engaged_ms: 40_000, scroll_depth: 80, channel: 'Organic Search' },
    { at: minutesAgo(298), session_id: 1, type: 'custom_event', event_name: 'purchase', pathname: '/checkout', revenue_amount: '19.99', revenue_currency: 'EUR', channel: 'Organic Search' },
    { at: minutesAgo(200), session_id: 2, pathname: '/', channel: 'Direct' },
    { at: minutesAgo(199), session_id: 2, type: 'engagement', pathname: '/', engaged_ms: 10_000, scroll_depth: 30, channel: 'Direct' },
    { at: minutesAgo(198), session_id: 2, type: 'custom_event', event_name: 'purchase', pathname: '/checkout', revenue_amount: '25', revenue_currency: 'USD', channel: 'Direct' },
    { at: minutesAgo(100), session_id: 3, pathname: '/docs', channel: 'Direct' },
    { at: minutesAgo(99), session_id: 3, type: 'engagement', pathname: '/docs', engaged_ms: 95_000, scroll_depth: 100, channel: 'Direct' },
  ]);
  await send(context.request, 'POST', `/api/sites/${site}/goals`, { name: 'Purchase', goalType: 'event', config: { eventName: 'purchase' } });
});
afterAll(async () => {
  await context?.close();
  await h?.close();
});

const windowOf = lastDayParams;
const apiGet = <T>(page: Page, path: string, params: Record<string, string>): Promise<T> => siteReport<T>(h, page, site, path, params);

/** The dashboard's reading of seconds (engagement-format.ts), restated so the test does not import the web code. */
const seconds = (value: number) => (Math.round(value) < 60 ? `${Math.round(value)}s` : `${Math.floor(Math.round(value) / 60)}m ${String(Math.round(value) % 60).padStart(2, '0')}s`);

describe('engagement and revenue on the dashboard', () => {
  it('shows the engagement figures and the Pages card\'s engagement tab as the API answers them', async () => {
    const page = await h.open(context, `${h.loupeUrl}/sites/${site}`);
    const window = await windowOf(page);
    const engagement = await apiGet<{ data: { engaged_session_duration: number; time_on_page_seconds: number; scroll_depth: number } }>(page, '/engagement', window);
    // 145 s over 3 sessions; 3 page visits of 48.33 s on average; depth (80 + 30 + 100) / 3 = 70.
    expect(engagement.data).toMatchObject({ engaged_session_duration: 48.33, time_on_page_seconds: 48.33, scroll_depth: 70 });
    await expect.poll(() => page.getByTestId('engagement-engaged-duration').textContent()).toBe(seconds(engagement.data.engaged_session_duration));
    expect(await page.getByTestId('engagement-time-on-page').textContent()).toBe(seconds(engagement.data.time_on_page_seconds));
    expect(await page.getByTestId('engagement-scroll-depth').textContent()).toBe('70%');
    await page.getByRole('group', { name: 'Pages views' }).getByRole('button', { name: 'Engagement' }).click();
    const table = page.getByTestId('breakdown-engagement');
    await table.waitFor();
    const pages = await apiGet<{ data: { data: Array<{ value: string; time_on_page_seconds: number; scroll_depth: number }> } }>(page, '/engagement/pages', { ...window, limit: '10' });
    const shown = await table.locator('tbody tr').evaluateAll((rows) => rows.map((row) => [
      row.getAttribute('data-value'), Number(row.querySelector('[data-seconds]')?.getAttribute('data-seconds')), Number(row.querySelector('[data-depth]')?.getAttribute('data-depth')),
    ]));
    expect(shown).toEqual(pages.data.data.map((row) => [row.value, row.time_on_page_seconds, row.scroll_depth]));
    expect(shown).toEqual([['/', 10, 30], ['/docs', 95, 100], ['/pricing', 40, 80]]);
    await screenshot(page, 'engagement-overview');
    expect(await seriousViolations(page)).toEqual([]);
    expect(h.consoleErrors).toEqual([]);
    await page.close();
  });

  it('shows goal revenue, and the revenue card by source and by page', async () => {
    const page = await h.open(context, `${h.loupeUrl}/sites/${site}/goals`);
    const window = await windowOf(page);
    const goals = await apiGet<{ data: Array<{ revenue: { total: string | null; by_currency: Array<{ currency: string; total: string }> } }> }>(page, '/goals', window);
    // No rate for USD: no single total, each currency as sent.
    expect(goals.data[0]?.revenue).toMatchObject({ total: null, by_currency: [{ currency: 'EUR', total: '19.99' }, { currency: 'USD', total: '25.00' }] });
    await expect.poll(() => page.getByTestId('goal-revenue').first().textContent()).toContain('19.99 EUR + 25.00 USD');
    await expect.poll(() => page.getByTestId('revenue-total').textContent()).toBe('19.99 EUR + 25.00 USD');
    const byChannel = await apiGet<{ data: { data: Array<{ value: string; revenue: { total: string | null } }> } }>(page, '/revenue/breakdown', { ...window, parameter: 'channel', limit: '10' });
    const rowsOf = () => page.getByTestId('revenue-breakdown').locator('tbody tr').evaluateAll((rows) => rows.map((row) => [row.getAttribute('data-value'), row.querySelector('[data-total]')?.textContent ?? '']));
    await expect.poll(rowsOf).toEqual([['Organic Search', '19.99 EUR'], ['Direct', '25.00 USD']]);
    expect(byChannel.data.data.map((row) => [row.value, row.revenue.total])).toEqual([['Organic Search', '19.99'], ['Direct', null]]);
    await page.getByRole('group', { name: 'Revenue by' }).getByRole('button', { name: 'Pages' }).click();
    await expect.poll(rowsOf).toEqual([['/checkout', '19.99 EUR + 25.00 USD']]);
    await screenshot(page, 'revenue-goals');
    expect(await seriousViolations(page)).toEqual([]);
    expect(h.consoleErrors).toEqual([]);
    await page.close();
  });

  it('shows the revenue of the completed sessions at a funnel\'s last step, to the cent as the API answers it', async () => {
    const steps = [{ type: 'page', value: '/pricing' }, { type: 'event', value: 'purchase' }];
    const page = await h.open(context, `${h.loupeUrl}/sites/${site}/funnels?period=24h&steps=${encodeURIComponent(JSON.stringify(steps))}`);
    await page.locator('[data-bench-piece="funnel-chart"][data-bench-state="ready"]').waitFor();
    const window = await windowOf(page);
    const response = await page.request.post(`${h.loupeUrl}/api/sites/${site}/funnels/analyze?${new URLSearchParams(window).toString()}`, { data: { steps }, headers: { origin: h.loupeUrl } });
    const analysis = await response.json() as { data: Array<{ sessions: number; revenue?: { total: string | null; average: string | null } }> };
    // Only S1 read /pricing and then bought: 19.99 EUR over one completed session; S2's 25 USD is outside the funnel.
    expect(analysis.data.map((step) => [step.sessions, step.revenue?.total, step.revenue?.average])).toEqual([[1, undefined, undefined], [1, '19.99', '19.99']]);
    const revenue = page.getByTestId('funnel-revenue');
    expect(await revenue.count()).toBe(1);
    expect([await revenue.getAttribute('data-total'), (await revenue.textContent())?.trim()]).toEqual(['19.99', 'Revenue: 19.99 EUR (19.99 per completed session)']);
    await screenshot(page, 'revenue-funnel');
    expect(await seriousViolations(page)).toEqual([]);
    expect(h.consoleErrors).toEqual([]);
    await page.close();
  });
});
