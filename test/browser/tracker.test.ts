// The tracking script in headless Chromium against a real Loupe server: every capture is read back from the reports.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectPath } from '../../src/platform/project-path.js';
import { eventually, moduleRan, newPage, openPage, RECORD_SCRIPTS_RUN, screenshot, SCREENSHOT_DIR, startHarness, testPage, type Harness } from './tracker-harness.js';

interface EventRow { type: string; event_name: string; pathname: string; props: Record<string, unknown>; session_id: string; user_id: string; identified_user_id: string }

/** axe-core's browser bundle, injected into pages to check them for accessibility. */
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

let h: Harness;
const day = new Date().toISOString().slice(0, 10);
const range = `start_date=${day}&end_date=${day}&time_zone=UTC`;
const events = (siteId: number) => h.get<{ data: EventRow[] }>(`/api/sites/${siteId}/events?${range}&page_size=100`).then((body) => body.data.reverse());
/**
 * For the checks that something does NOT happen (no request, no module, no second error): a window in which it
 * would have happened (the SPA debounce is 100 ms; the optional modules load at once after the site's settings).
 * What a test waits FOR it waits for as a condition.
 */
const quietWindow = (ms = 300) => new Promise((resolve) => setTimeout(resolve, ms));
// Browser-side code is passed as strings: the test files are type-checked without the DOM library.
const hide = `Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
  document.dispatchEvent(new Event('visibilitychange', { bubbles: true }));`;
const apiReady = (ns: string) => `typeof window.${ns}?.getUserId === 'function'`;
/** Resolves once the browser has recorded a performance entry of `type` (buffered: also one recorded before). */
const PERFORMANCE_ENTRY = (type: string) => `new Promise((resolve) => new PerformanceObserver((list, observer) => {
  observer.disconnect();
  resolve(list.getEntries().length);
}).observe({ type: '${type}', buffered: true }))`;

beforeAll(async () => {
  h = await startHarness();
  console.log(`tracker screenshots: ${SCREENSHOT_DIR}`);
});
afterAll(async () => h?.close());

