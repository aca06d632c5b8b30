// Browser-test harness for the dashboard: the built dashboard served by a real Loupe server (BASE_URL its own
// origin, as in production), a page server on another origin for the tracked test pages, headless Chromium,
// axe-core, screenshots and console-error collection.
import { createServer, type Server } from 'node:http';
import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { type Browser, type BrowserContext, type BrowserContextOptions, type Locator, type Page, type Request } from 'playwright-core';
import { expect, inject } from 'vitest';
import { projectPath } from '../../src/platform/project-path.js';
import { createTestApp, type TestApp, type TestAppOptions } from '../helpers/test-app.js';
import { closeContexts, workerChromium } from './worker-chromium.js';

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
  options: {
    env?: Record<string, string> | ((loupeUrl: string) => Promise<Record<string, string>>);
    enforceContentSecurityPolicy?: boolean;
    /** Where referrers' favicons are fetched from and how their names resolve (a loopback server standing for them). */
    favicons?: { upstream: NonNullable<TestAppOptions['faviconUpstream']>; resolveHost: NonNullable<TestAppOptions['resolveHost']> };
  } = {},
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
    ...(options.favicons ? { faviconUpstream: options.favicons.upstream, resolveHost: options.favicons.resolveHost } : {}),
  });
  await loupe.app.listen({ host: '127.0.0.1', port });

  const pages = new Map<string, string>();
  const server = createServer((request, response) => {
    const page = pages.get((request.url ?? '/').split('?')[0] ?? '/');
    if (page === undefined) response.writeHead(request.url === '/favicon.ico' ? 204 : 404).end();
    else response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page);
  });
  const pagesPort = await listen(server, '127.0.0.1');
  const launched = await workerChromium();
  const browser = instrumented(launched, { bypassContentSecurityPolicy: !options.enforceContentSecurityPolicy });
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
      await closeContexts(launched);
      await new Promise((resolve) => server.close(resolve));
      await loupe.close();
    },
  };
}

/** Requests each page has in flight (counted from before its first navigation), for `networkQuiet`. */
const requestsInFlight = new WeakMap<Page, number>();

function countRequests(context: BrowserContext): BrowserContext {
  // The page is read once, when the request starts, and the same page is decremented when it ends: a frame's
  // page can be gone by then (a frame removed while it loads), and the request of a frame not yet attached to
  // its page has none to read (Playwright throws); such a request is not counted at all.
  const counted = new WeakMap<Request, Page>();
  const pageOf = (request: Request): Page | null => {
    if (request.serviceWorker()) return null; // a service worker's request has no frame, hence no page
    try {
      return request.frame().page();
    } catch {
      return null;
    }
  };
  const add = (page: Page, by: number): void => void requestsInFlight.set(page, (requestsInFlight.get(page) ?? 0) + by);
  context.on('request', (request) => {
    const page = pageOf(request);
    if (!page) return;
    counted.set(request, page);
    add(page, 1);
  });
  const end = (request: Request): void => {
    const page = counted.get(request);
    if (!page) return;
    counted.delete(request);
    add(page, -1);
  };
  context.on('requestfinished', end);
  context.on('requestfailed', end);
  return context;
}

/**
 * The browser as the tests use it: every new context counts its pages' requests (for `networkQuiet`) and, unless
 * a test enforces it, ignores the pages' Content Security Policy.
 */
