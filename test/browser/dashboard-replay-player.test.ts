// The replay player and the ways to it in headless Chromium, on a seeded recording of a seeded session: "Watch
// replay" from the sessions list, a session's page, a person's page and an error occurrence (and nowhere for the
// session without a recording); the recorded 1280 px viewport scaled to fit the player (desktop and 375 px);
// play/pause, speed, skip-inactivity over a three-minute pause, the timeline's pageview, event and error marks,
// and the keyboard shortcuts. Light and dark, checked by axe-core; screenshots in the folder printed.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Frame, Page } from 'playwright-core';
import { seedEvents } from '../helpers/seed-events.js';
import { checkLooks, screenshot, SCREENSHOT_DIR, seriousViolations, startDashboardHarness, type DashboardHarness } from './dashboard-harness.js';
import { DESKTOP, PHONE, postJson } from './people-harness.js';

const VIEW = 'period=all&tz=UTC';
const MESSAGE = 'Card form crashed';
const RECORDED = '301';
const UNRECORDED = '302';
/** The recorded viewport. */
const WIDTH = 1280;
const HEIGHT = 720;

let h: DashboardHarness;
let storage: Awaited<ReturnType<BrowserContext['storageState']>>;
let site = '';
let start = 0;
const at = (seconds: number) => start + seconds * 1000;
const iso = (ms: number) => new Date(ms).toISOString();
const storeTime = (ms: number) => iso(ms).replace('T', ' ').replace('Z', '');

/** The recording of session 301: its page, two clicks, a three-minute pause, then the heading changes. */
function recordingEvents(): Array<{ type: number; data: Record<string, unknown>; timestamp: number }> {
  const text = (id: number, textContent: string) => ({ type: 3, textContent, id });
  const element = (id: number, tagName: string, childNodes: unknown[], attributes: Record<string, string> = {}) => ({ type: 2, tagName, attributes, childNodes, id });
  const body = element(3, 'body', [
    element(4, 'h1', [text(5, 'Your basket')]),
    element(6, 'p', [text(7, 'Three items, ready for checkout.')]),
    element(8, 'button', [text(9, 'Pay now')], { type: 'button' }),
  ]);
  const html = element(2, 'html', [element(10, 'head', []), body], { lang: 'en' });
  const click = (timestamp: number) => ({ type: 3, data: { source: 2, type: 2, id: 8, x: 40, y: 120 }, timestamp });
  return [
    { type: 4, data: { href: 'http://localhost/basket', width: WIDTH, height: HEIGHT }, timestamp: at(0) },
    { type: 2, data: { node: { type: 0, childNodes: [html], id: 1 }, initialOffset: { left: 0, top: 0 } }, timestamp: at(0) + 10 },
    click(at(5)),
    click(at(10)),
    // The visitor comes back (a click: the player skips only to the next interaction, not to a page change).
    click(at(200)),
    { type: 3, data: { source: 0, texts: [{ id: 5, value: 'Order placed' }], attributes: [], removes: [], adds: [] }, timestamp: at(200) + 500 },
  ];
}

async function seedRecording(siteId: number): Promise<void> {
  const events = recordingEvents();
  const first = events[0]?.timestamp ?? 0;
  const last = events[events.length - 1]?.timestamp ?? 0;
  const text = JSON.stringify(events);
  await h.loupe.services.analytics.insert('session_replay_batches', [{
    site_id: siteId, session_id: RECORDED, batch_id: `seed-${randomUUID()}.0`, sequence: 0, first_at: storeTime(first), last_at: storeTime(last),
    event_count: events.length, full_snapshots: 1, raw_bytes: Buffer.byteLength(text), events: text, retention_days: 30,
  }]);
  await h.loupe.services.analytics.insert('session_replay_metadata', [{
    site_id: siteId, session_id: RECORDED, session_start: storeTime(first), user_id: 'vg', identified_user_id: 'grace', start_time: storeTime(first),
    end_time: storeTime(last), first_page: `${storeTime(first)}http://localhost/basket`, user_agent: 'Mozilla/5.0', language: 'en-GB', country: 'GB', region: '',
    city: '', lat: 0, lon: 0, browser: 'Firefox', browser_version: '128.0', operating_system: 'Linux', operating_system_version: '', device_type: 'Desktop',
    screen_width: WIDTH, screen_height: HEIGHT, hostname: 'localhost', referrer: '', retention_days: 30,
  }]);
}

