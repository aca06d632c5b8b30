// The journeys, retention and errors pages in headless Chromium against a real Loupe server, on exactly seeded
// events: every Sankey link, table row, cohort cell, error count and stack equal to the API's JSON fetched in the
// same test; the controls and the chosen error kept in the URL; a journeys CSV; light and dark, desktop and 375 px,
// checked by axe-core, with no console error.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { APIRequestContext, BrowserContext, Page } from 'playwright-core';
import { seedEvents, type SeedRow } from '../helpers/seed-events.js';
import { checkPages, dataAreasSettled, SCREENSHOT_DIR, startDashboardHarness, type DashboardHarness } from './dashboard-harness.js';

let h: DashboardHarness;
let storage: Awaited<ReturnType<BrowserContext['storageState']>>;
let site = '';
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 375, height: 740 };
const DAY_MS = 86_400_000;
/** Every context reads days in UTC, so "k days ago" is the same day for the seed, the page and the API. */
const TIME_ZONE = 'UTC';
const today = new Date().toISOString().slice(0, 10);
const dayAgo = (days: number) => new Date(Date.parse(`${today}T00:00:00Z`) - days * DAY_MS).toISOString().slice(0, 10);
/** `days` days ago at 12:00 UTC plus `minutes`: always in the past, inside the last 7 days. */
const at = (days: number, minutes = 0) => new Date(Date.parse(`${dayAgo(days)}T12:00:00Z`) + minutes * 60_000).toISOString();
/** The report parameters of the pages' "Last 7 days". */
const LAST_7_DAYS = { start_date: dayAgo(6), end_date: today, time_zone: TIME_ZONE };

const A = 'x is undefined';
const B = 'Network failed';
const STACK_1 = 'TypeError: x is undefined\n    at render (https://shop.example/app.js:10:5)\n    at main (https://shop.example/app.js:2:1)';
const STACK_3 = 'TypeError: x is undefined\n    at checkout (https://shop.example/cart.js:7:21)';

function visit(session: number, user: string, days: number, paths: readonly string[]): SeedRow[] {
  return paths.map((pathname, index) => ({ at: at(days, index), session_id: session, user_id: user, pathname }));
}

function error(session: number, user: string, when: string, name: string, props: Record<string, unknown>): SeedRow {
  return {
    at: when, session_id: session, user_id: user, type: 'error', event_name: name, pathname: '/cart', hostname: 'shop.example',
    browser: 'Firefox', browser_version: '128.0', operating_system: 'Linux', device_type: 'Desktop', country: 'DE', props: JSON.stringify(props),
  };
}

async function post(request: APIRequestContext, path: string, data: unknown): Promise<Record<string, unknown>> {
  const response = await request.post(`${h.loupeUrl}${path}`, { data, headers: { origin: h.loupeUrl } });
  expect([path, response.status()]).toEqual([path, 200]);
  return await response.json() as Record<string, unknown>;
}

beforeAll(async () => {
  h = await startDashboardHarness();
  console.log(`dashboard screenshots: ${SCREENSHOT_DIR}`);
  const context = await h.browser.newContext();
  await post(context.request, '/api/auth/sign-up/email', { name: 'Ada', email: 'ada@example.com', password: 'correct-horse-9' });
  const organization = String((await post(context.request, '/api/auth/organization/create', { name: 'Ada Shop', slug: 'ada-shop' })).id);
  const created = await post(context.request, `/api/organizations/${organization}/sites`, { domain: 'shop.example', name: 'Ada shop' });
  site = String(created.id);
  const siteId = Number(created.siteId);
  // Users: u1 and u2 first seen 3 days ago, u3 2 days ago, u4 yesterday; u1 back 2 days ago and yesterday, u3 yesterday.
  for (const rows of [
    visit(1, 'u1', 3, ['/', '/pricing', '/signup']),
    visit(2, 'u2', 3, ['/', '/pricing', '/signup']),
    visit(3, 'u1', 2, ['/', '/blog', '/pricing']),
    visit(4, 'u3', 2, ['/blog', '/', '/blog']),
    visit(5, 'u3', 1, ['/', '/pricing', '/docs']),
    [
      ...visit(6, 'u4', 1, ['/cart']),
      error(6, 'u4', at(1, 10), 'TypeError', { message: A, stack: STACK_1, fileName: 'https://shop.example/app.js', lineNumber: 10, columnNumber: 5 }),
      error(6, 'u4', at(1, 20), 'TypeError', { message: A, stack: STACK_1, fileName: 'https://shop.example/app.js', lineNumber: 10, columnNumber: 5 }),
      error(6, 'u4', at(1, 30), 'Error', { message: B }),
    ],
    [error(7, 'u1', at(1, 60), 'TypeError', { message: A, stack: STACK_3, fileName: 'https://shop.example/cart.js', lineNumber: 7, columnNumber: 21 })],
  ]) await seedEvents(h.loupe, siteId, rows);
  storage = await context.storageState();
  await context.close();
});
afterAll(async () => h?.close());

