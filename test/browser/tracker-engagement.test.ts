// Engaged time and scroll depth in headless Chromium: the page's clock is Playwright's (paused, advanced by the
// test), so "12 seconds of activity" is twelve advances of one second with input between them, not a sleep.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { eventually, screenshot, SCREENSHOT_DIR, startHarness, testPage, type Harness } from './tracker-harness.js';

interface Engagement { type: string; pathname: string; engaged_ms: number; scroll_depth: number; page_title: string; event_name: string; properties?: string }
interface PageRow { value: string; visits: number; time_on_page_seconds: number; scroll_depth: number; scroll_reach: Record<string, number> }

let h: Harness;
const day = new Date().toISOString().slice(0, 10);
const range = `start_date=${day}&end_date=${day}&time_zone=UTC`;
const START = Date.parse('2026-05-04T10:00:00Z');
// Browser-side code is passed as strings: the test files are type-checked without the DOM library.
const setVisibility = (state: 'hidden' | 'visible') => `Object.defineProperty(document, 'visibilityState', { value: '${state}', configurable: true });
  document.dispatchEvent(new Event('visibilitychange', { bubbles: true }));`;
const moduleLoaded = (name: string) => `[...document.scripts].some((s) => s.src.endsWith('/${name}.js'))`;
/** A page four viewports tall, so scroll depth has room. */
const TALL = '<div style="height: 3600px">Long article</div>';

beforeAll(async () => {
  h = await startHarness();
  console.log(`tracker screenshots: ${SCREENSHOT_DIR}`);
});
afterAll(async () => h?.close());

/** Opens `path` with the page's clock paused at START (timers run only when the test advances it). */
async function openPaused(path: string): Promise<{ page: Page; bodies: () => Engagement[]; errors: string[] }> {
  const page = await h.browser.newPage({ viewport: { width: 800, height: 1000 } });
  const sent: string[] = [];
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('request', (request) => {
    if (request.url().startsWith(h.loupeUrl + '/api/track')) sent.push(request.postData() ?? '');
  });
  await page.clock.install({ time: START });
  await page.clock.pauseAt(START + 1000);
  await page.goto(h.pagesUrl + path);
  await eventually(() => page.evaluate(moduleLoaded('engage')), (loaded) => loaded === true);
  const bodies = () => sent.map((text) => JSON.parse(text) as Engagement).filter((body) => body.type === 'engagement');
  return { page, bodies, errors };
}

/** `seconds` of an active visitor: a pointer move, then one second, each time. */
async function activeFor(page: Page, seconds: number): Promise<void> {
  for (let second = 0; second < seconds; second += 1) {
    await page.mouse.move(100 + second, 200);
    await page.clock.runFor(1000);
  }
}