describe('tracking script in the browser', () => {
  it('tracks the initial pageview, SPA and hash navigation (debounced), and applies skip and mask globs', async () => {
    const site = await h.site();
    h.page('/home', testPage(h, site.siteId, { attributes: `data-debounce="100" data-skip-patterns='["/private/**"]' data-mask-patterns='["/users/*"]'` }));
    const { page, consoleErrors, trackRequests } = await openPage(h, '/home?ref=x');
    await page.waitForFunction(moduleRan('spa'));
    // Pageviews only: leaving a page also sends its engagement event.
    const pageviews = () => trackRequests.filter((body) => (JSON.parse(body) as { type?: string }).type === 'pageview').length;
    await eventually(async () => pageviews(), (sent) => sent === 1);
    // Each step with the pageviews sent once it has been handled: a step that sends one is awaited; one that
    // must send none (a skipped path, a replaced state of the same page) gets the debounce's quiet window.
    const steps: Array<[string, number]> = [["history.pushState({}, '', '/spa/one')", 2], ["location.hash = '#/hash/two'", 3],
      ["history.pushState({}, '', '/a'); history.pushState({}, '', '/b'); history.pushState({}, '', '/c')", 4],
      ["history.pushState({}, '', '/private/secret/page')", 4], ["history.pushState({}, '', '/users/42')", 5], ["history.replaceState({}, '', '/users/42')", 5]];
    for (const [step, sent] of steps) {
      const before = pageviews();
      await page.evaluate(step);
      if (sent > before) await eventually(async () => pageviews(), (count) => count >= sent);
      else await quietWindow();
      expect([step, pageviews()]).toEqual([step, sent]);
    }
    await screenshot(page, 'pageviews');
    const rows = await eventually(() => events(site.siteId), (r) => r.length >= 5);
    expect(rows.map((r) => [r.type, r.pathname])).toEqual([['pageview', '/home'], ['pageview', '/spa/one'], ['pageview', '/hash/two'], ['pageview', '/c'], ['pageview', '/users/*']]);
    expect(consoleErrors).toEqual([]);
    await page.close();
  });

  it('sends the fields Rybbit\'s script sends for the same actions', async () => {
    const site = await h.site();
    h.page('/fields', testPage(h, site.siteId, { attributes: 'data-tag="beta"' }));
    const { page, consoleErrors, trackRequests } = await openPage(h, '/fields?utm_source=news');
    await page.waitForFunction(apiReady('loupe'));
    await page.evaluate(`loupe.event('signup', { plan: 'pro' }); loupe.trackOutbound('https://partner.example.net/', 'Partner', '_blank');`);
    const bodies = await eventually(async () => trackRequests.map((text) => JSON.parse(text) as Record<string, unknown>), (b) => b.length >= 3);
    // Rybbit's script's base payload (site_id, hostname, pathname, querystring, screenWidth, screenHeight,
    // language, page_title, referrer, tag, _bs, _bsm), with type and event_name ("" for a pageview) on every
    // call, and properties on the types that carry them.
    const base = ['_bs', '_bsm', 'event_name', 'hostname', 'language', 'page_title', 'pathname', 'querystring', 'referrer', 'screenHeight', 'screenWidth', 'site_id', 'tag', 'type'];
    expect(bodies.map((body) => Object.keys(body).sort())).toEqual([base, [...base, 'properties'].sort(), [...base, 'properties'].sort()]);
    expect(bodies.map((body) => [body.type, body.event_name, body.properties])).toEqual([
      ['pageview', '', undefined],
      ['custom_event', 'signup', JSON.stringify({ plan: 'pro' })],
      ['outbound', '', JSON.stringify({ url: 'https://partner.example.net/', text: 'Partner', target: '_blank' })],
    ]);
    expect(bodies[0]).toMatchObject({ site_id: String(site.siteId), hostname: 'localhost', pathname: '/fields', querystring: '?utm_source=news', page_title: 'Tracker test', tag: 'beta' });
    expect(consoleErrors).toEqual([]);
    await page.close();
  });

  it('loads only the core and its engagement module when the site switches every optional part off, and each module once its setting is on', async () => {
    const off = await h.site({ trackSpaNavigation: false, trackErrors: false, webVitals: false });
    const on = await h.site({ trackSpaNavigation: true, trackErrors: true, webVitals: true, trackButtonClicks: true });
    const fetched = async (siteId: number, path: string) => {
      h.page(path, testPage(h, siteId));
      const page = await newPage(h);
      const scripts: string[] = [];
      page.on('request', (request) => {
        if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
      });
      await page.goto(h.pagesUrl + path);
      await page.waitForFunction(apiReady('loupe'));
      // The modules a site asks for are requested as soon as its settings arrive; none may follow.
      await quietWindow(500);
      await page.close();
      return scripts.sort();
    };
    // engage.js (engaged time and scroll depth) is part of every tracked page, loaded lazily to keep the core small.
    expect(await fetched(off.siteId, '/core-only')).toEqual(['/api/engage.js', '/api/script.js']);
    expect(await fetched(on.siteId, '/all-modules')).toEqual(['/api/engage.js', '/api/errors.js', '/api/interactions.js', '/api/metrics.js', '/api/script.js', '/api/spa.js']);
  });

  it('sends custom events with properties, click tagging, outbound clicks, manual errors and replays queued calls', async () => {
    const site = await h.site();
    h.page('/events', testPage(h, site.siteId, {
      head: `<script>window.loupe = window.loupe || function () { (window.loupe.q = window.loupe.q || []).push(arguments); }; loupe('event', 'queued', { n: 1 });</script>`,
      body: `<button id="cta" data-loupe-event="cta" data-loupe-prop-place="hero" data-loupe-prop-plan="pro">Start</button>
<a id="out" href="https://example.org/docs" target="_blank" onclick="event.preventDefault()">Docs</a><a id="in" href="/elsewhere" onclick="event.preventDefault()">Inside</a>`,
    }));
    const { page, consoleErrors } = await openPage(h, '/events');
    await page.waitForFunction(apiReady('loupe'));
    await page.evaluate(`loupe.event('signup', { plan: 'pro', seats: 3 });
      loupe.trackOutbound('https://partner.example.net/', 'Partner');
      loupe.error(new TypeError('manual failure'), { area: 'checkout' });`);
    await page.click('#cta');
    await page.click('#out');
    await page.click('#in');
    await screenshot(page, 'events');
    const rows = await eventually(() => events(site.siteId), (r) => r.length >= 7);
    const summary = rows.map((r) => [r.type, r.event_name, r.type === 'error' ? { message: r.props.message, area: r.props.area } : r.props]);
    // The page view and the queued call come first; the three calls of one evaluate, and the two clicks, leave as
    // separate requests at once, so under load they may be stored in either order within their group.
    const byText = (a: unknown, b: unknown) => JSON.stringify(a).localeCompare(JSON.stringify(b));
    expect(summary.slice(0, 2)).toEqual([
      ['pageview', '', {}],
      ['custom_event', 'queued', { n: 1 }],
    ]);
    expect(summary.slice(2, 5).sort(byText)).toEqual([
      ['custom_event', 'signup', { plan: 'pro', seats: 3 }],
      ['outbound', '', { url: 'https://partner.example.net/', text: 'Partner', target: '_self' }],
      ['error', 'TypeError', { message: 'manual failure', area: 'checkout' }],
    ].sort(byText));
    expect(summary.slice(5).sort(byText)).toEqual([
      ['custom_event', 'cta', { place: 'hero', plan: 'pro' }],
      ['outbound', '', { url: 'https://example.org/docs', text: 'Docs', target: '_blank' }],
    ].sort(byText));
    expect(consoleErrors).toEqual([]);
    await page.close();
  });

  it("reports the page's own uncaught errors and rejections, never a third-party script's", async () => {
    const site = await h.site({ trackErrors: true });
    h.page('/errors', testPage(h, site.siteId, {
      head: `<script src="${h.foreignUrl}/thrower.js"></script>
<script>function boom() { setTimeout(function () { throw new RangeError('own boom'); }); }
function reject() { Promise.reject(new Error('own rejection')); }</script>`,
    }));
    const { page, consoleErrors } = await openPage(h, '/errors');
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await page.waitForFunction(moduleRan('errors'));
    await page.evaluate('foreignBoom(); boom(); reject();');
    await screenshot(page, 'errors');
    const rows = await eventually(() => events(site.siteId), (r) => r.filter((e) => e.type === 'error').length >= 2);
    // The third-party error must not follow.
    await quietWindow(500);
    const errors = (await events(site.siteId)).filter((r) => r.type === 'error');
    expect(errors.map((r) => [r.event_name, r.props.message])).toEqual([['RangeError', 'own boom'], ['Error', 'own rejection']]);
    expect(errors[0]!.props.fileName).toBe(`${h.pagesUrl}/errors`);
    expect(errors[0]!.props.lineNumber).toBe(2);
    expect(errors[0]!.props.columnNumber).toBeGreaterThan(0);
    expect(errors[1]!.props.type).toBe('unhandledrejection');
    expect(rows.length).toBeGreaterThan(0);
    // The third-party error did happen (the page saw it, muted as "Script error."), and was not sent.
    expect(pageErrors).toContain('foreign boom');
    expect(consoleErrors.filter((text) => !/own boom|own rejection|foreign boom|Script error/.test(text))).toEqual([]);
    await page.close();
  });

  it('sends one performance event with the web vitals when the page is hidden', async () => {
    const site = await h.site({ webVitals: true });
    h.page('/vitals', testPage(h, site.siteId, { body: '<button id="b">Press</button>' }));
    const { page, consoleErrors } = await openPage(h, '/vitals');
    await page.waitForFunction(moduleRan('metrics'));
    // The page's own record of what the metrics module observes: its largest paint, then the first input.
    await page.evaluate(PERFORMANCE_ENTRY('largest-contentful-paint'));
    await page.click('#b');
    await page.evaluate(PERFORMANCE_ENTRY('first-input'));
    await screenshot(page, 'vitals');
    await page.evaluate(hide);
    await page.evaluate(hide);
    const overview = await eventually(
      () => h.get<{ data: Record<string, number | null> }>(`/api/sites/${site.siteId}/performance/overview?${range}`),
      (body) => body.data.total_performance_events === 1,
    );
    expect(overview.data.total_performance_events).toBe(1);
    expect(overview.data.lcp_p50).toBeGreaterThan(0);
    expect(overview.data.fcp_p50).toBeGreaterThan(0);
    expect(overview.data.ttfb_p50).toBeGreaterThan(0);
    expect(overview.data.inp_p50).toBeGreaterThan(0);
    expect(overview.data.cls_p50).toBe(0);
    expect(consoleErrors).toEqual([]);
    await page.close();
  });

  it('links the session to the user on identify, and keeps the id for later events', async () => {
    const site = await h.site();
    h.page('/identify', testPage(h, site.siteId));
    const { page, consoleErrors } = await openPage(h, '/identify');
    await page.waitForFunction(apiReady('loupe'));
    await eventually(() => events(site.siteId), (r) => r.length >= 1);
    const userId = await page.evaluate(`loupe.identify('user-7', { plan: 'pro' });
      loupe.event('after-identify');
      loupe.getUserId();`);
    expect(userId).toBe('user-7');
    expect(await page.evaluate(`localStorage.getItem('loupe-user-id')`)).toBe('user-7');
    const rows = await eventually(() => events(site.siteId), (r) => r.length >= 2);
    expect(rows.map((r) => [r.type, r.identified_user_id])).toEqual([['pageview', ''], ['custom_event', 'user-7']]);
    // The same device before and after identify: its anonymous visitor id is now linked to user-7.
    expect(rows[1]!.user_id).toBe(rows[0]!.user_id);
    const users = await eventually(() => h.get<{ data: { identified_user_id?: string; user_id?: string }[] }>(`/api/sites/${site.siteId}/users?${range}`), (body) => JSON.stringify(body).includes('user-7'));
    expect(JSON.stringify(users)).toContain('user-7');
    expect(consoleErrors).toEqual([]);
    await page.close();
  });

  it('sends nothing after an opt-out (global flag or localStorage, also in the rybbit namespace), nor from a local page for a remote site', async () => {
    const site = await h.site();
    const remote = await h.site({ domain: 'example.com' });
    h.page('/optout-flag', testPage(h, site.siteId, { head: '<script>window.__LOUPE_OPTOUT__ = true;</script>' }));
    h.page('/optout-storage', testPage(h, site.siteId, { head: `<script>localStorage.setItem('disable-loupe', '1');</script>` }));
    h.page('/optout-rybbit', testPage(h, site.siteId, { attributes: 'data-namespace="rybbit"', head: `<script>localStorage.setItem('disable-rybbit', '1');</script>` }));
    h.page('/remote', testPage(h, remote.siteId));
    for (const path of ['/optout-flag', '/optout-storage', '/optout-rybbit', '/remote']) {
      const context = await h.browser.newContext();
      const page = await context.newPage();
      await page.addInitScript(RECORD_SCRIPTS_RUN);
      const sent: string[] = [];
      page.on('request', (request) => request.method() === 'POST' && sent.push(request.url()));
      await page.goto(h.pagesUrl + path);
      await page.waitForFunction(moduleRan('script'));
      // No pageview may leave, nor the event below.
      await quietWindow(500);
      const ns = path === '/optout-rybbit' ? 'rybbit' : 'loupe';
      await page.evaluate(`window.${ns}('event', 'should-not-arrive')`);
      await quietWindow();
      expect(sent, path).toEqual([]);
      await context.close();
    }
    expect(await events(site.siteId)).toEqual([]);
    expect(await events(remote.siteId)).toEqual([]);
  });

  it('works as a drop-in under data-namespace="rybbit"', async () => {
    const site = await h.site();
    h.page('/rybbit', testPage(h, site.siteId, { attributes: 'data-namespace="rybbit"', body: '<button id="r" data-rybbit-event="rb-click" data-rybbit-prop-kind="tag">Tagged</button>' }));
    const { page, consoleErrors } = await openPage(h, '/rybbit');
    await page.waitForFunction(apiReady('rybbit'));
    await page.evaluate(`rybbit.event('rb-api', { a: '1' })`);
    await page.click('#r');
    await screenshot(page, 'rybbit');
    const rows = await eventually(() => events(site.siteId), (r) => r.length >= 3);
    expect(rows.map((r) => [r.type, r.event_name, r.props])).toEqual([['pageview', '', {}], ['custom_event', 'rb-api', { a: '1' }], ['custom_event', 'rb-click', { kind: 'tag' }]]);
    expect(consoleErrors).toEqual([]);
    await page.close();
  });

  it('captures button clicks, copies, form submits and field changes when the site enables them, never field values', async () => {
    const site = await h.site({ trackButtonClicks: true, trackCopy: true, trackFormSubmit: true, trackInputChange: true });
    const context = await h.browser.newContext();
    h.page('/interactions', testPage(h, site.siteId, {
      body: `<p id="quote">Copy this sentence</p><button id="plain">Plain button</button>
<form id="signup" name="signup-form" action="/join" method="post" onsubmit="event.preventDefault()"><label>Email <input id="email" name="email" type="email"></label><button type="submit">Join</button></form>`,
    }));
    const page = await context.newPage();
    await page.addInitScript(RECORD_SCRIPTS_RUN);
    const consoleErrors: string[] = [];
    page.on('console', (m) => m.type() === 'error' && consoleErrors.push(m.text()));
    await page.goto(h.pagesUrl + '/interactions');
    await page.waitForFunction(moduleRan('interactions'));
    await page.click('#plain');
    await page.evaluate(`const range = document.createRange();
      range.selectNodeContents(document.getElementById('quote'));
      getSelection().removeAllRanges();
      getSelection().addRange(range);
      document.execCommand('copy');`);
    await page.fill('#email', 'secret-value@example.com');
    await page.click('form button');
    await screenshot(page, 'interactions');
    const rows = await eventually(() => events(site.siteId), (r) => r.length >= 6);
    // Clicking Join blurs the field, so its change, the button's click and the form's submit can land in the same
    // millisecond: those three are compared in a fixed order.
    const order = (r: EventRow) => JSON.stringify([r.type, r.props]);
    expect(rows.slice(0, 3).map((r) => [r.type, r.props]).concat(rows.slice(3).sort((a, b) => order(a).localeCompare(order(b))).map((r) => [r.type, r.props]))).toEqual([
      ['pageview', {}],
      ['button_click', { text: 'Plain button', id: 'plain' }],
      ['copy', { text: 'Copy this sentence', textLength: 18, sourceElement: 'p' }],
      ['button_click', { text: 'Join' }],
      ['form_submit', { formId: 'signup', formName: 'signup-form', formAction: '/join', method: 'POST', fieldCount: 2 }],
      ['input_change', { element: 'input', inputName: 'email', inputType: 'email', formId: 'signup', formName: 'signup-form' }],
    ]);
    expect(JSON.stringify(rows)).not.toContain('secret-value');
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('files the same page as bot traffic when the site blocks bots (the _bs/_bsm signals of headless Chromium)', async () => {
    const site = await h.site({ blockBots: true });
    h.page('/bots', testPage(h, site.siteId));
    const { page, consoleErrors, trackRequests } = await openPage(h, '/bots');
    await eventually(async () => trackRequests.length, (n) => n >= 1);
    expect(JSON.parse(trackRequests[0]!)).toMatchObject({ _bsm: 3, _bs: 6 });
    const overview = await eventually(() => h.get<{ data: Record<string, unknown> }>(`/api/sites/${site.siteId}/bots/overview?${range}`), (body) => JSON.stringify(body).includes('client_signals'));
    expect(JSON.stringify(overview)).toContain('client_signals');
    expect(await events(site.siteId)).toEqual([]);
    expect(consoleErrors).toEqual([]);
    await page.close();
  });
});

describe('the example page', () => {
  it('sends its pageview, click-tagged event and custom event, and has no serious accessibility violation', async () => {
    const site = await h.site();
    const html = readFileSync(projectPath('examples', 'index.html'), 'utf8')
      .replaceAll('http://localhost:3001', h.loupeUrl)
      .replaceAll('YOUR_SITE_ID', site.id);
    h.page('/example', html);
    const { page, consoleErrors } = await openPage(h, '/example');
    await page.waitForFunction(apiReady('loupe'));
    await page.click('[data-loupe-event="signup_clicked"]');
    await page.click('#download');
    await screenshot(page, 'example-page');
    const rows = await eventually(() => events(site.siteId), (r) => r.length >= 3);
    expect(rows.slice(0, 3).map((r) => [r.type, r.event_name, r.pathname])).toEqual([
      ['pageview', '', '/example'],
      ['custom_event', 'signup_clicked', '/example'],
      ['custom_event', 'report_downloaded', '/example'],
    ]);
    expect([rows[1]?.props, rows[2]?.props]).toEqual([{ plan: 'pro' }, { format: 'pdf' }]);
    await page.addScriptTag({ content: axeSource });
    const violations = (await page.evaluate(`axe.run(document).then((r) => r.violations.map((v) => ({ id: v.id, impact: v.impact })))`)) as { id: string; impact: string }[];
    expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
    expect(consoleErrors).toEqual([]);
    await page.close();
  });
});