function instrumented(browser: Browser, options: { bypassContentSecurityPolicy: boolean }): Browser {
  const withDefaults = (contextOptions: BrowserContextOptions = {}): BrowserContextOptions =>
    (options.bypassContentSecurityPolicy ? { bypassCSP: true, ...contextOptions } : contextOptions);
  return new Proxy(browser, {
    get(target, property) {
      if (property === 'newContext') return async (contextOptions?: BrowserContextOptions) => countRequests(await target.newContext(withDefaults(contextOptions)));
      if (property === 'newPage') {
        return async (contextOptions?: BrowserContextOptions) => {
          const context = countRequests(await target.newContext(withDefaults(contextOptions)));
          const page = await context.newPage();
          // A page of its own context: closing the page closes the context, as with Browser.newPage.
          page.once('close', () => void context.close());
          return page;
        };
      }
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

/**
 * Resolves once the page has no request in flight and starts none over two animation frames (time for the answers
 * to render and for what they make the page ask next): the condition that `waitForLoadState('networkidle')` waits
 * half a second of silence for.
 */
export async function networkQuiet(page: Page, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if ((requestsInFlight.get(page) ?? 0) === 0) {
      // Evaluated through the debugging protocol, which the page's Content Security Policy does not govern.
      await page.evaluate('document.fonts.ready.then(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))))');
      if ((requestsInFlight.get(page) ?? 0) === 0) return;
    }
    if (Date.now() > deadline) throw new Error(`${page.url()}: ${requestsInFlight.get(page) ?? 0} requests still in flight after ${timeoutMs} ms`);
    // Polls the count this process keeps (no round trip to the browser) until the requests in flight end.
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
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

/**
 * What `seriousViolations` checks: every rule, or only those that read colours (what a colour scheme changes: the
 * page's structure, names and roles are the same in both schemes, so the second scheme's check runs these alone).
 */
export type AxeRules = 'all' | 'colours';
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

/** axe-core's serious and critical violations on the page as `rule: targets` lines (none expected). */
export async function seriousViolations(page: Page, rules: AxeRules = 'all'): Promise<string[]> {
  // Evaluated through the browser's debugging protocol, which the page's Content Security Policy does not govern
  // (a script tag would be refused, as it should be: the dashboard allows no inline script). Once per document:
  // the source is half a megabyte to compile.
  if (await page.evaluate('typeof axe === "undefined"')) await page.evaluate(axeSource);
  const options = JSON.stringify(rules === 'all' ? { resultTypes: ['violations'] } : { resultTypes: ['violations'], runOnly: COLOUR_RULES });
  // Browser-side code is passed as a string: the test files are type-checked without the DOM library.
  return page.evaluate(`axe.run(document, ${options}).then((result) => result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => v.id + ': ' + v.nodes.map((n) => n.target.join(' ')).join(', ')))`) as Promise<string[]>;
}

export async function screenshot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: join(SCREENSHOT_DIR, `${name}.png`), fullPage: true });
}

export type ColourScheme = 'light' | 'dark';
export const SCHEMES: readonly ColourScheme[] = ['light', 'dark'];

/**
 * Sets the system's colour preference of the page to `scheme` and resolves once the dashboard has drawn it: the
 * dashboard follows the preference live (theme "system", the default), so one loaded page serves both schemes.
 */
export async function showScheme(page: Page, scheme: ColourScheme): Promise<void> {
  await page.emulateMedia({ colorScheme: scheme });
  // Through the debugging protocol (no string evaluated in the page, which a page's policy may refuse): waits for
  // the root's theme, then two frames, for React's commit and the charts drawn anew.
  await page.evaluate(`new Promise((resolve) => {
    const root = document.documentElement;
    const drawn = () => root.dataset.theme === ${JSON.stringify(scheme)};
    if (drawn()) return resolve();
    const observer = new MutationObserver(() => { if (drawn()) { observer.disconnect(); resolve(); } });
    observer.observe(root, { attributes: true, attributeFilter: ['data-theme'] });
  }).then(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))))`);
}

/**
 * What every page is held to, in the light and then the dark scheme on the same page (left light again): a
 * screenshot `<name>-<scheme>-<widthName>`, no serious or critical axe violation (every rule in the light scheme,
 * the colour rules in the dark one), and no horizontal overflow at `width`. `ready` runs after each switch, for
 * views that draw something late.
 */
export async function checkLooks(page: Page, name: string, widthName: string, width: number, ready?: (page: Page) => Promise<void>): Promise<void> {
  for (const scheme of SCHEMES) {
    await showScheme(page, scheme);
    if (ready) await ready(page);
    await screenshot(page, `${name}-${scheme}-${widthName}`);
    expect([name, scheme, await seriousViolations(page, scheme === SCHEMES[0] ? 'all' : 'colours')]).toEqual([name, scheme, []]);
    expect([name, scheme, await page.evaluate('document.documentElement.scrollWidth')]).toEqual([name, scheme, width]);
  }
  await showScheme(page, 'light');
}

/** Resolves once every data area marked `data-bench-piece` holds the API's answer (ready or empty). */
export async function dataAreasSettled(page: Page): Promise<void> {
  await page.waitForFunction(`(() => {
    const pieces = [...document.querySelectorAll('[data-bench-piece]')];
    return pieces.length > 0 && pieces.every((piece) => piece.getAttribute('data-bench-state') !== 'loading');
  })()`);
}

/**
 * Opens each `[name, path, context]` page, waits for its heading and its requests, and holds it to `checkLooks` in
 * both schemes (`settled`, when given, runs after each switch). The contexts must leave the theme on "system". The
 * pages of one context are loaded one after the other in one page (a page opened costs Chromium about twice what
 * a navigation does).
 */
export async function checkPages(
  h: DashboardHarness, pages: ReadonlyArray<readonly [string, string, BrowserContext]>, widthName: string, width: number, settled?: (page: Page) => Promise<void>,
): Promise<void> {
  const opened = new Map<BrowserContext, Page>();
  for (const [name, path, context] of pages) {
    const earlier = opened.get(context);
    if (earlier) await earlier.goto(h.loupeUrl + path);
    const page = earlier ?? await h.open(context, h.loupeUrl + path);
    opened.set(context, page);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await networkQuiet(page);
    await checkLooks(page, name, widthName, width, settled);
  }
  await Promise.all([...opened.values()].map((page) => page.close()));
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
