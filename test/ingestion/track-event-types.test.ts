// Every event type over HTTP: what POST /api/track stores in the events table, column by column.
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../helpers/analytics-rows.js';
import { frozenClock } from '../helpers/frozen-clock.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { browserHeaders, postRaw, track, USER_AGENTS } from '../helpers/track-client.js';
import { createTrackingFixture, type TrackingFixture } from '../helpers/tracking-fixture.js';

const ORIGIN = 'https://www.example.com';
const NO_VITALS = { lcp: null, cls: null, inp: null, fcp: null, ttfb: null };
const ERROR_PROPS = { message: "Cannot read properties of undefined (reading 'id')", stack: 'TypeError: x\n    at app.js:10:5', fileName: 'https://www.example.com/app.js', filename: 'app.js', lineNumber: 10, columnNumber: 5 };

/** [type label, payload fields beside site_id and pathname, expected columns]. */
const TYPE_CASES: ReadonlyArray<readonly [string, Record<string, unknown>, Record<string, unknown>]> = [
  ['pageview (the default type)', {}, { type: 'pageview', event_name: '', props: '', ...NO_VITALS }],
  ['pageview (explicit)', { type: 'pageview', event_name: '' }, { type: 'pageview', event_name: '', props: '' }],
  [
    'custom_event',
    { type: 'custom_event', event_name: 'Signup', properties: '{ "plan": "pro", "seats": 3, "trial": true }' },
    { type: 'custom_event', event_name: 'Signup', props: '{"plan":"pro","seats":3,"trial":true}', ...NO_VITALS },
  ],
  ['custom_event without properties', { type: 'custom_event', event_name: 'Download' }, { type: 'custom_event', event_name: 'Download', props: '' }],
  [
    'performance',
    { type: 'performance', lcp: 1234.5, cls: 0.042, inp: 88, fcp: 912, ttfb: null },
    { type: 'performance', event_name: '', props: '', lcp: 1234.5, cls: 0.042, inp: 88, fcp: 912, ttfb: null },
  ],
  ['performance with vitals missing', { type: 'performance', lcp: 0 }, { type: 'performance', lcp: 0, cls: null, inp: null, fcp: null, ttfb: null }],
  ['web vitals on a pageview are not kept', { lcp: 1000, ttfb: 50 }, { type: 'pageview', ...NO_VITALS }],
  [
    'outbound',
    { type: 'outbound', properties: JSON.stringify({ url: 'https://docs.other.org/start?x=1', text: 'Docs', target: '_blank', position: 'footer' }) },
    { type: 'outbound', event_name: '', props: '{"url":"https://docs.other.org/start?x=1","text":"Docs","target":"_blank","position":"footer"}' },
  ],
  [
    'error',
    { type: 'error', event_name: 'TypeError', properties: JSON.stringify(ERROR_PROPS) },
    { type: 'error', event_name: 'TypeError', props: JSON.stringify(ERROR_PROPS) },
  ],
  [
    'error with 4 KiB of details',
    { type: 'error', event_name: 'RangeError', properties: JSON.stringify({ message: 'deep', stack: 's'.repeat(4000) }) },
    { type: 'error', event_name: 'RangeError', props: JSON.stringify({ message: 'deep', stack: 's'.repeat(4000) }) },
  ],
  ['button_click', { type: 'button_click', event_name: '', properties: '{"text":"Buy now","id":"buy"}' }, { type: 'button_click', event_name: '', props: '{"text":"Buy now","id":"buy"}' }],
  ['copy', { type: 'copy', properties: '{"length":42}' }, { type: 'copy', event_name: '', props: '{"length":42}' }],
  ['form_submit', { type: 'form_submit', event_name: 'contact', properties: '{"form":"contact","fields":4}' }, { type: 'form_submit', event_name: 'contact', props: '{"form":"contact","fields":4}' }],
  ['input_change', { type: 'input_change', properties: '{"name":"email","type":"email"}' }, { type: 'input_change', event_name: '', props: '{"name":"email","type":"email"}' }],
];