describe('engagement in the browser', () => {
  it('a page visible for 12 s of activity, then hidden, reports 12 s engaged, read back as time on page', async () => {
    const site = await h.site();
    h.page('/article', testPage(h, site.siteId, { title: 'Article', body: TALL }));
    const { page, bodies, errors } = await openPaused('/article');
    await activeFor(page, 12);
    await page.evaluate(setVisibility('hidden'));
    const [sent] = await eventually(async () => bodies(), (list) => list.length === 1);
    expect(Math.abs((sent?.engaged_ms ?? 0) - 12_000)).toBeLessThanOrEqual(1000);
    expect(sent).toMatchObject({ pathname: '/article', page_title: 'Article' });
    const pages = await eventually(() => h.get<{ data: { data: PageRow[] } }>(`/api/sites/${site.siteId}/engagement/pages?${range}`), (body) => body.data.data.length === 1);
    expect(pages.data.data[0]?.value).toBe('/article');
    expect(Math.abs((pages.data.data[0]?.time_on_page_seconds ?? 0) - 12)).toBeLessThanOrEqual(1);
    const overview = await h.get<{ data: { engaged_session_duration: number; sessions: number } }>(`/api/sites/${site.siteId}/engagement?${range}`);
    // A one-page visit has a duration: its engaged time.
    expect(overview.data.sessions).toBe(1);
    expect(Math.abs(overview.data.engaged_session_duration - 12)).toBeLessThanOrEqual(1);
    // Engagement events are neither pageviews nor listed events.
    const listed = await h.get<{ data: Array<{ type: string }> }>(`/api/sites/${site.siteId}/events?${range}`);
    expect(listed.data.map((event) => event.type)).toEqual(['pageview']);
    await screenshot(page, 'engagement-article');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('a hidden tab does not accumulate, nor does an idle visitor', async () => {
    const site = await h.site();
    h.page('/background', testPage(h, site.siteId, { body: TALL }));
    const { page, bodies } = await openPaused('/background');
    await page.evaluate(setVisibility('hidden'));
    // A minute in the background, with input events reaching the page all the same.
    await activeFor(page, 60);
    await page.evaluate(setVisibility('visible'));
    await activeFor(page, 2);
    // Then five idle minutes (no input): only the first 30 s after the last input count.
    await page.clock.runFor(300_000);
    await page.evaluate(setVisibility('hidden'));
    const sent = await eventually(async () => bodies(), (list) => list.reduce((sum, body) => sum + body.engaged_ms, 0) > 0);
    // Visible again at t, inputs at t and t + 1 s, idle from t + 31 s: 31 s, none of the background minute. The
    // five-minute report during the idle time sent what had gathered by then; the sum is what counts.
    expect(sent.reduce((sum, body) => sum + body.engaged_ms, 0)).toBe(1000 + 30_000);
    await page.close();
  });

  it('scrolling to 75 % of the page reports 75', async () => {
    const site = await h.site();
    h.page('/scroll', testPage(h, site.siteId, { body: TALL }));
    const { page, bodies } = await openPaused('/scroll');
    await page.evaluate('scrollTo(0, document.documentElement.scrollHeight * 0.75 - innerHeight)');
    await eventually(() => page.evaluate('scrollY'), (y) => Number(y) > 0);
    await activeFor(page, 1);
    await page.evaluate(setVisibility('hidden'));
    const [sent] = await eventually(async () => bodies(), (list) => list.length === 1);
    expect(sent?.scroll_depth).toBe(75);
    const pages = await eventually(() => h.get<{ data: { data: PageRow[] } }>(`/api/sites/${site.siteId}/engagement/pages?${range}`), (body) => body.data.data.length === 1);
    expect(pages.data.data[0]).toMatchObject({ value: '/scroll', visits: 1, scroll_depth: 75, scroll_reach: { 25: 100, 50: 100, 75: 100, 100: 0 } });
    await page.close();
  });

  it('a two-page SPA visit reports both pages\' times', async () => {
    const site = await h.site();
    h.page('/spa-a', testPage(h, site.siteId, { attributes: 'data-debounce="100"', title: 'Page A', body: TALL }));
    const { page, bodies } = await openPaused('/spa-a');
    await eventually(() => page.evaluate(moduleLoaded('spa')), (loaded) => loaded === true);
    await activeFor(page, 5);
    await page.evaluate("document.title = 'Page B'; history.pushState({}, '', '/spa-b')");
    await page.clock.runFor(100);
    await activeFor(page, 7);
    await page.evaluate(setVisibility('hidden'));
    const sent = await eventually(async () => bodies(), (list) => list.length === 2);
    // Page A's account closes when the navigation's pageview goes out, after the 100 ms debounce.
    expect(sent.map((body) => [body.pathname, body.page_title])).toEqual([['/spa-a', 'Page A'], ['/spa-b', 'Page B']]);
    expect(Math.abs((sent[0]?.engaged_ms ?? 0) - 5_000)).toBeLessThanOrEqual(1000);
    expect(Math.abs((sent[1]?.engaged_ms ?? 0) - 7_000)).toBeLessThanOrEqual(1000);
    const pages = await eventually(() => h.get<{ data: { data: PageRow[] } }>(`/api/sites/${site.siteId}/engagement/pages?${range}`), (body) => body.data.data.length === 2);
    const seconds = Object.fromEntries(pages.data.data.map((row) => [row.value, row.time_on_page_seconds]));
    expect(Math.abs((seconds['/spa-a'] ?? 0) - 5)).toBeLessThanOrEqual(1);
    expect(Math.abs((seconds['/spa-b'] ?? 0) - 7)).toBeLessThanOrEqual(1);
    const overview = await h.get<{ data: { engaged_session_duration: number; sessions: number } }>(`/api/sites/${site.siteId}/engagement?${range}`);
    expect(overview.data.sessions).toBe(1);
    expect(Math.abs(overview.data.engaged_session_duration - 12)).toBeLessThanOrEqual(1);
    await page.close();
  });

  it('tracks file downloads by extension, as the site configures them', async () => {
    const links = `<a id="pdf" href="/files/Report.PDF" onclick="event.preventDefault()">Annual report</a>
<a id="csv" href="/data/export.csv?v=2" onclick="event.preventDefault()">Data</a>
<a id="page" href="/docs/intro.html" onclick="event.preventDefault()">Intro</a>`;
    const clicked = async (settings: Record<string, unknown>, path: string) => {
      const site = await h.site(settings);
      h.page(path, testPage(h, site.siteId, { body: links }));
      const page = await h.browser.newPage();
      const sent: string[] = [];
      page.on('request', (request) => {
        if (request.url().startsWith(h.loupeUrl + '/api/track')) sent.push(request.postData() ?? '');
      });
      await page.goto(h.pagesUrl + path);
      await eventually(() => page.evaluate(moduleLoaded('engage')), (loaded) => loaded === true);
      for (const id of ['pdf', 'csv', 'page']) await page.click(`#${id}`);
      // Requests leave in order: once a marker event sent after the clicks has gone out, so have theirs.
      await page.evaluate("loupe.event('marker')");
      const bodies = await eventually(async () => sent.map((text) => JSON.parse(text) as Engagement), (list) => list.some((body) => body.event_name === 'marker'));
      await page.close();
      return bodies.filter((body) => body.event_name === 'file_download').map((body) => JSON.parse(body.properties ?? '{}') as { url: string; text: string });
    };
    expect(await clicked({}, '/downloads-default')).toEqual([{ url: `${h.pagesUrl}/files/Report.PDF`, text: 'Annual report' }, { url: `${h.pagesUrl}/data/export.csv?v=2`, text: 'Data' }]);
    expect(await clicked({ downloadExtensions: ['csv'] }, '/downloads-csv')).toEqual([{ url: `${h.pagesUrl}/data/export.csv?v=2`, text: 'Data' }]);
    expect(await clicked({ trackDownloads: false }, '/downloads-off')).toEqual([]);
  });
});
