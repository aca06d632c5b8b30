// Session replay end to end in headless Chromium: a real page on another origin records through /api/replay.js
// (typing in masked fields, a blocked element, a click that navigates in the SPA, a scroll), the dashboard lists the
// recording and plays it back, and the replayed DOM holds the page's text and never the masked values; a sample
// rate of 0 and the opt-out record nothing. Pages checked by axe-core, screenshots in the folder printed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Frame, Page } from 'playwright-core';
import { eventually } from '../helpers/until.js';
import { screenshot, SCREENSHOT_DIR, seriousViolations, startDashboardHarness, type DashboardHarness } from './dashboard-harness.js';
import { DESKTOP, postJson } from './people-harness.js';

let h: DashboardHarness;
let storage: Awaited<ReturnType<BrowserContext['storageState']>>;
let site: { id: string; siteId: number };
const SECRETS = ['4111 1111 1111 1111', 'ada@secret.example', 'hunter2-password', 'Block me entirely'];

/** The shop page: its tag with the replay attributes given, masked fields, a blocked element and an SPA link. */
function shopPage(attributes = ''): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Replay shop</title>
<script src="${h.loupeUrl}/api/script.js" data-site-id="${site.id}" data-replay-batch-interval="1000" ${attributes} defer></script></head>
<body><main><h1>Welcome to the replay shop</h1><p>Visible product copy for the recording.</p>
<label>Card <input id="card" name="card" autocomplete="off"></label>
<label>Email <input id="email" type="email" name="email"></label>
<label>Password <input id="password" type="password" name="password"></label>
<div data-loupe-block>Block me entirely</div>
<button id="next" type="button">Continue to checkout</button>
<div style="height:2000px">Long content to scroll</div><p id="bottom">Bottom of the page</p></main>
<script>document.getElementById('next').addEventListener('click', function () {
  history.pushState({}, '', '/checkout');
  document.querySelector('h1').textContent = 'Checkout step two';
});</script></body></html>`;
}

beforeAll(async () => {
  h = await startDashboardHarness();
  console.log(`replay screenshots: ${SCREENSHOT_DIR}`);
  const context = await h.browser.newContext({ viewport: DESKTOP });
  await postJson(h, context.request, '/api/auth/sign-up/email', { name: 'Rae', email: 'rae@example.com', password: 'correct-horse-9' });
  const organization = await postJson<{ id: string }>(h, context.request, '/api/auth/organization/create', { name: 'Rae Co', slug: 'rae-co' });
  site = await postJson(h, context.request, `/api/organizations/${organization.id}/sites`, { name: 'Replay shop', domain: 'localhost', sessionReplay: true, blockBots: false });
  storage = await context.storageState();
  await context.close();
});
afterAll(async () => h?.close());

/** The recorder's batches as the page posted them (request bodies), collected while the page lives. */
function recordedBatches(page: Page): string[] {
  const bodies: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/session-replay/record/')) bodies.push(request.postData() ?? '');
  });
  return bodies;
}

async function replayFrame(page: Page): Promise<Frame> {
  const handle = await page.locator('[data-replay-stage] iframe').elementHandle();
  const frame = await handle?.contentFrame();
  if (!frame) throw new Error('the player has no replay frame');
  return frame;
}

describe('session replay', () => {
  it('records a page on another origin and plays it back in the dashboard without the masked values', async () => {
    h.page('/shop', shopPage());
    const visitor = await h.browser.newContext({ viewport: DESKTOP });
    const page = await visitor.newPage();
    const batches = recordedBatches(page);
    await page.goto(`${h.pagesUrl}/shop`);
    await page.waitForFunction("document.querySelector('script[src$=\"/api/replay.js\"]') !== null && sessionStorage['loupe-replay-sampled'] === '1'");
    await page.locator('#card').pressSequentially(SECRETS[0] ?? '');
    await page.locator('#email').pressSequentially(SECRETS[1] ?? '');
    await page.locator('#password').pressSequentially(SECRETS[2] ?? '');
    // The batch holding the SPA change is acknowledged (batches go every second here): listened for before the
    // click, since on a busy machine that batch can be sent and answered while the scrolling below still runs.
    const stepTwoStored = page.waitForResponse((response) => response.url().includes('/api/session-replay/record/') && (response.request().postData() ?? '').includes('Checkout step two') && response.status() === 200);
    await page.locator('#next').click();
    await page.mouse.wheel(0, 1500);
    await page.locator('#bottom').scrollIntoViewIfNeeded();
    await stepTwoStored;
    await page.close();
    await visitor.close();
    for (const secret of SECRETS) expect(batches.filter((body) => body.includes(secret))).toEqual([]);

    const reader = await h.browser.newContext({ viewport: DESKTOP, storageState: storage });
    const list = await eventually(
      async () => (await (await reader.request.get(`${h.loupeUrl}/api/sites/${site.siteId}/session-replay/list?start_date=2000-01-01&end_date=2100-01-01&time_zone=UTC`)).json()) as { data: Array<{ session_id: string; event_count: number }> },
      (answer) => answer.data.length === 1,
    );
    const sessionId = list.data[0]?.session_id ?? '';
    const stored = await (await reader.request.get(`${h.loupeUrl}/api/sites/${site.siteId}/session-replay/${sessionId}`)).text();
    for (const secret of SECRETS) expect(stored.includes(secret), secret).toBe(false);
    expect(stored).toContain('Visible product copy for the recording.');

    const dashboard = await h.open(reader, `${h.loupeUrl}/sites/${site.id}/replays?period=all&tz=UTC`);
    await dashboard.locator('[data-bench-piece="replays"][data-bench-state="ready"]').waitFor();
    await screenshot(dashboard, 'replay-list');
    expect(await seriousViolations(dashboard)).toEqual([]);
    expect(await dashboard.locator('[data-bench-piece="replays"] tbody tr').count()).toBe(1);
    await dashboard.getByRole('link', { name: /Watch the replay/ }).click();
    await dashboard.waitForURL(new RegExp(`/sites/${site.id}/replays/${sessionId}`));
    await dashboard.locator('[data-replay-stage] iframe').waitFor();
    const frame = await replayFrame(dashboard);
    await frame.waitForFunction("document.body !== null && document.body.innerText.includes('Welcome to the replay shop')");
    // Played to its end at 8x, inactivity skipped: the SPA change is replayed, the typed values never are.
    await dashboard.getByLabel('Speed').selectOption('8');
    await dashboard.getByRole('button', { name: 'Play' }).click();
    await dashboard.getByRole('button', { name: 'Play' }).waitFor({ timeout: 60_000 });
    const replayed = await replayFrame(dashboard);
    await replayed.waitForFunction("document.body.innerText.includes('Checkout step two')");
    const text = await replayed.evaluate('document.documentElement.outerHTML + [...document.querySelectorAll("input")].map((i) => i.value).join("|")') as string;
    expect(text).toContain('Visible product copy for the recording.');
    for (const secret of SECRETS) expect(text.includes(secret), secret).toBe(false);
    const values = await replayed.evaluate('[...document.querySelectorAll("input")].map((i) => i.value)') as string[];
    expect(values.map((value) => /^\*+$/.test(value))).toEqual([true, true, true]);
    await screenshot(dashboard, 'replay-player');
    expect(await seriousViolations(dashboard)).toEqual([]);
    // Chromium reports each script of the recorded page that the player's sandboxed frame refused to run: that
    // refusal is the point (a replay never runs the visitor's page code); anything else is an error.
    expect(h.consoleErrors.filter((line) => !line.includes("because the document's frame is sandboxed and the 'allow-scripts' permission is not set"))).toEqual([]);
    await reader.close();
  });

  it('records nothing at a sample rate of 0 (decided once for the browser session)', async () => {
    h.page('/unsampled', shopPage('data-replay-sample-rate="0"'));
    const visitor = await h.browser.newContext({ viewport: DESKTOP });
    const page = await visitor.newPage();
    const batches = recordedBatches(page);
    await page.goto(`${h.pagesUrl}/unsampled`);
    await page.waitForFunction("sessionStorage['loupe-replay-sampled'] === '0'");
    await page.locator('#card').pressSequentially('typed');
    // Page hide is when a recorder sends what it holds: none is running, so nothing goes.
    await page.close({ runBeforeUnload: true });
    await visitor.close();
    expect(batches).toEqual([]);
  });

  it('records nothing for a visitor who opted out', async () => {
    h.page('/opted-out', shopPage());
    const visitor = await h.browser.newContext({ viewport: DESKTOP });
    await visitor.addInitScript("localStorage.setItem('disable-loupe', '1')");
    const page = await visitor.newPage();
    const scripts: string[] = [];
    page.on('request', (request) => scripts.push(new URL(request.url()).pathname));
    await page.goto(`${h.pagesUrl}/opted-out`);
    // The opt-out installs a do-nothing API: the core stops there, before the site's settings are even asked.
    await page.waitForFunction("typeof window.loupe === 'function' && window.loupe.getUserId() === null");
    await page.locator('#card').pressSequentially('typed');
    await page.close({ runBeforeUnload: true });
    await visitor.close();
    expect(scripts.filter((path) => path.startsWith('/api/') && path !== '/api/script.js')).toEqual([]);
  });
});
