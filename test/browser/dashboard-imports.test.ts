// The imports page in headless Chromium against a real Loupe server: an owner uploads a real Umami export (the
// fixture the HTTP tests use), sees the upload's progress and the summary counted from the file, the history
// row, then the overview showing the file's figures; the same file again skips every row as already imported;
// a file with a bad line shows the line and keeps nothing; deleting the import takes its rows out of the
// overview. Every look in light and dark, desktop and 375 px, axe-checked.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { APIRequestContext, BrowserContext, Page } from 'playwright-core';
import { fixture } from '../imports/import-reports.js';
import { checkPages, networkQuiet, SCREENSHOT_DIR, screenshot, seriousViolations, startDashboardHarness, type DashboardHarness } from './dashboard-harness.js';

let h: DashboardHarness;
let ownerState: Awaited<ReturnType<BrowserContext['storageState']>>;
let site = '';
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 375, height: 740 };
const UMAMI = fixture('umami.csv');
/** The fixture's data lines, and its pageviews (event_type 1) counted from the file itself. */
const LINES = readFileSync(UMAMI, 'utf8').trim().split('\n').slice(1);
const PAGEVIEWS = LINES.filter((line) => line.replace(/"(?:[^"]|"")*"/g, '').split(',')[17] === '1').length;
const SESSIONS = new Set(LINES.map((line) => line.split(',')[3])).size;
const OVERVIEW = '?period=custom&from=2026-03-01&to=2026-03-10&tz=UTC&compare=off';

async function post(request: APIRequestContext, path: string, data: unknown): Promise<Record<string, unknown>> {
  const response = await request.post(`${h.loupeUrl}${path}`, { data, headers: { origin: h.loupeUrl } });
  expect([path, response.status()]).toEqual([path, 200]);
  return await response.json() as Record<string, unknown>;
}

const owner = (viewport = DESKTOP, colorScheme: 'light' | 'dark' = 'light') => h.browser.newContext({ viewport, colorScheme, storageState: ownerState });

async function importFile(page: Page, source: string, file: string): Promise<void> {
  await page.getByLabel('Source').selectOption(source);
  await page.getByLabel('Export file').setInputFiles(file);
  await page.getByRole('button', { name: 'Import', exact: true }).click();
}

async function overviewFigure(page: Page, key: string): Promise<string> {
  await page.goto(`${h.loupeUrl}/sites/${site}${OVERVIEW}`);
  await networkQuiet(page);
  return (await page.getByTestId(`overview-${key}`).textContent()) ?? '';
}

beforeAll(async () => {
  h = await startDashboardHarness();
  console.log(`dashboard screenshots: ${SCREENSHOT_DIR}`);
  const context = await h.browser.newContext();
  await post(context.request, '/api/auth/sign-up/email', { name: 'Ida', email: 'ida@example.com', password: 'correct-horse-9' });
  ownerState = await context.storageState();
  const organization = String((await post(context.request, '/api/auth/organization/create', { name: 'Ida Imports', slug: 'ida-imports' })).id);
  site = String((await post(context.request, `/api/organizations/${organization}/sites`, { domain: 'example.com', name: 'Ida site' })).id);
  await context.close();
});
afterAll(async () => {
  await h?.close();
});

describe('imports page', () => {
  it('uploads an Umami export, shows its summary and history, and the overview then shows its figures', async () => {
    expect([LINES.length, PAGEVIEWS, SESSIONS]).toEqual([8, 7, 4]);
    const context = await owner();
    const page = await h.open(context, `${h.loupeUrl}/sites/${site}/imports`);
    await page.getByRole('heading', { name: 'Imports: Ida site', level: 1 }).waitFor();
    await page.getByText('No import yet.').waitFor();
    expect(await page.getByRole('link', { name: 'Imports' }).getAttribute('aria-current')).toBe('page');

    await importFile(page, 'umami', UMAMI);
    const summary = page.getByTestId('import-summary');
    await summary.waitFor();
    expect([await page.getByTestId('import-rows-read').textContent(), await page.getByTestId('import-imported').textContent(), await page.getByTestId('import-skipped').textContent()])
      .toEqual([String(LINES.length), String(LINES.length), '0']);
    await page.getByTestId('import-row').first().waitFor();
    expect(await page.getByTestId('import-status').allTextContents()).toEqual(['Completed']);
    expect(await page.getByTestId('import-row-imported').allTextContents()).toEqual([String(LINES.length)]);
    await screenshot(page, 'imports-summary');
    expect(await seriousViolations(page)).toEqual([]);

    // The same file again: every row is recognised.
    await importFile(page, 'umami', UMAMI);
    await page.getByTestId('import-skipped').filter({ hasText: 'already imported' }).waitFor();
    expect(await page.getByTestId('import-imported').textContent()).toBe('0');
    expect(await page.getByTestId('import-skipped').textContent()).toBe(`${LINES.length} (${LINES.length} already imported)`);
    await page.getByTestId('import-row').nth(1).waitFor();
    expect(await page.getByTestId('import-row-imported').allTextContents()).toEqual(['0', String(LINES.length)]);

    expect(await overviewFigure(page, 'pageviews')).toBe(String(PAGEVIEWS));
    expect(await page.getByTestId('overview-sessions').textContent()).toBe(String(SESSIONS));
    await screenshot(page, 'imports-overview-after');
    await context.close();
  });

  it('shows the bad line of a refused file and keeps nothing of it', async () => {
    const context = await owner();
    const page = await h.open(context, `${h.loupeUrl}/sites/${site}/imports`);
    await page.getByTestId('import-row').first().waitFor();
    await importFile(page, 'umami', fixture('umami-bad-row.csv'));
    const alert = page.getByRole('alert').filter({ hasText: 'line 5' });
    await alert.waitFor();
    expect(await alert.textContent()).toMatch(/umami-bad-row\.csv line 5: created_at: .+the import was deleted/);
    await networkQuiet(page);
    expect(await page.getByTestId('import-row').count()).toBe(2);
    await screenshot(page, 'imports-refused');
    expect(await seriousViolations(page)).toEqual([]);
    // The browser logs the refused upload's 400 as a console error; nothing else may be there.
    expect(h.consoleErrors.splice(0).filter((message) => !message.includes('400'))).toEqual([]);
    await context.close();
  });

  it('deletes an import with its rows after a confirmation: the overview no longer counts them', async () => {
    const context = await owner();
    const page = await h.open(context, `${h.loupeUrl}/sites/${site}/imports`);
    await page.getByTestId('import-row').nth(1).waitFor();
    // The older import (listed last) stored the rows.
    await page.getByTestId('import-row').nth(1).getByRole('button', { name: /^Delete/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete?' });
    await dialog.getByText(`and the ${LINES.length} rows it stored`).waitFor();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await networkQuiet(page);
    expect(await page.getByTestId('import-row-imported').allTextContents()).toEqual(['0']);
    expect(await overviewFigure(page, 'pageviews')).toBe('0');
    await context.close();
  });
});

describe('looks', () => {
  it.each([
    ['desktop'], ['phone'],
  ] as const)('shows the imports page without serious accessibility violations or overflow (light and dark, %s)', async (width) => {
    const viewport = width === 'desktop' ? DESKTOP : PHONE;
    const context = await owner(viewport, 'light');
    await checkPages(h, [['imports', `/sites/${site}/imports`, context]], width, viewport.width);
    expect(h.consoleErrors.splice(0)).toEqual([]);
    await context.close();
  });
});