beforeAll(async () => {
  h = await startDashboardHarness();
  console.log(`replay player screenshots: ${SCREENSHOT_DIR}`);
  const context = await h.browser.newContext({ viewport: DESKTOP });
  await postJson(h, context.request, '/api/auth/sign-up/email', { name: 'Grace', email: 'grace@example.com', password: 'correct-horse-9' });
  const organization = await postJson<{ id: string }>(h, context.request, '/api/auth/organization/create', { name: 'Grace Co', slug: 'grace-co' });
  const created = await postJson<{ id: string; siteId: number }>(h, context.request, `/api/organizations/${organization.id}/sites`, { name: 'Basket', domain: 'localhost', sessionReplay: true });
  site = created.id;
  start = Math.floor((Date.now() - 2 * 3_600_000) / 1000) * 1000;
  const grace = { user_id: 'vg', identified_user_id: 'grace', country: 'GB', browser: 'Firefox', device_type: 'Desktop', hostname: 'localhost' };
  const noah = { user_id: 'vn', country: 'DE', browser: 'Chrome', device_type: 'Desktop', hostname: 'localhost' };
  const error = { type: 'error', event_name: 'TypeError', props: JSON.stringify({ message: MESSAGE, stack: 'TypeError: x\n    at pay.js:3:7' }) };
  await seedEvents(h.loupe, created.siteId, [
    { ...grace, at: iso(at(0)), session_id: 301, pathname: '/basket', page_title: 'Basket' },
    { ...grace, at: iso(at(20)), session_id: 301, pathname: '/basket', type: 'custom_event', event_name: 'add_to_cart' },
    { ...grace, at: iso(at(40)), session_id: 301, pathname: '/basket', ...error },
    { ...grace, at: iso(at(200)), session_id: 301, pathname: '/thanks', page_title: 'Thanks' },
    { ...noah, at: iso(at(600)), session_id: 302, pathname: '/basket', page_title: 'Basket' },
    { ...noah, at: iso(at(610)), session_id: 302, pathname: '/basket', ...error },
  ]);
  await seedRecording(created.siteId);
  storage = await context.storageState();
  await context.close();
});
afterAll(async () => h?.close());

const signedIn = (viewport = DESKTOP, colorScheme: 'light' | 'dark' = 'light'): Promise<BrowserContext> =>
  h.browser.newContext({ viewport, colorScheme, storageState: storage });

async function ready(page: Page, piece: string): Promise<void> {
  await page.locator(`[data-bench-piece="${piece}"][data-bench-state="ready"]`).waitFor();
}

const replayUrl = (query = VIEW) => new RegExp(`/sites/${site}/replays/${RECORDED}(\\?${query.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')})?$`);

