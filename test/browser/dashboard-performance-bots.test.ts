// The performance and bots pages in headless Chromium against a real Loupe server: hand-seeded web-vitals samples,
// bot requests and AI-referred sessions; what the pages show (a vital's p75 and its rating, crawls per operator,
// the AI referral figures, the CSV of a table) equals the API's JSON fetched in the same test; the switches live in
// the URL; light and dark, desktop and 375 px, checked by axe-core, with no console error.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { APIRequestContext, BrowserContext, Page } from 'playwright-core';
import { seedBotEvents, seedEvents } from '../helpers/seed-events.js';
import { checkLooks, SCREENSHOT_DIR, startDashboardHarness, type DashboardHarness } from './dashboard-harness.js';

let h: DashboardHarness;
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 375, height: 740 };
const VITALS = ['lcp', 'cls', 'inp', 'fcp', 'ttfb'] as const;

interface Seeded { site: string; storage: Awaited<ReturnType<BrowserContext['storageState']>> }
let seeded: Seeded | undefined;

async function postJson<T>(request: APIRequestContext, path: string, data: unknown): Promise<T> {
  const response = await request.post(`${h.loupeUrl}${path}`, { data, headers: { origin: h.loupeUrl } });
  if (response.status() !== 200) throw new Error(`${path}: ${response.status()} ${await response.text()}`);
  return response.json() as Promise<T>;
}

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
const sample = (lcp: number, cls: number, inp: number | null, fcp: number, ttfb: number) => ({ type: 'performance', lcp, cls, inp, fcp, ttfb });
const ai = (bot_name: string, ai_operator: string, ai_purpose: string) => ({ bot_name, ai_operator, ai_purpose, bot_category: 'ai', ua_pattern: 1 });

beforeAll(async () => {
  h = await startDashboardHarness();
  console.log(`dashboard screenshots: ${SCREENSHOT_DIR}`);
  const context = await h.browser.newContext({ viewport: DESKTOP });
  await postJson(context.request, '/api/auth/sign-up/email', { name: 'Ada', email: 'ada@example.com', password: 'correct-horse-9' });
  const organization = await postJson<{ id: string }>(context.request, '/api/auth/organization/create', { name: 'Ada Co', slug: 'ada-co' });
  const site = await postJson<{ id: string; siteId: number }>(context.request, `/api/organizations/${organization.id}/sites`, { name: 'Ada home', domain: 'localhost' });
  // p75 over these five: LCP 3000 (needs improvement), CLS 0.15 (needs improvement), INP 625 over four samples
  // (poor), FCP 700 and TTFB 300 (good).
  await seedEvents(h.loupe, site.siteId, [
    { at: minutesAgo(300), session_id: 101, pathname: '/', country: 'FR', browser: 'Chrome', device_type: 'desktop', ...sample(1000, 0.01, 100, 500, 100) },
    { at: minutesAgo(240), session_id: 102, pathname: '/', country: 'FR', browser: 'Firefox', device_type: 'mobile', ...sample(2000, 0.02, 150, 600, 200) },
    { at: minutesAgo(180), session_id: 103, pathname: '/pricing', country: 'DE', browser: 'Chrome', device_type: 'desktop', ...sample(3000, 0.15, 600, 700, 300) },
    { at: minutesAgo(120), session_id: 104, pathname: '/pricing', country: 'DE', browser: 'Chrome', device_type: 'mobile', ...sample(5000, 0.3, 700, 800, 400) },
    { at: minutesAgo(60), session_id: 105, pathname: '/docs', country: 'US', browser: 'Safari', device_type: 'tablet', ...sample(1500, 0, null, 400, 90) },
    // Two sessions referred by ChatGPT, one by Perplexity, one from search (the same insert: each costs the engine
    // about 0.2 s of CPU whatever its size).
    { at: minutesAgo(200), session_id: 201, channel: 'AI', referrer: 'https://chatgpt.com/', pathname: '/' },
    { at: minutesAgo(150), session_id: 202, channel: 'AI', referrer: 'https://chatgpt.com/c/1', pathname: '/pricing' },
    { at: minutesAgo(100), session_id: 203, channel: 'AI', referrer: 'https://www.perplexity.ai/search?q=loupe', pathname: '/' },
    { at: minutesAgo(90), session_id: 204, channel: 'Organic Search', referrer: 'https://www.google.com/', pathname: '/' },
  ]);
  await seedBotEvents(h.loupe, site.siteId, [
    { at: minutesAgo(280), ...ai('GPTBot', 'OpenAI', 'training'), pathname: '/a' },
    { at: minutesAgo(270), ...ai('GPTBot', 'OpenAI', 'training'), pathname: '/b' },
    { at: minutesAgo(260), ...ai('GPTBot', 'OpenAI', 'training'), pathname: '/a' },
    { at: minutesAgo(250), ...ai('OAI-SearchBot', 'OpenAI', 'search'), pathname: '/a' },
    { at: minutesAgo(230), ...ai('PerplexityBot', 'Perplexity', 'search'), pathname: '/c' },
    { at: minutesAgo(220), bot_name: 'Googlebot', bot_category: 'search', pathname: '/a', ua_pattern: 1 },
    { at: minutesAgo(210), pathname: '/b', client_signals: 1, header_heuristics: 1 },
  ]);
  seeded = { site: site.id, storage: await context.storageState() };
  await context.close();
});
afterAll(async () => h?.close());

