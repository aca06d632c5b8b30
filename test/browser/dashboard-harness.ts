// Browser-test harness for the dashboard: the built dashboard served by a real Loupe server (BASE_URL its own
// origin, as in production), a page server on another origin for the tracked test pages, headless Chromium,
// axe-core, screenshots and console-error collection.
import { createServer, type Server } from 'node:http';
import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Locator, type Page } from 'playwright-core';
import { expect, inject } from 'vitest';
import { projectPath } from '../../src/platform/project-path.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
export const SCREENSHOT_DIR = projectPath('.tmp', 'screenshots', 'dashboard');
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export interface DashboardHarness {
  readonly loupe: TestApp;
  /** The dashboard's origin, also BASE_URL. */
  readonly loupeUrl: string;
  /** The tracked test pages' origin: http://localhost:<port>. */
  readonly pagesUrl: string;
  readonly browser: Browser;
  /** Every console error and page error seen in any page opened through `open`. */
  readonly consoleErrors: string[];
  page(path: string, html: string): void;
  open(context: BrowserContext, url: string): Promise<Page>;
  close(): Promise<void>;
}

function listen(server: Server, host: string, port = 0): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve((server.address() as AddressInfo).port));
  });
}

async function freePort(): Promise<number> {
  const probe = createServer();
  const port = await listen(probe, '127.0.0.1');
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** `env`: more settings of the Loupe server (e.g. TRUST_PROXY, so a test page's visit can carry a public address, or
 * WEBHOOK_ALLOW_PRIVATE_TARGETS for a receiver on loopback); a function gets the server's URL first (to register
 * its callback at a test identity provider). `enforceContentSecurityPolicy`: pages obey the dashboard's policy (the
 * security-headers test); otherwise pages ignore it, so that tests may drive them with string scripts
 * (`waitForFunction`), which the policy's refusal of eval would stop. */
export async function startDashboardHarness(
  options: { env?: Record<string, string> | ((loupeUrl: string) => Promise<Record<string, string>>); enforceContentSecurityPolicy?: boolean } = {},
): Promise<DashboardHarness> {
  // The run's one build (test/setup/built-dashboard.ts), served read-only by every browser test.
  const distDir = inject('dashboardDistDir');
  if (!distDir) throw new Error('no dashboard build: run the browser tests through the system tier (npm run test:system)');
  const port = await freePort();
  const loupeUrl = `http://127.0.0.1:${port}`;
  const env = typeof options.env === 'function' ? await options.env(loupeUrl) : options.env;
  const loupe = await createTestApp({
    env: { ...env, BASE_URL: loupeUrl },
    ingestionBuffer: { flushIntervalMs: 50 },
    dashboard: { location: { distDir }, buildWhenStale: false },
  });
  await loupe.app.listen({ host: '127.0.0.1', port });

  const pages = new Map<string, string>();
  const server = createServer((request, response) => {
    const page = pages.get((request.url ?? '/').split('?')[0] ?? '/');
    if (page === undefined) response.writeHead(request.url === '/favicon.ico' ? 204 : 404).end();
    else response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page);
  });
  const pagesPort = await listen(server, '127.0.0.1');
  const launched = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
  const browser = options.enforceContentSecurityPolicy ? launched : ignoringContentSecurityPolicy(launched);
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const consoleErrors: string[] = [];

  return {
    loupe,
    loupeUrl,
    pagesUrl: `http://localhost:${pagesPort}`,
    browser,
    consoleErrors,
    page: (path, html) => void pages.set(path, html),
    async open(context, url) {
      const page = await context.newPage();
      page.on('console', (message) => {
        if (message.type() === 'error') consoleErrors.push(`${page.url()}: ${message.text()}`);
      });
      page.on('pageerror', (error) => consoleErrors.push(`${page.url()}: ${error.message}`));
      await page.goto(url);
      return page;
    },
    async close() {
      await browser.close();
      await new Promise((resolve) => server.close(resolve));
      await loupe.close();
    },
  };
}