describe('watch replay links', () => {
  it('the sessions list offers the replay of the recorded session only', async () => {
    const context = await signedIn();
    const page = await h.open(context, `${h.loupeUrl}/sites/${site}/sessions?${VIEW}`);
    await ready(page, 'sessions');
    const links = page.getByRole('link', { name: /^Watch replay/ });
    expect(await links.evaluateAll((found) => found.map((link) => link.getAttribute('href')))).toEqual([`/sites/${site}/replays/${RECORDED}?${VIEW}`]);
    expect(await page.locator(`tr[data-session-id="${UNRECORDED}"] a`, { hasText: 'Watch replay' }).count()).toBe(0);
    await screenshot(page, 'replay-link-sessions');
    expect(await seriousViolations(page)).toEqual([]);
    await links.click();
    await page.waitForURL(replayUrl());
    await page.locator('[data-replay-stage] iframe').waitFor();
    await context.close();
  });

  it('a session\'s page links to its replay when it has one, and only then', async () => {
    const context = await signedIn();
    const page = await h.open(context, `${h.loupeUrl}/sites/${site}/sessions/${UNRECORDED}?${VIEW}`);
    await ready(page, 'session');
    expect(await page.getByRole('link', { name: 'Watch replay' }).count()).toBe(0);
    await page.goto(`${h.loupeUrl}/sites/${site}/sessions/${RECORDED}?${VIEW}`);
    await ready(page, 'session');
    await page.getByRole('link', { name: 'Watch replay' }).click();
    await page.waitForURL(replayUrl());
    await context.close();
  });

  it('a person\'s page links to their replays; someone never recorded gets no link', async () => {
    const context = await signedIn();
    const page = await h.open(context, `${h.loupeUrl}/sites/${site}/users/vn?${VIEW}`);
    await ready(page, 'user-sessions');
    expect(await page.getByRole('link', { name: /^Watch replay/ }).count()).toBe(0);
    await page.goto(`${h.loupeUrl}/sites/${site}/users/grace?${VIEW}`);
    await ready(page, 'user-sessions');
    await page.getByRole('link', { name: 'Watch replays' }).click();
    await page.waitForURL(new RegExp(`/sites/${site}/replays\\?.*user=grace`));
    await ready(page, 'replays');
    expect(await page.locator('[data-bench-piece="replays"] tbody tr').count()).toBe(1);
    await page.getByRole('link', { name: /Watch the replay/ }).click();
    await page.waitForURL(new RegExp(`/sites/${site}/replays/${RECORDED}`));
    await context.close();
  });

  it('an error occurrence links to the replay of its session when recorded', async () => {
    const context = await signedIn();
    const page = await h.open(context, `${h.loupeUrl}/sites/${site}/errors?${VIEW}`);
    await ready(page, 'error-occurrences');
    const occurrences = page.getByTestId('error-occurrence');
    expect(await occurrences.count()).toBe(2);
    // Newest first: Noah's (no recording), then Grace's.
    expect(await occurrences.nth(0).getByRole('link', { name: /^Watch replay/ }).count()).toBe(0);
    await screenshot(page, 'replay-link-error');
    await occurrences.nth(1).getByRole('link', { name: /^Watch replay/ }).click();
    await page.waitForURL(new RegExp(`/sites/${site}/replays/${RECORDED}`));
    await context.close();
  });
});

async function openPlayer(context: BrowserContext): Promise<Page> {
  const page = await h.open(context, `${h.loupeUrl}/sites/${site}/replays/${RECORDED}?${VIEW}`);
  await page.locator('[data-replay-stage] iframe').waitFor();
  const frame = await replayedFrame(page);
  await frame.waitForFunction("document.body !== null && document.body.innerText.includes('Your basket')");
  // The marks need the session's events, fetched beside the recording.
  await page.locator('[data-mark]').first().waitFor();
  return page;
}

async function replayedFrame(page: Page): Promise<Frame> {
  const frame = await (await page.locator('[data-replay-stage] iframe').elementHandle())?.contentFrame();
  if (!frame) throw new Error('the player has no replay frame');
  return frame;
}

/** The player's box, the replayed frame's box on screen, and the scale the player chose. */
async function geometry(page: Page): Promise<{ box: number; frame: number; frameHeight: number; scale: number; overflow: number }> {
  return page.evaluate(`(() => {
    const box = document.querySelector('[data-replay-frame]');
    const frame = document.querySelector('[data-replay-stage] iframe').getBoundingClientRect();
    return { box: box.getBoundingClientRect().width, frame: frame.width, frameHeight: frame.height, scale: Number(box.getAttribute('data-replay-scale')),
      overflow: document.documentElement.scrollWidth - document.documentElement.clientWidth };
  })()`);
}

const clock = (page: Page) => page.locator('[data-replay-clock]').innerText();