const signedIn = (viewport = DESKTOP, colorScheme: 'light' | 'dark' = 'light') =>
  h.browser.newContext({ viewport, colorScheme, timezoneId: TIME_ZONE, storageState: storage });

async function api<T>(page: Page, path: string, params: Record<string, string | number>): Promise<T> {
  const query = new URLSearchParams(Object.entries(params).map(([key, value]): [string, string] => [key, String(value)]));
  const response = await page.request.get(`${h.loupeUrl}/api/sites/${site}${path}?${query.toString()}`);
  expect([path, response.status()]).toEqual([path, 200]);
  return await response.json() as T;
}

const ready = (page: Page, piece: string) => page.locator(`[data-bench-piece="${piece}"][data-bench-state="ready"]`).waitFor();

interface Journey { path: string[]; count: number; percentage: number }

async function journeyRows(page: Page): Promise<Array<[string[], number]>> {
  const paths = await page.getByTestId('journey-table').locator('[data-path]').evaluateAll((lists) => lists.map((list) => list.getAttribute('data-path') ?? ''));
  const counts = await page.getByTestId('journey-table').locator('[data-count]').evaluateAll((cells) => cells.map((cell) => Number(cell.getAttribute('data-count'))));
  return paths.map((path, index) => [JSON.parse(path) as string[], counts[index] ?? -1]);
}

async function sankeyLinks(page: Page): Promise<Array<[number, number, string, string, number]>> {
  return page.getByTestId('sankey-link').evaluateAll((links) => links.map((link) => [
    Number(link.getAttribute('data-journey')), Number(link.getAttribute('data-step')),
    link.getAttribute('data-source') ?? '', link.getAttribute('data-target') ?? '', Number(link.getAttribute('data-count')),
  ] as [number, number, string, string, number]).sort((a, b) => a[0] - b[0] || a[1] - b[1]));
}

/** Each journey's links, as the page should draw them from the API's answer. */
const linksOf = (journeys: readonly Journey[]) =>
  journeys.flatMap((journey, rank) => journey.path.slice(1).map((target, step) => [rank, step, journey.path[step] ?? '', target, journey.count]));

