// Share links and embed mode in headless Chromium: a private link (Rybbit's `/{site}/{key}` form) opens the
// site's dashboard read-only without signing in; a link with a password asks for it first; and a page of an
// allowed origin shows the dashboard in a frame without chrome, while a page of another origin gets nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { APIRequestContext, BrowserContext, Frame, Page } from 'playwright-core';
import { checkLooks, networkQuiet, screenshot, SCREENSHOT_DIR, seriousViolations, startDashboardHarness, type DashboardHarness } from './dashboard-harness.js';
import { seedEvents } from '../helpers/seed-events.js';
import { until } from '../helpers/until.js';

let h: DashboardHarness;
let open: { siteId: number; key: string };
let locked: { siteId: number; key: string };
const PASSWORD = 'open sesame 42';

async function send<T>(request: APIRequestContext, method: 'POST' | 'PUT', path: string, data: unknown): Promise<T> {
  const response = await request.fetch(`${h.loupeUrl}${path}`, { method, data, headers: { origin: h.loupeUrl } });
  if (response.status() !== 200) throw new Error(`${path}: ${response.status()} ${await response.text()}`);
  return response.json() as Promise<T>;
}

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

beforeAll(async () => {
  // The dashboard's policy is enforced: frame-ancestors is what lets (or stops) a frame.
  h = await startDashboardHarness({ enforceContentSecurityPolicy: true });
  console.log(`dashboard screenshots: ${SCREENSHOT_DIR}`);
  const context = await h.browser.newContext();
  const request = context.request;
  await send(request, 'POST', '/api/auth/sign-up/email', { name: 'Ada', email: 'ada@example.com', password: 'analytical-engine-1' });
  const organization = await send<{ id: string }>(request, 'POST', '/api/auth/organization/create', { name: 'Ada Co', slug: 'ada-co' });
  const siteOf = async (name: string) => {
    const site = await send<{ siteId: number }>(request, 'POST', `/api/organizations/${organization.id}/sites`, { name, domain: `${name}.example.com` });
    await seedEvents(h.loupe, site.siteId, [
      { at: minutesAgo(60), session_id: 1, user_id: 'v1', country: 'FR', pathname: '/', browser: 'Firefox' },
      { at: minutesAgo(59), session_id: 1, user_id: 'v1', country: 'FR', pathname: '/pricing', browser: 'Firefox' },
    ]);
    const key = (await send<{ data: { privateLinkKey: string } }>(request, 'POST', `/api/sites/${site.siteId}/private-link-config`, { action: 'generate_private_link_key' })).data.privateLinkKey;
    return { siteId: site.siteId, key };
  };
  open = await siteOf('open');
  locked = await siteOf('locked');
  await send(request, 'PUT', `/api/sites/${open.siteId}/config`, { embedOrigins: [h.pagesUrl] });
  await send(request, 'PUT', `/api/sites/${locked.siteId}/private-link-password`, { password: PASSWORD });
  await context.close();
});
afterAll(async () => h?.close());

async function dashboardShown(page: Page | Frame, name: string): Promise<void> {
  await page.getByRole('heading', { level: 1, name }).waitFor();
}