function seededSite(): Seeded {
  if (!seeded) throw new Error('no seeded site');
  return seeded;
}

async function apiJson<T>(page: Page, path: string, params: Record<string, string>): Promise<T> {
  const response = await page.request.get(`${h.loupeUrl}/api/sites/${seededSite().site}${path}?${new URLSearchParams(params).toString()}`);
  expect(response.status()).toBe(200);
  return response.json() as Promise<T>;
}

/** Scrolls to each data area in turn and waits until it holds the API's answer. */
async function waitForPieces(page: Page): Promise<void> {
  await page.getByRole('heading', { level: 1 }).waitFor();
  await page.locator('[data-bench-piece]').first().waitFor();
  for (const name of await page.locator('[data-bench-piece]').evaluateAll((pieces) => pieces.map((piece) => piece.getAttribute('data-bench-piece') ?? ''))) {
    await page.locator(`[data-bench-piece="${name}"]`).scrollIntoViewIfNeeded();
    await page.locator(`[data-bench-piece="${name}"]:not([data-bench-state="loading"])`).waitFor();
  }
}

/** The text of the CSV a table's download button gives (byte-order mark removed). */
async function downloadCsv(page: Page, scope: string): Promise<string> {
  const [download] = await Promise.all([page.waitForEvent('download'), page.locator(scope).getByRole('button', { name: 'Download CSV' }).first().click()]);
  return readFileSync(await download.path(), 'utf8').replace(/^\uFEFF/, '');
}

const csvOf = (lines: ReadonlyArray<ReadonlyArray<string | number | null>>) => lines.map((line) => line.map((cell) => cell ?? '').join(',')).join('\r\n') + '\r\n';

async function windowOf(page: Page): Promise<Record<string, string>> {
  const timeZone = await page.evaluate('Intl.DateTimeFormat().resolvedOptions().timeZone') as string;
  return { past_minutes_start: '1440', past_minutes_end: '0', time_zone: timeZone };
}

type Figures = Record<string, number | null>;
type DimensionRow = Figures & { pathname?: string; country?: string; event_count: number };