describe('journeys page', () => {
  it('draws each journey of the API as Sankey links with its count, lists them, and keeps steps and the start page in the URL', async () => {
    const context = await signedIn();
    const page = await h.open(context, `${h.loupeUrl}/sites/${site}/journeys?period=7d`);
    const three = await api<{ journeys: Journey[] }>(page, '/journeys', { ...LAST_7_DAYS, steps: 3, limit: 10 });
    expect(three.journeys).toEqual([
      { path: ['/', '/pricing', '/signup'], count: 2, percentage: 40 },
      { path: ['/', '/blog', '/pricing'], count: 1, percentage: 20 },
      { path: ['/', '/pricing', '/docs'], count: 1, percentage: 20 },
      { path: ['/blog', '/', '/blog'], count: 1, percentage: 20 },
    ]);
    await ready(page, 'journey-sankey');
    await ready(page, 'journeys');
    expect(await sankeyLinks(page)).toEqual(linksOf(three.journeys));
    const first = page.getByTestId('sankey-link').and(page.locator('[data-journey="0"][data-step="0"]'));
    expect(await first.getAttribute('aria-label')).toBe(`Journey 1, step 1 to 2: / to /pricing, ${three.journeys[0]?.count} sessions (40% of sessions)`);
    expect(await page.getByTestId('sankey-node').evaluateAll((nodes) => nodes.map((node) => node.getAttribute('aria-label')).sort())).toEqual(
      ['Step 1: /', 'Step 1: /blog', 'Step 2: /', 'Step 2: /blog', 'Step 2: /pricing', 'Step 3: /blog', 'Step 3: /docs', 'Step 3: /pricing', 'Step 3: /signup'],
    );
    expect(await journeyRows(page)).toEqual(three.journeys.map((journey) => [journey.path, journey.count]));

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download CSV of journeys' }).click()]);
    expect(download.suggestedFilename()).toBe(`journeys-${dayAgo(6)}-to-${today}.csv`);
    expect(readFileSync(await download.path(), 'utf8')).toBe(`\uFEFFStep 1,Step 2,Step 3,Sessions,Share of sessions (%)\r\n${
      three.journeys.map((journey) => [...journey.path, journey.count, journey.percentage].join(',')).join('\r\n')}\r\n`);

    await page.getByLabel('Pages per journey').selectOption('2');
    await page.waitForURL(/steps=2/);
    const two = await api<{ journeys: Journey[] }>(page, '/journeys', { ...LAST_7_DAYS, steps: 2, limit: 10 });
    expect(two.journeys.map((journey) => [journey.path, journey.count])).toEqual([[['/', '/pricing'], 3], [['/', '/blog'], 1], [['/blog', '/'], 1]]);
    await page.getByTestId('sankey-link').and(page.locator('[data-count="3"]')).waitFor();
    expect(await sankeyLinks(page)).toEqual(linksOf(two.journeys));
    expect(await journeyRows(page)).toEqual(two.journeys.map((journey) => [journey.path, journey.count]));

    await page.getByLabel('Pages per journey').selectOption('3');
    await page.getByLabel('Starts at page').fill('/blog');
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.waitForURL(/start=%2Fblog/);
    const fromBlog = await api<{ journeys: Journey[] }>(page, '/journeys', { ...LAST_7_DAYS, steps: 3, limit: 10, stepFilters: '{"0":"/blog"}' });
    expect(fromBlog.journeys).toEqual([{ path: ['/blog', '/', '/blog'], count: 1, percentage: 20 }]);
    await page.getByTestId('journey-row').nth(1).waitFor({ state: 'detached' });
    await ready(page, 'journeys');
    expect(await journeyRows(page)).toEqual([[['/blog', '/', '/blog'], 1]]);
    expect(await sankeyLinks(page)).toEqual(linksOf(fromBlog.journeys));
    const shared = page.url();
    expect(h.consoleErrors.splice(0)).toEqual([]);
    await context.close();

    const fresh = await signedIn();
    const again = await h.open(fresh, shared);
    await ready(again, 'journeys');
    expect(await journeyRows(again)).toEqual([[['/blog', '/', '/blog'], 1]]);
    expect(await again.getByLabel('Starts at page').inputValue()).toBe('/blog');
    expect(h.consoleErrors.splice(0)).toEqual([]);
    await fresh.close();
  });
});

type Cohorts = Record<string, { size: number; percentages: Array<number | null> }>;

/** The cohort rows the page shows: key, size and each cell's value and text. */
const cohortGrid = (page: Page) => page.getByTestId('retention-cohort').evaluateAll((rows) => rows.map((row) => ({
  cohort: row.getAttribute('data-cohort'),
  size: Number(row.querySelector('[data-size]')?.getAttribute('data-size')),
  cells: [...row.querySelectorAll('[data-percentage]')].map((cell) => [cell.getAttribute('data-percentage'), cell.textContent]),
})));

/** The rows the page should show for the API's cohorts. */
const expectedGrid = (cohorts: Cohorts) => Object.entries(cohorts).map(([cohort, { size, percentages }]) => ({
  cohort, size, cells: percentages.map((value) => (value === null ? ['', 'not yet'] : [String(value), `${value}%`])),
}));

/** The first day of the month holding `day` (YYYY-MM-DD). */
const monthOf = (day: string) => `${day.slice(0, 7)}-01`;