describe('the player', () => {
  it.each([['desktop', DESKTOP], ['phone', PHONE]] as const)('fits the 1280 px recording into the player (light and dark, %s)', async (width, viewport) => {
    const context = await signedIn(viewport);
    const page = await openPlayer(context);
    const fit = await geometry(page);
    // Scaled down to the player's width, never wider than it; the page itself does not scroll sideways.
    expect(fit.scale).toBeLessThan(1);
    expect(fit.overflow).toBe(0);
    expect(Math.abs(fit.frame - WIDTH * fit.scale)).toBeLessThan(1);
    expect(Math.abs(fit.frameHeight - HEIGHT * fit.scale)).toBeLessThan(1);
    expect(fit.box).toBeLessThanOrEqual(viewport.width);
    expect(fit.box).toBe(Math.ceil(WIDTH * fit.scale));
    if (viewport === PHONE) expect(fit.scale).toBeLessThan(375 / WIDTH);
    await checkLooks(page, 'replay-player', width, viewport.width);
    await context.close();
  });

  it('marks the session\'s pageviews, custom event and error on the timeline, and a mark seeks to its moment', async () => {
    const context = await signedIn();
    const page = await openPlayer(context);
    const marks = await page.locator('[data-mark]').evaluateAll((found) => found.map((mark) => [mark.getAttribute('data-mark'), mark.getAttribute('title')]));
    expect(marks).toEqual([
      ['pageview', 'Page /basket at 0:00'],
      ['event', 'Event add_to_cart at 0:20'],
      ['error', 'Error TypeError at 0:40'],
      ['pageview', 'Page /thanks at 3:20'],
    ]);
    await page.locator('[data-mark="error"]').click();
    await page.waitForFunction("document.querySelector('[data-replay-clock]').innerText.startsWith('0:40 /')");
    expect(await clock(page)).toBe('0:40 / 3:20');
    await context.close();
  });

  it('plays and pauses, changes speed, and with skip-inactivity plays through the pause to the end', async () => {
    const context = await signedIn();
    const page = await openPlayer(context);
    expect(await clock(page)).toBe('0:00 / 3:20');
    await page.getByLabel('Speed').selectOption('4');
    expect(await page.getByLabel('Speed').inputValue()).toBe('4');
    expect(await page.getByLabel('Skip inactivity').isChecked()).toBe(true);
    await page.getByRole('button', { name: 'Play' }).click();
    await page.getByRole('button', { name: 'Pause' }).waitFor();
    await page.waitForFunction("!document.querySelector('[data-replay-clock]').innerText.startsWith('0:00 /')");
    await page.getByRole('button', { name: 'Pause' }).click();
    const paused = await clock(page);
    await page.getByRole('button', { name: 'Play' }).waitFor();
    // Paused: the clock holds still while the page does a round trip to the browser and back twice.
    await page.evaluate('new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))');
    expect(await clock(page)).toBe(paused);
    // Resumed: the three minutes without activity are skipped, so the recording reaches its end and stops.
    await page.getByRole('button', { name: 'Play' }).click();
    await page.getByRole('button', { name: 'Play' }).waitFor({ timeout: 60_000 });
    const frame = await replayedFrame(page);
    await frame.waitForFunction("document.body.innerText.includes('Order placed')");
    await context.close();
  });

  it('answers the keyboard: Space plays and pauses, arrows move 5 seconds, S turns skipping off and on', async () => {
    const context = await signedIn();
    const page = await openPlayer(context);
    await page.getByRole('region', { name: 'Replay player' }).focus();
    await page.keyboard.press('ArrowRight');
    await page.waitForFunction("document.querySelector('[data-replay-clock]').innerText.startsWith('0:05 /')");
    await page.keyboard.press('ArrowRight');
    await page.waitForFunction("document.querySelector('[data-replay-clock]').innerText.startsWith('0:10 /')");
    await page.keyboard.press('ArrowLeft');
    await page.waitForFunction("document.querySelector('[data-replay-clock]').innerText.startsWith('0:05 /')");
    const skipping = (on: boolean) => page.waitForFunction(`[...document.querySelectorAll('input[type=checkbox]')].find((box) => box.closest('label')?.innerText.includes('Skip inactivity'))?.checked === ${on}`);
    await page.keyboard.press('s');
    await skipping(false);
    await page.keyboard.press('s');
    await skipping(true);
    await page.keyboard.press('Space');
    await page.getByRole('button', { name: 'Pause' }).waitFor();
    await page.keyboard.press('Space');
    await page.getByRole('button', { name: 'Play' }).waitFor();
    expect(h.consoleErrors.filter((line) => !line.includes("because the document's frame is sandboxed and the 'allow-scripts' permission is not set"))).toEqual([]);
    await context.close();
  });
});