/** The browser whose new contexts and pages ignore the pages' Content Security Policy (unless a test asks otherwise). */
function ignoringContentSecurityPolicy(browser: Browser): Browser {
  return new Proxy(browser, {
    get(target, property) {
      if (property === 'newContext') return (contextOptions: BrowserContextOptions = {}) => target.newContext({ bypassCSP: true, ...contextOptions });
      if (property === 'newPage') return (contextOptions: BrowserContextOptions = {}) => target.newPage({ bypassCSP: true, ...contextOptions });
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

/** The dashboard's default period as report parameters: the last 24 hours in the browser's time zone. */
export async function lastDayParams(page: Page): Promise<Record<string, string>> {
  const timeZone = await page.evaluate('Intl.DateTimeFormat().resolvedOptions().timeZone') as string;
  return { past_minutes_start: '1440', past_minutes_end: '0', time_zone: timeZone };
}

/** GET `/api/sites/<site><path>?<params>` with the page's cookies, expecting a 200; its JSON. */
export async function siteReport<T>(h: DashboardHarness, page: Page, site: string, path: string, params: Record<string, string>): Promise<T> {
  const response = await page.request.get(`${h.loupeUrl}/api/sites/${site}${path}?${new URLSearchParams(params).toString()}`);
  expect(response.status()).toBe(200);
  return response.json() as Promise<T>;
}

/** axe-core's serious and critical violations on the page as `rule: targets` lines (none expected). */
export async function seriousViolations(page: Page): Promise<string[]> {
  // Evaluated through the browser's debugging protocol, which the page's Content Security Policy does not govern
  // (a script tag would be refused, as it should be: the dashboard allows no inline script).
  await page.evaluate(axeSource);
  // Browser-side code is passed as a string: the test files are type-checked without the DOM library.
  return page.evaluate(`axe.run(document, { resultTypes: ['violations'] }).then((result) => result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => v.id + ': ' + v.nodes.map((n) => n.target.join(' ')).join(', ')))`) as Promise<string[]>;
}

export async function screenshot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: join(SCREENSHOT_DIR, `${name}.png`), fullPage: true });
}

/** Resolves once every data area marked `data-bench-piece` holds the API's answer (ready or empty). */
export async function dataAreasSettled(page: Page): Promise<void> {
  await page.waitForFunction(`(() => {
    const pieces = [...document.querySelectorAll('[data-bench-piece]')];
    return pieces.length > 0 && pieces.every((piece) => piece.getAttribute('data-bench-state') !== 'loading');
  })()`);
}

/**
 * Opens each `[name, path, context]` page, waits for its heading and its requests (and `settled`, when given),
 * screenshots it as `<name>-<suffix>`, and expects no serious axe violation and no horizontal overflow at `width`.
 */
export async function checkPages(
  h: DashboardHarness, pages: ReadonlyArray<readonly [string, string, BrowserContext]>, suffix: string, width: number, settled?: (page: Page) => Promise<void>,
): Promise<void> {
  for (const [name, path, context] of pages) {
    const page = await h.open(context, h.loupeUrl + path);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.waitForLoadState('networkidle');
    if (settled) await settled(page);
    await screenshot(page, `${name}-${suffix}`);
    expect([name, await seriousViolations(page)]).toEqual([name, []]);
    expect([name, await page.evaluate('document.documentElement.scrollWidth')]).toEqual([name, width]);
    await page.close();
  }
}

/** Clicks a "Download CSV" button and returns the file's name and its lines split into cells (no cell holds a comma or quote). */
export async function downloadCsv(page: Page, button: Locator): Promise<{ fileName: string; bom: boolean; rows: string[][] }> {
  const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
  const path = await download.path();
  const text = readFileSync(path, 'utf8');
  const body = text.startsWith('\uFEFF') ? text.slice(1) : text;
  expect(body.endsWith('\r\n')).toBe(true);
  return { fileName: download.suggestedFilename(), bom: body !== text, rows: body.slice(0, -2).split('\r\n').map((line) => line.split(',')) };
}