describe('retention page', () => {
  it("shows the API's cohorts, sizes and percentages, by day over the last 7 days", async () => {
    const context = await signedIn();
    const page = await h.open(context, `${h.loupeUrl}/sites/${site}/retention?mode=day&range=7`);
    const answer = await api<{ data: { cohorts: Cohorts; maxPeriods: number } }>(
      page, '/retention', { mode: 'day', range: 7, time_zone: TIME_ZONE },
    );
    expect(answer.data.cohorts).toEqual({
      [dayAgo(3)]: { size: 2, percentages: [100, 50, 50] },
      [dayAgo(2)]: { size: 1, percentages: [100, 100, 0] },
      [dayAgo(1)]: { size: 1, percentages: [100, 0, null] },
    });
    await ready(page, 'retention');
    expect(await cohortGrid(page)).toEqual(expectedGrid(answer.data.cohorts));
    expect(await page.getByRole('columnheader').allInnerTexts()).toEqual(['Day', 'Users', 'Day 0', 'Day 1', 'Day 2']);

    await page.getByLabel('Cohorts by').selectOption('week');
    await page.waitForURL((url) => url.searchParams.get('mode') === null);
    const weekly = await api<{ data: { cohorts: Record<string, { size: number }> } }>(page, '/retention', { mode: 'week', range: 7, time_zone: TIME_ZONE });
    await page.getByRole('columnheader', { name: 'Week starting' }).waitFor();
    const sizes = await page.locator('[data-size]').evaluateAll((cells) => cells.map((cell) => Number(cell.getAttribute('data-size'))));
    expect(sizes).toEqual(Object.values(weekly.data.cohorts).map((cohort) => cohort.size));

    // All four users were first seen 3 to 1 days ago: one cohort per calendar month those days fall in.
    await page.getByLabel('Cohorts by').selectOption('month');
    await page.waitForURL((url) => url.searchParams.get('mode') === 'month');
    const monthly = await api<{ data: { cohorts: Cohorts; mode: string } }>(page, '/retention', { mode: 'month', range: 7, time_zone: TIME_ZONE });
    expect(monthly.data.mode).toBe('month');
    const months = [...new Set([3, 2, 1].map((days) => monthOf(dayAgo(days))))];
    expect(Object.keys(monthly.data.cohorts)).toEqual(months);
    expect(Object.values(monthly.data.cohorts).reduce((total, cohort) => total + cohort.size, 0)).toBe(4);
    if (months.length === 1) expect(monthly.data.cohorts[months[0] ?? '']).toEqual({ size: 4, percentages: [100] });
    await page.getByRole('columnheader', { name: 'Month starting' }).waitFor();
    await ready(page, 'retention');
    expect(await cohortGrid(page)).toEqual(expectedGrid(monthly.data.cohorts));
    expect(await page.getByRole('columnheader').allInnerTexts()).toEqual(['Month starting', 'Users', ...Object.values(monthly.data.cohorts)[0]?.percentages.map((_, period) => `Month ${period}`) ?? []]);
    expect(h.consoleErrors.splice(0)).toEqual([]);
    await context.close();
  });
});

interface Occurrence { timestamp: string; session_id: string; message: string; stack: string | null; fileName: string | null; lineNumber: number | null; columnNumber: number | null; browser: string }

