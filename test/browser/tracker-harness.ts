// Browser-test harness for the tracking script: a real Loupe server on 127.0.0.1, test pages on another origin
// (http://localhost:<port>), headless Chromium, and report reading over HTTP.
import { createServer, type Server } from 'node:http';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import { buildTracker } from '../../tracker/build.js';
import { createOrganization, createSite, signUp } from '../helpers/auth-client.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { projectPath } from '../../src/platform/project-path.js';
import { closeContexts, workerChromium } from './worker-chromium.js';

export const SCREENSHOT_DIR = projectPath('.tmp', 'screenshots', 'tracker');

export interface Harness {
  readonly loupe: TestApp;
  readonly loupeUrl: string;
  /** The test pages' origin: http://localhost:<port>. */
  readonly pagesUrl: string;
  /** The same page server under another origin (http://127.0.0.1:<port>), for third-party scripts. */
  readonly foreignUrl: string;
  readonly browser: Browser;
  /** Where the tag's src points: the directory holding script.js and its modules. */
  readonly scriptBase: string;
  site(settings?: Record<string, unknown>): Promise<{ siteId: number; id: string }>;
  /** Serves `html` at `path` on the pages origin. */
  page(path: string, html: string): void;
  get<T>(url: string): Promise<T>;
  close(): Promise<void>;
}

function listen(server: Server, host: string): Promise<number> {
  return new Promise((resolve) => server.listen(0, host, () => resolve((server.address() as AddressInfo).port)));
}

export async function startHarness(): Promise<Harness> {
  const distDir = mkdtempSync(join(tmpdir(), 'loupe-tracker-dist-'));
  await buildTracker(distDir);
  const loupe = await createTestApp({ ingestionBuffer: { flushIntervalMs: 50 } });
  await loupe.app.listen({ host: '127.0.0.1', port: 0 });
  const loupeUrl = `http://127.0.0.1:${(loupe.app.server.address() as AddressInfo).port}`;
  const owner = await signUp(loupe.app, 'tracker-browser@example.com');
  const organizationId = await createOrganization(loupe.app, owner.cookie, 'tracker-browser');

  const pages = new Map<string, string>();
  pages.set('/thrower.js', 'window.foreignBoom = function () { setTimeout(function () { throw new Error("foreign boom"); }); };');
  const server = createServer((request, response) => {
    const path = (request.url ?? '/').split('?')[0] ?? '/';
    if (path.startsWith('/tracker/')) {
      try {
        const body = readFileSync(join(distDir, path.slice('/tracker/'.length).replaceAll('/', '')));
        response.writeHead(200, { 'content-type': 'application/javascript; charset=utf-8' }).end(body);
      } catch {
        response.writeHead(404).end();
      }
      return;
    }
    const page = pages.get(path);
    if (page === undefined) {
      response.writeHead(path === '/favicon.ico' ? 204 : 404).end();
      return;
    }
    response.writeHead(200, { 'content-type': path.endsWith('.js') ? 'application/javascript' : 'text/html; charset=utf-8' }).end(page);
  });
  const port = await listen(server, '127.0.0.1');
  const pagesUrl = `http://localhost:${port}`;
  const browser = await workerChromium();
  mkdirSync(SCREENSHOT_DIR, { recursive: true });

  return {
    loupe,
    loupeUrl,
    pagesUrl,
    foreignUrl: `http://127.0.0.1:${port}`,
    browser,
    // The server's own /api/script.js and modules, as a site owner's tag loads them.
    scriptBase: `${loupeUrl}/api/`,
    site: (settings = {}) => createSite(loupe.app, owner, organizationId, { domain: 'localhost', blockBots: false, ...settings }),
    page: (path, html) => void pages.set(path, html),
    async get<T>(url: string): Promise<T> {
      const response = await fetch(loupeUrl + url, { headers: { cookie: owner.cookie } });
      if (response.status !== 200) throw new Error(`GET ${url}: ${response.status} ${await response.text()}`);
      return (await response.json()) as T;
    },
    async close() {
      await closeContexts(browser);
      await new Promise((resolve) => server.close(resolve));
      await loupe.close();
      rmSync(distDir, { recursive: true, force: true });
    },
  };
}

/** data-api-host only while the script is served by the page server (the tag's own origin is the API otherwise). */
const apiHost = (h: Harness) => (h.scriptBase.startsWith(h.loupeUrl) ? '' : ` data-api-host="${h.loupeUrl}"`);

/** A test page: the tag (with `attributes`) after `head`, then `body`. */
export function testPage(h: Harness, siteId: string | number, options: { attributes?: string; head?: string; body?: string; title?: string } = {}): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${options.title ?? 'Tracker test'}</title>${options.head ?? ''}
<script src="${h.scriptBase}script.js" data-site-id="${siteId}"${apiHost(h)} ${options.attributes ?? ''} defer></script></head>
<body><h1>Tracker test page</h1><p>Some text so that the page paints a largest contentful element.</p>${options.body ?? ''}</body></html>`;
}

/**
 * Records in `window.__scriptsRun` the address of every script element once it has run (its load event, caught on
 * the way down since it does not bubble): a module has run, not merely been added, when its address is there.
 */
export const RECORD_SCRIPTS_RUN = `window.__scriptsRun = [];
  document.addEventListener('load', (event) => { if (event.target instanceof HTMLScriptElement) window.__scriptsRun.push(event.target.src); }, true);`;

/** Browser-side condition: the module `name`.js has run. */
export const moduleRan = (name: string) => `window.__scriptsRun.some((src) => src.endsWith('/${name}.js'))`;

/** A new page (in its own context) that records the scripts that have run. */
export async function newPage(h: Harness): Promise<Page> {
  const page = await h.browser.newPage();
  await page.addInitScript(RECORD_SCRIPTS_RUN);
  return page;
}

/** Opens `path`, collecting console errors; the caller asserts there are none. */
export async function openPage(h: Harness, path: string): Promise<{ page: Page; consoleErrors: string[]; trackRequests: string[] }> {
  const page = await newPage(h);
  const consoleErrors: string[] = [];
  const trackRequests: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
  page.on('request', (request) => {
    if (request.url().startsWith(h.loupeUrl + '/api/track') || request.url().startsWith(h.loupeUrl + '/api/identify')) trackRequests.push(request.postData() ?? '');
  });
  await page.goto(h.pagesUrl + path);
  return { page, consoleErrors, trackRequests };
}

export async function screenshot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: join(SCREENSHOT_DIR, `${name}.png`) });
}

/** Polls until a condition holds (the ingestion buffer flushes every 50 ms), then returns the last value. */
export { eventually } from '../helpers/until.js';