describe('event types', () => {
  const clock = frozenClock('2026-03-10T12:00:00.000Z');
  let t: TestApp;
  let f: TrackingFixture;

  const pathOf = (label: string) => `/types/${label.replaceAll(' ', '-')}`;
  const responses = new Map<string, { status: number; body: unknown }>();

  beforeAll(async () => {
    t = await createTestApp({ clock: clock.now });
    f = await createTrackingFixture(t.app, 'types', 'example.com');
    // Every case is sent up front so that one flush serves all of them.
    for (const [label, fields] of TYPE_CASES) {
      const payload = { site_id: f.site.id, hostname: 'www.example.com', pathname: pathOf(label), ...fields };
      const response = await track(t.app, payload, { headers: browserHeaders({ origin: ORIGIN }) });
      responses.set(label, { status: response.statusCode, body: response.json() });
    }
  });
  afterAll(async () => t.close());

  async function stored(pathname: string): Promise<Record<string, unknown>[]> {
    return rows(t, 'SELECT * FROM events WHERE site_id = {site:UInt32} AND pathname = {path:String}', { site: f.site.siteId, path: pathname });
  }

  it.each(TYPE_CASES)('stores %s with its columns', async (label, _fields, expected) => {
    expect(responses.get(label)).toEqual({ status: 200, body: { success: true } });
    const found = await stored(pathOf(label));
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ site_id: f.site.siteId, pathname: pathOf(label), hostname: 'www.example.com', ...expected });
  });

  it('stores every shared field of a browser pageview', async () => {
    const response = await track(
      t.app,
      {
        site_id: f.site.id,
        hostname: 'WWW.Example.com',
        pathname: '/pricing',
        querystring: '?plan=pro&utm_source=newsletter',
        referrer: 'https://news.ycombinator.com/item?id=1',
        page_title: 'Pricing — Example',
        language: 'de-DE',
        screenWidth: 1920,
        screenHeight: 1080,
        tag: 'variant-b',
        feature_flags: { 'new-checkout': 'on', theme: 'dark' },
      },
      { headers: browserHeaders({ origin: ORIGIN }) },
    );
    expect(response.statusCode).toBe(200);
    const [row] = await stored('/pricing');
    const visitor = createHash('sha256').update(`127.0.0.1${USER_AGENTS.chromeWindows}`).digest('hex').slice(0, 12);
    expect(row).toEqual({
      site_id: f.site.siteId,
      timestamp: '2026-03-10 12:00:00.000',
      event_id: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/),
      session_id: expect.stringMatching(/^\d+$/),
      session_start: '2026-03-10 12:00:00.000',
      user_id: visitor,
      identified_user_id: '',
      import_id: '',
      type: 'pageview',
      event_name: '',
      props: '',
      hostname: 'www.example.com',
      pathname: '/pricing',
      querystring: 'plan=pro&utm_source=newsletter',
      url_parameters: { plan: 'pro', utm_source: 'newsletter' },
      page_title: 'Pricing — Example',
      referrer: 'https://news.ycombinator.com/item?id=1',
      channel: 'Email',
      utm_source: 'newsletter',
      utm_medium: '',
      utm_campaign: '',
      utm_term: '',
      utm_content: '',
      browser: 'Chrome',
      browser_version: '126',
      operating_system: 'Windows',
      operating_system_version: '10',
      device_type: 'Desktop',
      language: 'de-DE',
      country: '',
      region: '',
      city: '',
      lat: 0,
      lon: 0,
      timezone: '',
      screen_width: 1920,
      screen_height: 1080,
      ...NO_VITALS,
      ip: '',
      tag: 'variant-b',
      feature_flags: { 'new-checkout': 'on', theme: 'dark' },
      // The same visitor's earlier events in this session (beforeAll) sent no language: this one differs.
      attributes_changed: 1,
      revenue_amount: 0,
      revenue_currency: '',
      engaged_ms: 0,
      scroll_depth: 0,
    });
  });

  it('stores text with lone UTF-16 surrogates as U+FFFD instead of blocking the batch', async () => {
    const response = await track(t.app, {
      site_id: f.site.id,
      pathname: '/lone-\ud800-surrogate',
      page_title: 'cut mid-emoji \ud83d',
      querystring: '?q=\udc00',
      feature_flags: { '\ud800flag': 'v\udfff' },
    });
    expect(response.statusCode).toBe(200);
    const found = await rows(t, 'SELECT page_title, url_parameters, feature_flags FROM events WHERE pathname = {path:String}', { path: '/lone-\ufffd-surrogate' });
    expect(found).toEqual([{ page_title: 'cut mid-emoji \ufffd', url_parameters: { q: '\ufffd' }, feature_flags: { '\ufffdflag': 'v\ufffd' } }]);
  });

  it('stores the validated payload whatever the layout of the JSON text', async () => {
    // The spool keeps a one-line body as sent: whitespace, duplicate keys (the last wins) and escapes must read back
    // as the validated payload; a body on several lines is serialized again.
    const bodies = [
      `  {"site_id":"${f.site.id}",\t"pathname":"/layout-compact", "page_title":"a\\u0041\\n"}  `,
      `{"site_id":"${f.site.id}","pathname":"/ignored","pathname":"/layout-duplicate","type":"custom_event","event_name":"x","type":"pageview"}`,
      JSON.stringify({ site_id: f.site.id, pathname: '/layout-pretty', page_title: 'a\nb' }, null, 2),
    ];
    for (const body of bodies) {
      const response = await postRaw(t.app, '/api/track', body, browserHeaders());
      expect(response.statusCode).toBe(200);
    }
    const found = await rows(t, "SELECT pathname, type, event_name, page_title FROM events WHERE pathname LIKE '/layout-%' ORDER BY pathname");
    expect(found).toEqual([
      { pathname: '/layout-compact', type: 'pageview', event_name: '', page_title: 'aA\n' },
      { pathname: '/layout-duplicate', type: 'pageview', event_name: 'x', page_title: '' },
      { pathname: '/layout-pretty', type: 'pageview', event_name: '', page_title: 'a\nb' },
    ]);
  });

  it('accepts a numeric site id as well as the public id', async () => {
    const response = await track(t.app, { site_id: String(f.site.siteId), pathname: '/by-numeric-id' });
    expect(response.statusCode).toBe(200);
    expect(await stored('/by-numeric-id')).toHaveLength(1);
  });
});