describe('errors page', () => {
  it('lists the error messages with the API counts, and the chosen one with its series, stacks and session links', async () => {
    const context = await signedIn();
    const page = await h.open(context, `${h.loupeUrl}/sites/${site}/errors?period=7d`);
    const names = await api<{ data: { data: Array<{ value: string; errorName: string; count: number; sessionCount: number; percentage: number }>; totalCount: number } }>(
      page, '/errors/names', { ...LAST_7_DAYS, page: 1, limit: 100 },
    );
    expect(names.data).toEqual({
      data: [
        { value: A, errorName: 'TypeError', count: 3, sessionCount: 2, percentage: 75 },
        { value: B, errorName: 'Error', count: 1, sessionCount: 1, percentage: 25 },
      ],
      totalCount: 2,
    });
    await ready(page, 'error-groups');
    const groups = await page.getByTestId('error-group').evaluateAll((rows) => rows.map((row) => [
      row.querySelector('[data-value]')?.getAttribute('data-value'), Number(row.querySelector('[data-count]')?.getAttribute('data-count')),
      Number(row.querySelector('[data-sessions]')?.getAttribute('data-sessions')),
    ]));
    expect(groups).toEqual(names.data.data.map((row) => [row.value, row.count, row.sessionCount]));
    expect(await page.getByTestId('chosen-error').innerText()).toBe(A);

    const events = await api<{ data: { data: Occurrence[]; totalCount: number } }>(page, '/errors/events', { ...LAST_7_DAYS, errorMessage: A, page: 1, limit: 10 });
    expect(events.data.totalCount).toBe(3);
    expect(events.data.data.map((row) => row.stack)).toEqual([STACK_3, STACK_1, STACK_1]);
    await ready(page, 'error-occurrences');
    const occurrences = page.getByTestId('error-occurrence');
    expect(await occurrences.count()).toBe(3);
    expect(await page.getByTestId('error-stack').allTextContents()).toEqual(events.data.data.map((row) => row.stack));
    expect(await page.getByTestId('error-source').allTextContents()).toEqual(events.data.data.map((row) => `${row.fileName}:${row.lineNumber}:${row.columnNumber}`));
    expect(await page.getByTestId('error-browser').first().innerText()).toBe('Firefox 128.0');
    expect(await page.getByTestId('error-page').first().innerText()).toBe('shop.example/cart');
    expect(await occurrences.getByRole('link', { name: /^View session/ }).evaluateAll((links) => links.map((link) => link.getAttribute('href')))).toEqual(
      events.data.data.map((row) => `/sites/${site}/sessions/${row.session_id}`),
    );
    expect(await page.getByTestId('occurrence-range').innerText()).toBe('1–3 of 3, newest first');

    const series = await api<{ data: Array<{ time: string; error_count: number }> }>(page, '/errors/time-series', { ...LAST_7_DAYS, errorMessage: A, bucket: 'day' });
    expect(series.data.map((point) => point.error_count)).toEqual([0, 0, 0, 0, 0, 3, 0]);
    await ready(page, 'error-time-series');
    expect(await page.getByTestId('time-series').getAttribute('data-points')).toBe(String(series.data.length));

    await page.getByTestId('error-groups').getByRole('button', { name: B }).click();
    await page.waitForURL((url) => url.searchParams.get('error') === B);
    await page.getByTestId('chosen-error').filter({ hasText: B }).waitFor();
    await page.getByText('No stack trace was sent.').waitFor();
    const other = await api<{ data: { data: Occurrence[] } }>(page, '/errors/events', { ...LAST_7_DAYS, errorMessage: B, page: 1, limit: 10 });
    expect(other.data.data.map((row) => [row.message, row.stack, row.session_id])).toEqual([[B, null, '6']]);
    expect(await page.getByTestId('error-message').allInnerTexts()).toEqual([B]);
    expect(await page.getByTestId('error-groups').locator('[aria-pressed="true"]').getAttribute('data-value')).toBe(B);
    expect(h.consoleErrors.splice(0)).toEqual([]);
    await context.close();
  });
});

describe('journeys, retention and errors pages', () => {
  // The two widths are checked side by side (each in its own context, both schemes on each page).
  it('have no serious accessibility violation or overflow, light and dark, desktop and 375 px', async () => {
    await Promise.all((['desktop', 'phone'] as const).map(async (width) => {
      const viewport = width === 'desktop' ? DESKTOP : PHONE;
      const context = await signedIn(viewport);
      await checkPages(h, [
        ['journeys', `/sites/${site}/journeys?period=7d`, context],
        ['retention', `/sites/${site}/retention?mode=day&range=7`, context],
        ['retention-month', `/sites/${site}/retention?mode=month&range=30`, context],
        ['errors', `/sites/${site}/errors?period=7d`, context],
      ], width, viewport.width, dataAreasSettled);
      await context.close();
    }));
    expect(h.consoleErrors.splice(0)).toEqual([]);
    // Sixteen page checks with axe (eight page loads) on two cores.
  }, 180_000);
});