describe('share links', () => {
  it.each([
    ['desktop', { viewport: { width: 1280, height: 800 }, colorScheme: 'light' as const }],
    ['phone', { viewport: { width: 375, height: 800 }, colorScheme: 'light' as const }],
  ])('opens the dashboard read-only from Rybbit\'s /{site}/{key} form, signed out (light and dark, %s)', async (width, options) => {
    const context = await h.browser.newContext(options);
    const page = await h.open(context, `${h.loupeUrl}/${open.siteId}/${open.key}/main`);
    await dashboardShown(page, 'open');
    expect(new URL(page.url()).pathname).toBe(`/sites/${open.siteId}`);
    await networkQuiet(page);
    // Read-only: no sign-out, no settings link; a sign-in link instead.
    expect(await page.getByRole('link', { name: 'Sign in' }).count()).toBe(1);
    expect(await page.getByRole('link', { name: 'Settings' }).count()).toBe(0);
    await checkLooks(page, 'share-link', width, options.viewport.width);
    await context.close();
  });

  it('asks for the password of a link that has one, refuses a wrong one, then opens', async () => {
    const context = await h.browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await h.open(context, `${h.loupeUrl}/${locked.siteId}/${locked.key}`);
    await page.getByRole('heading', { level: 1, name: 'This shared dashboard has a password' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'share-link-password');
    await page.getByLabel('Password').fill('not the password');
    await page.getByRole('button', { name: 'Open the dashboard' }).click();
    await page.getByText('Wrong password').waitFor();
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Open the dashboard' }).click();
    await dashboardShown(page, 'locked');
    await networkQuiet(page);
    expect(new URL(page.url()).pathname).toBe(`/sites/${locked.siteId}`);
    await context.close();
    // Wrong password's 401 is expected on the console; nothing else.
    expect(h.consoleErrors.filter((line) => !line.includes('401'))).toEqual([]);
  });
});

describe('embed mode', () => {
  const framePage = (context: BrowserContext, pagesOrigin: string, src: string) => {
    h.page('/embed', `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Embed</title></head><body><h1>Intranet</h1><iframe title="analytics" src="${src}" width="900" height="700"></iframe></body></html>`);
    return context.newPage().then(async (page) => {
      await page.goto(`${pagesOrigin}/embed`);
      return page;
    });
  };
  const frameOf = (page: Page) => until(() => page.frames().find((frame) => frame !== page.mainFrame() && frame.url() !== 'about:blank'), (frame) => frame !== undefined);

  it('shows the dashboard without chrome in a frame of an allowed origin, in the theme asked for', async () => {
    const context = await h.browser.newContext({ viewport: { width: 1000, height: 800 } });
    const page = await framePage(context, h.pagesUrl, `${h.loupeUrl}/${open.siteId}/${open.key}?embed=true&theme=dark&background=0f172a`);
    const frame = await frameOf(page);
    if (!frame) throw new Error('no frame');
    await dashboardShown(frame, 'open');
    expect(new URL(frame.url()).search).toBe('?embed=true&theme=dark&background=0f172a');
    expect(await frame.locator('[data-embed="true"]').count()).toBe(1);
    expect(await frame.getByRole('link', { name: 'Sign in' }).count()).toBe(0);
    expect(await frame.evaluate('document.documentElement.dataset.theme')).toBe('dark');
    expect(await frame.evaluate('getComputedStyle(document.body).backgroundColor')).toBe('rgb(15, 23, 42)');
    await networkQuiet(page);
    await screenshot(page, 'embed-allowed');
    await context.close();
  });

  it('keeps embed mode on the frame\'s own links (a site page link, then back to the dashboard)', async () => {
    const context = await h.browser.newContext({ viewport: { width: 1000, height: 800 } });
    const page = await framePage(context, h.pagesUrl, `${h.loupeUrl}/${open.siteId}/${open.key}?embed=true&theme=dark&background=0f172a`);
    const frame = await frameOf(page);
    if (!frame) throw new Error('no frame');
    await dashboardShown(frame, 'open');
    await frame.getByRole('navigation', { name: 'Site pages' }).getByRole('link', { name: 'Realtime' }).click();
    await until(() => new URL(frame.url()).pathname, (path) => path.endsWith('/realtime'));
    await until(() => new URL(frame.url()).search, (search) => search !== '');
    expect(new URL(frame.url()).searchParams.get('embed')).toBe('true');
    expect(new URL(frame.url()).searchParams.get('theme')).toBe('dark');
    expect(await frame.locator('[data-embed="true"]').count()).toBe(1);
    expect(await frame.getByRole('link', { name: 'Sign in' }).count()).toBe(0);
    await frame.getByRole('navigation', { name: 'Site pages' }).getByRole('link', { name: 'Dashboard' }).click();
    await dashboardShown(frame, 'open');
    await until(() => new URL(frame.url()).searchParams.get('embed'), (embed) => embed === 'true');
    expect(await frame.locator('[data-embed="true"]').count()).toBe(1);
    expect(await frame.evaluate('document.documentElement.dataset.theme')).toBe('dark');
    await networkQuiet(page);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'embed-after-link');
    await context.close();
  });

  it('gives a page of another origin nothing in the frame', async () => {
    const context = await h.browser.newContext({ viewport: { width: 1000, height: 800 } });
    // The same page through 127.0.0.1 is another origin than the allowed http://localhost:<port>.
    const otherOrigin = h.pagesUrl.replace('localhost', '127.0.0.1');
    const page = await framePage(context, otherOrigin, `${h.loupeUrl}/${open.siteId}/${open.key}?embed=true`);
    const frameUrl = () => page.frames().find((candidate) => candidate !== page.mainFrame())?.url() ?? '';
    expect(await until(frameUrl, (url) => url !== '' && url !== 'about:blank')).toBe('chrome-error://chromewebdata/');
    await screenshot(page, 'embed-refused');
    await context.close();
  });
});