describe('performance page', () => {
  it('shows each vital at the chosen percentile rated as the API returns it, over time and per page and country', async () => {
    const { site, storage } = seededSite();
    const context = await h.browser.newContext({ viewport: DESKTOP, storageState: storage });
    const page = await h.open(context, `${h.loupeUrl}/sites/${site}/performance?period=24h`);
    const window = await windowOf(page);
    await waitForPieces(page);
    const overview = (await apiJson<{ data: Figures }>(page, '/performance/overview', window)).data;
    expect(overview).toMatchObject({ lcp_p75: 3000, cls_p75: 0.15, inp_p75: 625, fcp_p75: 700, ttfb_p75: 300, lcp_p90: 4200, total_performance_events: 5 });
    expect(await page.getByTestId('performance-events').innerText()).toBe('5');

    const card = async (vital: string) => {
      const figure = page.getByTestId(`vital-${vital}`);
      return [vital, Number(await figure.getAttribute('data-value')), await figure.getAttribute('data-rating'), await figure.innerText()];
    };
    expect(await Promise.all(VITALS.map(card))).toEqual([
      ['lcp', overview.lcp_p75, 'needs-improvement', '3 s\nNeeds improvement'],
      ['cls', overview.cls_p75, 'needs-improvement', '0.15\nNeeds improvement'],
      ['inp', overview.inp_p75, 'poor', '625 ms\nPoor'],
      ['fcp', overview.fcp_p75, 'good', '700 ms\nGood'],
      ['ttfb', overview.ttfb_p75, 'good', '300 ms\nGood'],
    ]);
    for (const vital of VITALS) {
      for (const percentile of ['p50', 'p75', 'p90', 'p99']) {
        const cell = page.getByTestId(`percentile-${vital}-${percentile}`);
        expect([vital, percentile, Number(await cell.getAttribute('data-value'))]).toEqual([vital, percentile, overview[`${vital}_${percentile}`]]);
      }
    }

    await page.getByRole('group', { name: 'Percentile' }).getByRole('button', { name: 'p90' }).click();
    await page.waitForURL(/percentile=p90/);
    await page.getByTestId('vital-lcp').and(page.locator('[data-rating="poor"]')).waitFor();
    expect(await card('lcp')).toEqual(['lcp', overview.lcp_p90, 'poor', '4.2 s\nPoor']);
    expect(await page.getByRole('heading', { name: 'LCP p90 over time' }).count()).toBe(1);
    await page.getByTestId('vital-card-inp').getByRole('button', { name: /INP/ }).click();
    await page.getByRole('heading', { name: 'INP p90 over time' }).waitFor();
    expect(new URL(page.url()).searchParams.get('vital')).toBe('inp');
    const bucket = await page.getByLabel('Bucket', { exact: true }).inputValue();
    const series = (await apiJson<{ data: Figures[] }>(page, '/performance/time-series', { ...window, bucket })).data;
    expect(Number(await page.getByTestId('series-chart').getAttribute('data-points'))).toBe(series.length);
    expect(series.filter((row) => row.inp_p90 !== null).length).toBeGreaterThan(0);

    await page.getByRole('group', { name: 'Percentile' }).getByRole('button', { name: 'p75' }).click();
    await page.getByTestId('vital-lcp').and(page.locator('[data-value="3000"]')).waitFor();
    const byPage = (await apiJson<{ data: { data: DimensionRow[]; totalCount: number } }>(page, '/performance/by-dimension', {
      ...window, dimension: 'pathname', limit: '20', sort_by: 'event_count', sort_order: 'desc',
    })).data;
    expect(byPage.data.map((row) => [row.pathname, row.event_count])).toEqual([['/', 2], ['/pricing', 2], ['/docs', 1]]);
    const table = page.getByTestId('vitals-by-dimension');
    const shown = await table.locator('tbody tr').evaluateAll((rows) => rows.map((row) => [
      row.getAttribute('data-row'),
      Number(row.querySelector('[data-count]')?.getAttribute('data-count')),
      ...[...row.querySelectorAll('[data-testid^="cell-"][data-value]')].map((cell) => cell.getAttribute('data-value')),
    ]));
    expect(shown).toEqual(byPage.data.map((row) => [row.pathname, row.event_count, ...VITALS.map((vital) => String(row[`${vital}_p75`] ?? ''))]));
    expect(await downloadCsv(page, 'section:has([data-testid="vitals-by-dimension"])')).toBe(csvOf([
      ['Page', 'Performance events', 'LCP p75 (ms)', 'CLS p75', 'INP p75 (ms)', 'FCP p75 (ms)', 'TTFB p75 (ms)'],
      ...byPage.data.map((row) => [row.pathname ?? '', row.event_count, ...VITALS.map((vital) => row[`${vital}_p75`] ?? null)]),
    ]));

    await page.getByRole('group', { name: 'Break down by' }).getByRole('button', { name: 'Countries' }).click();
    await page.waitForURL(/by=country/);
    const byCountry = (await apiJson<{ data: { data: DimensionRow[] } }>(page, '/performance/by-dimension', {
      ...window, dimension: 'country', limit: '20', sort_by: 'event_count', sort_order: 'desc',
    })).data.data;
    await table.locator('[data-row="US"]').waitFor();
    expect(await table.locator('tbody tr').evaluateAll((rows) => rows.map((row) => row.getAttribute('data-row')))).toEqual(byCountry.map((row) => row.country));
    await table.getByRole('button', { name: 'DE' }).click();
    await page.waitForURL(/filters=/);
    expect(new URL(page.url()).searchParams.get('filters')).toBe(JSON.stringify([{ parameter: 'country', type: 'equals', value: ['DE'] }]));
    await page.getByTestId('performance-events').filter({ hasText: '2' }).waitFor();
    expect(await page.getByTestId('vital-lcp').getAttribute('data-value')).toBe('4500');
    expect(h.consoleErrors.splice(0)).toEqual([]);
    await context.close();
  });
});

