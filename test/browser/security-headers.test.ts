// The security headers in headless Chromium against a real Loupe server: the dashboard (with its uPlot chart),
// the settings page and the API reference render under their Content Security Policy without one violation
// or console error; the tracking script on a page of another origin still sends its event; and a page of
// another origin that frames the signed-in settings page gets nothing in the frame.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { APIRequestContext, BrowserContext, Page } from 'playwright-core';
import { networkQuiet, screenshot, SCREENSHOT_DIR, startDashboardHarness, type DashboardHarness } from './dashboard-harness.js';
import { until } from '../helpers/until.js';

let h: DashboardHarness;
let storage: Awaited<ReturnType<BrowserContext['storageState']>>;
let organization = '';
let site = '';
const LAST_24_HOURS = 'past_minutes_start=1440&past_minutes_end=0';

/** Records every securitypolicyviolation of every document of the context, before any page script runs. */
const RECORD_VIOLATIONS = `
  window.__cspViolations = [];
  document.addEventListener('securitypolicyviolation', (event) => {
    window.__cspViolations.push(event.violatedDirective + ' blocked ' + (event.blockedURI || 'inline') + ' at ' + event.sourceFile + ':' + event.lineNumber);
  });
`;

async function post(request: APIRequestContext, path: string, data: unknown): Promise<Record<string, unknown>> {
  const response = await request.post(`${h.loupeUrl}${path}`, { data, headers: { origin: h.loupeUrl } });
  expect([path, response.status()]).toEqual([path, 200]);
  return await response.json() as Record<string, unknown>;
}

const violations = (page: Page) => page.evaluate('window.__cspViolations') as Promise<string[]>;

beforeAll(async () => {
  h = await startDashboardHarness({ enforceContentSecurityPolicy: true });
  console.log(`dashboard screenshots: ${SCREENSHOT_DIR}`);
  const context = await h.browser.newContext();
  await post(context.request, '/api/auth/sign-up/email', { name: 'Hedy', email: 'hedy@example.com', password: 'frequency-hopping-42' });
  organization = String((await post(context.request, '/api/auth/organization/create', { name: 'Hedy Labs', slug: 'hedy-labs' })).id);
  site = String((await post(context.request, `/api/organizations/${organization}/sites`, { domain: 'localhost', name: 'Hedy home', blockBots: false })).id);
  storage = await context.storageState();
  await context.close();
});
afterAll(async () => h?.close());

describe('security headers in the browser', () => {
  it('lets the tracking script on another origin send its event', async () => {
    h.page('/tracked', `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Tracked</title><script defer src="${h.loupeUrl}/api/script.js" data-site-id="${site}"></script></head><body><h1>Tracked</h1></body></html>`);
    const visitor = await h.browser.newContext();
    const page = await h.open(visitor, `${h.pagesUrl}/tracked`);
    const signedIn = await h.browser.newContext({ storageState: storage });
    const overview = async () => (await (await signedIn.request.get(`${h.loupeUrl}/api/sites/${site}/overview?${LAST_24_HOURS}`)).json() as { data: { pageviews: number } }).data.pageviews;
    expect(await until(overview, (pageviews) => pageviews === 1)).toBe(1);
    await page.close();
    await visitor.close();
    await signedIn.close();
  });

  it('renders the dashboard, its settings and the API reference with no policy violation or console error', async () => {
    const context = await h.browser.newContext({ viewport: { width: 1280, height: 800 }, storageState: storage });
    await context.addInitScript(RECORD_VIOLATIONS);

    const overview = await h.open(context, `${h.loupeUrl}/sites/${site}`);
    await overview.getByRole('heading', { level: 1 }).waitFor();
    await networkQuiet(overview);
    await overview.locator('.uplot').first().waitFor();
    await overview.getByTestId('overview-pageviews').filter({ hasText: /^1$/ }).waitFor();
    // The cards below the fold (the world map among them) load when they scroll into view.
    await overview.getByRole('heading', { name: 'Outbound links' }).scrollIntoViewIfNeeded();
    await overview.getByRole('heading', { name: 'Locations' }).scrollIntoViewIfNeeded();
    await networkQuiet(overview);
    await overview.locator('svg path').nth(20).waitFor();
    await screenshot(overview, 'csp-overview');
    expect(await violations(overview)).toEqual([]);

    const settings = await h.open(context, `${h.loupeUrl}/sites/${site}/settings`);
    await settings.getByRole('heading', { level: 1 }).waitFor();
    await networkQuiet(settings);
    expect(await violations(settings)).toEqual([]);

    expect(h.consoleErrors).toEqual([]);

    const reference = await h.open(context, `${h.loupeUrl}/api/docs/`);
    await reference.getByText('Loupe analytics API').first().waitFor({ timeout: 30_000 });
    await networkQuiet(reference);
    await screenshot(reference, 'csp-api-reference');
    // The bundle's copy of Zod probes once whether it may compile validators (`try { Function('') } catch`) and
    // falls back when it may not: that refused probe is expected, and is the only thing refused.
    const isZodProbe = (line: string) => line.startsWith(`script-src blocked eval at ${h.loupeUrl}/api/docs/js/scalar.js:`);
    const referenceViolations = await violations(reference);
    expect(referenceViolations.filter((line) => !isZodProbe(line))).toEqual([]);
    // The reference page names no icon, so Chromium asks for /favicon.ico (a 404: Loupe has none); Playwright
    // does not see that request, only its console line.
    const unexpected = h.consoleErrors.filter((line) => !line.includes("Refused to evaluate a string as JavaScript because 'unsafe-eval'") && !line.endsWith('/api/docs/: Failed to load resource: the server responded with a status of 404 (Not Found)'));
    expect(unexpected).toEqual([]);
    await context.close();
  });

  it('keeps the signed-in settings page out of a frame on another origin', async () => {
    h.page('/framing', `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Framing</title></head><body><iframe title="loupe" src="${h.loupeUrl}/sites/${site}/settings" width="800" height="600"></iframe></body></html>`);
    const context = await h.browser.newContext({ storageState: storage });
    // Not through h.open: Chromium reports the refused frame on this page's console, which is the point here.
    const page = await context.newPage();
    await page.goto(`${h.pagesUrl}/framing`);
    const frameUrl = () => page.frames().find((candidate) => candidate !== page.mainFrame())?.url() ?? '';
    expect(await until(frameUrl, (url) => url !== '' && url !== 'about:blank')).toBe('chrome-error://chromewebdata/');
    await context.close();
  });
});