describe('bots page', () => {
  it('shows the bot share, the layers, crawls per operator and the AI referrals as the API returns them; a layer narrows them', async () => {
    const { site, storage } = seededSite();
    const context = await h.browser.newContext({ viewport: DESKTOP, storageState: storage });
    const page = await h.open(context, `${h.loupeUrl}/sites/${site}/bots?period=24h`);
    const window = await windowOf(page);
    await waitForPieces(page);
    const overview = (await apiJson<{ data: Record<string, number> }>(page, '/bots/overview', window)).data;
    expect(overview).toMatchObject({ bot_requests: 7, ua_pattern: 6, client_signals: 1, header_heuristics: 1, bot_asn: 0, rate_anomaly: 0 });
    expect(await page.getByTestId('bot-requests').innerText()).toBe(String(overview.bot_requests));
    expect(await page.getByTestId('total-events').innerText()).toBe(String(overview.total_events));
    expect(await page.getByTestId('bot-share').innerText()).toBe(`${overview.bot_percentage}%`);
    const layers = await page.getByTestId('bot-layers').locator('[data-layer]').evaluateAll((cells) => cells.map((cell) => [cell.getAttribute('data-layer'), Number(cell.getAttribute('data-count'))]));
    expect(layers).toEqual(['ua_pattern', 'header_heuristics', 'client_signals', 'bot_asn', 'rate_anomaly'].map((layer) => [layer, overview[layer]]));

    await page.getByRole('group', { name: 'Crawls by' }).getByRole('button', { name: 'Operators' }).click();
    await page.waitForURL(/crawls=ai_operator/);
    const operators = (await apiJson<{ data: { data: Array<{ value: string; count: number }> } }>(page, '/bots/by-dimension', { ...window, dimension: 'ai_operator', limit: '20' })).data.data;
    expect(operators.map((row) => [row.value, row.count])).toEqual([['OpenAI', 4], ['', 2], ['Perplexity', 1]]);
    const crawls = page.getByTestId('crawls-ai_operator');
    await crawls.waitFor();
    const shown = await crawls.locator('tbody tr').evaluateAll((rows) => rows.map((row) => [
      row.querySelector('[data-value]')?.getAttribute('data-value'), Number(row.querySelector('[data-count]')?.getAttribute('data-count')),
    ]));
    expect(shown).toEqual(operators.map((row) => [row.value, row.count]));
    expect(await crawls.locator('[data-value=""]').innerText()).toBe('(not an AI crawler)');

    const summary = (await apiJson<{ data: Array<Record<string, unknown>> }>(page, '/bots/ai-summary', window)).data;
    expect(summary.map((row) => [row.operator, row.crawls, row.referrals, row.crawls_per_referral])).toEqual([['OpenAI', 4, 2, 2], ['Perplexity', 1, 1, 1]]);
    const figures = ['crawls', 'training_crawls', 'search_crawls', 'agent_requests', 'pages', 'referrals', 'crawls_per_referral'];
    const operatorRows = await page.getByTestId('ai-operators').locator('tbody tr').evaluateAll((rows) => rows.map((row) => [
      row.getAttribute('data-operator'), ...[...row.querySelectorAll('[data-figure]')].map((cell) => (cell.textContent ?? '').trim()),
    ]));
    expect(operatorRows).toEqual(summary.map((row) => [row.operator, ...figures.map((figure) => String(row[figure]))]));
    expect(await downloadCsv(page, 'section:has([data-testid="ai-operators"])')).toBe(csvOf([
      ['Operator', 'Crawls', 'Training', 'Search', 'Agent', 'Pages crawled', 'Referrals', 'Crawls per referral', 'Referrer domains'],
      ...summary.map((row) => [
        String(row.operator), ...figures.map((figure) => row[figure] as number | null), (row.referrer_domains as string[]).join(' '),
      ]),
    ]));

    await page.getByLabel('Detection layer').selectOption('client_signals');
    await page.waitForURL(/layer=client_signals/);
    const narrowed = (await apiJson<{ data: Record<string, number> }>(page, '/bots/overview', { ...window, layer: 'client_signals' })).data;
    expect(narrowed.bot_requests).toBe(1);
    await page.getByTestId('bot-requests').filter({ hasText: /^1$/ }).waitFor();
    expect(await page.getByTestId('bot-share').innerText()).toBe(`${narrowed.bot_percentage}%`);
    await crawls.locator('tbody tr').first().waitFor();
    await page.getByTestId('crawls-ai_operator').locator('[data-value="OpenAI"]').waitFor({ state: 'detached' });
    expect(await page.getByTestId('crawls-ai_operator').locator('[data-count]').evaluateAll((cells) => cells.map((cell) => cell.getAttribute('data-count')))).toEqual(['1']);
    expect(h.consoleErrors.splice(0)).toEqual([]);
    await context.close();
  });

  it('sends a signed-out visitor of a private site to sign in, like the other site pages', async () => {
    const { site } = seededSite();
    const stranger = await h.browser.newContext({ viewport: DESKTOP });
    for (const name of ['performance', 'bots']) {
      const page = await h.open(stranger, `${h.loupeUrl}/sites/${site}/${name}?period=24h`);
      await page.waitForURL(`${h.loupeUrl}/sign-in?next=${encodeURIComponent(`/sites/${site}/${name}?period=24h`)}`);
    }
    // The private site's is-public check is refused (401), which Chromium reports on the console.
    expect(h.consoleErrors.splice(0).filter((line) => !line.includes('status of 401'))).toEqual([]);
    await stranger.close();
  });
});

describe('screens', () => {
  it.each([
    ['desktop'], ['phone'],
  ] as const)('performance and bots have no serious accessibility violation or overflow (light and dark, %s)', async (width) => {
    const { site, storage } = seededSite();
    const viewport = width === 'desktop' ? DESKTOP : PHONE;
    const context = await h.browser.newContext({ viewport, colorScheme: 'light', storageState: storage });
    for (const name of ['performance', 'bots']) {
      const page = await h.open(context, `${h.loupeUrl}/sites/${site}/${name}?period=24h`);
      await waitForPieces(page);
      await checkLooks(page, `site-${name}`, width, viewport.width);
      await page.close();
    }
    expect(h.consoleErrors.splice(0)).toEqual([]);
    await context.close();
  });
});
