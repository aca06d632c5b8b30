// Bot detection over HTTP: each layer files key-less bot traffic in bot_events (never events); browsers and trusted keys pass.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../helpers/analytics-rows.js';
import { frozenClock, MINUTE_MS } from '../helpers/frozen-clock.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { browserHeaders, track, USER_AGENTS } from '../helpers/track-client.js';
import { addSite, createTrackingFixture, type TrackingFixture } from '../helpers/tracking-fixture.js';

/** The five bot_events layer flags (0 or 1). */
type Layers = Record<'ua_pattern' | 'header_heuristics' | 'client_signals' | 'bot_asn' | 'rate_anomaly', number>;
/** Columns of an expected bot_events row: the five layer flags and any others to check. */
type BotRow = Layers & Record<string, unknown>;

const NONE: Layers = { ua_pattern: 0, header_heuristics: 0, client_signals: 0, bot_asn: 0, rate_anomaly: 0 };
const only = (layers: Partial<Layers>): BotRow => ({ ...NONE, ...layers });

const chromeWithout = (...names: string[]): Record<string, string> => {
  const headers = browserHeaders({ origin: 'https://www.example.com' });
  for (const name of names) delete headers[name];
  return headers;
};

interface BotCase {
  readonly name: string;
  readonly headers: Record<string, string>;
  readonly payload?: Record<string, unknown>;
  /** The bot_events row expected (without site, time, id and path), or null for a human event. */
  readonly bot: BotRow | null;
}

const BOT_CASES: readonly BotCase[] = [
  {
    name: 'curl (ua_pattern, and it sends none of a browser headers)',
    headers: { 'user-agent': USER_AGENTS.curl, accept: '*/*', 'content-type': 'application/json' },
    bot: { ...only({ ua_pattern: 1, header_heuristics: 1 }), bot_name: 'curl', bot_category: 'http_client', ai_operator: '', ai_purpose: '', browser: '', user_agent: USER_AGENTS.curl },
  },
  {
    name: 'GPTBot with browser-like headers (an AI crawler)',
    headers: browserHeaders({ userAgent: USER_AGENTS.gptBot }),
    bot: { ...only({ ua_pattern: 1 }), bot_name: 'GPTBot', bot_category: 'ai', ai_operator: 'OpenAI', ai_purpose: 'training', user_agent: USER_AGENTS.gptBot },
  },
  {
    name: 'an empty user agent',
    headers: { ...browserHeaders(), 'user-agent': '' },
    bot: { ...only({ ua_pattern: 1 }), bot_name: '', bot_category: 'unknown', user_agent: '' },
  },
  {
    name: 'Chrome user agent with no other header (header_heuristics)',
    headers: { 'user-agent': USER_AGENTS.chromeWindows, 'content-type': 'application/json' },
    bot: { ...only({ header_heuristics: 1 }), bot_name: '', bot_category: 'unknown', browser: 'Chrome', operating_system: 'Windows', user_agent: USER_AGENTS.chromeWindows },
  },
  {
    name: 'Chrome user agent announcing HeadlessChrome in its client hints',
    headers: { ...browserHeaders(), 'sec-ch-ua': '"HeadlessChrome";v="126", "Chromium";v="126"' },
    bot: { ...only({ header_heuristics: 1 }), bot_name: '', bot_category: 'unknown' },
  },
  {
    name: 'Firefox user agent sending Chromium client hints',
    headers: { ...browserHeaders({ userAgent: USER_AGENTS.firefoxLinux }), 'sec-ch-ua': '"Chromium";v="126"', 'accept-encoding': '' },
    bot: { ...only({ header_heuristics: 1 }), browser: 'Firefox' },
  },
  {
    name: 'the tracker saw navigator.webdriver (_bsm bit 1)',
    headers: browserHeaders({ origin: 'https://www.example.com' }),
    payload: { _bsm: 1 },
    bot: { ...only({ client_signals: 1 }), bot_name: '', bot_category: 'unknown', browser: 'Chrome' },
  },
  {
    name: 'two strong client signals together (_bsm 4 + 8)',
    headers: browserHeaders({ origin: 'https://www.example.com' }),
    payload: { _bsm: 12 },
    bot: only({ client_signals: 1 }),
  },
  {
    name: "the tracker's own score at the threshold (_bs 3)",
    headers: browserHeaders({ origin: 'https://www.example.com' }),
    payload: { _bs: 3, _bsm: 0 },
    bot: only({ client_signals: 1 }),
  },
  { name: 'a realistic desktop Chrome request', headers: browserHeaders({ origin: 'https://www.example.com' }), bot: null },
  { name: 'a realistic Safari on iPhone request', headers: browserHeaders({ origin: 'https://www.example.com', userAgent: USER_AGENTS.safariIphone }), bot: null },
  { name: 'a realistic Firefox request', headers: browserHeaders({ origin: 'https://www.example.com', userAgent: USER_AGENTS.firefoxLinux }), bot: null },
  { name: 'Chrome over plain HTTP (no fetch metadata, no client hints)', headers: chromeWithout('sec-fetch-dest', 'sec-fetch-mode', 'sec-fetch-site', 'sec-ch-ua', 'sec-ch-ua-mobile', 'sec-ch-ua-platform'), bot: null },
  { name: 'Chrome behind a proxy that strips Accept-Language', headers: chromeWithout('accept-language'), bot: null },
  { name: 'one weak client signal (_bsm 32, chrome_runtime_missing)', headers: browserHeaders(), payload: { _bsm: 32 }, bot: null },
  { name: 'one strong client signal (_bsm 4, impossible_screen)', headers: browserHeaders(), payload: { _bsm: 4, _bs: 2 }, bot: null },
];

describe('bot detection', () => {
  const clock = frozenClock('2026-03-10T12:00:00.000Z');
  let t: TestApp;
  let f: TrackingFixture;
  let ipCount = 0;
  const statuses = new Map<string, unknown>();
  const pathOf = (name: string) => `/bots/${name.replaceAll(' ', '-')}`;
  /** A fresh client address, so that the rate layer of one case never sees another's requests. */
  const nextIp = () => `8.8.8.${(ipCount += 1)}`;

  beforeAll(async () => {
    t = await createTestApp({ clock: clock.now, env: { TRUST_PROXY: 'true' } });
    f = await createTrackingFixture(t.app, 'bots', 'example.com');
    for (const botCase of BOT_CASES) {
      const headers = { ...botCase.headers, 'x-forwarded-for': nextIp() };
      const response = await track(t.app, { site_id: f.site.id, hostname: 'www.example.com', pathname: pathOf(botCase.name), ...botCase.payload }, { headers });
      statuses.set(botCase.name, { status: response.statusCode, body: response.json() });
    }
  });
  afterAll(async () => t.close());

  async function storedIn(table: 'events' | 'bot_events', pathname: string): Promise<Record<string, unknown>[]> {
    return rows(t, `SELECT * FROM ${table} WHERE site_id = {site:UInt32} AND pathname = {path:String}`, { site: f.site.siteId, path: pathname });
  }

  it.each(BOT_CASES.map((botCase) => [botCase.name, botCase] as const))('%s', async (_name, botCase) => {
    expect(statuses.get(botCase.name)).toEqual({ status: 200, body: { success: true } });
    const humans = await storedIn('events', pathOf(botCase.name));
    const bots = await storedIn('bot_events', pathOf(botCase.name));
    if (botCase.bot === null) {
      expect({ humans: humans.length, bots: bots.length }).toEqual({ humans: 1, bots: 0 });
      return;
    }
    expect({ humans: humans.length, bots: bots.length }).toEqual({ humans: 0, bots: 1 });
    expect(bots[0]).toMatchObject({ ...botCase.bot, country: 'US', asn: 0, hostname: 'www.example.com', type: 'pageview', timestamp: '2026-03-10 12:00:00.000' });
  });

  it('flags rate_anomaly on the 121st event within a minute from one address and user agent', async () => {
    clock.advance(10 * MINUTE_MS);
    const ip = nextIp();
    const headers = browserHeaders({ origin: 'https://www.example.com', forwardedFor: ip });
    const burst = Array.from({ length: 120 }, (_, n) => track(t.app, { site_id: f.site.id, pathname: `/burst/${n}` }, { headers }));
    expect((await Promise.all(burst)).map((response) => response.statusCode)).toEqual(Array(120).fill(200));
    const over = await track(t.app, { site_id: f.site.id, pathname: '/burst/over' }, { headers });
    expect(over.json()).toEqual({ success: true });
    const otherBrowser = await track(t.app, { site_id: f.site.id, pathname: '/burst/other-visitor' }, { headers: browserHeaders({ forwardedFor: nextIp() }) });
    expect(otherBrowser.statusCode).toBe(200);

    const humans = await rows<{ n: string }>(t, 'SELECT count() AS n FROM events WHERE pathname LIKE {p:String}', { p: '/burst/%' });
    expect(humans).toEqual([{ n: '121' }]);
    const bots = await rows(t, 'SELECT pathname, ua_pattern, header_heuristics, client_signals, bot_asn, rate_anomaly FROM bot_events WHERE pathname LIKE {p:String}', { p: '/burst/%' });
    expect(bots).toEqual([{ pathname: '/burst/over', ...only({ rate_anomaly: 1 }) }]);

    clock.advance(2 * MINUTE_MS);
    const later = await track(t.app, { site_id: f.site.id, pathname: '/burst/two-minutes-later' }, { headers });
    expect(later.statusCode).toBe(200);
    expect(await storedIn('events', '/burst/two-minutes-later')).toHaveLength(1);
  });

  it('lets a trusted API key bypass every layer', async () => {
    const headers = { 'user-agent': USER_AGENTS.curl, 'content-type': 'application/json', 'x-forwarded-for': nextIp() };
    const plain = await track(t.app, { site_id: f.site.id, pathname: '/trusted/curl', _bsm: 1, _bs: 9 }, { headers, key: f.key });
    const claimed = await track(t.app, { site_id: f.site.id, pathname: '/trusted/gptbot', user_agent: USER_AGENTS.gptBot, ip_address: '8.8.8.8' }, { headers, key: f.key });
    expect([plain.json(), claimed.json()]).toEqual([{ success: true }, { success: true }]);
    expect(await storedIn('events', '/trusted/curl')).toHaveLength(1);
    expect(await storedIn('events', '/trusted/gptbot')).toHaveLength(1);
    expect(await storedIn('bot_events', '/trusted/curl')).toHaveLength(0);
    expect(await storedIn('bot_events', '/trusted/gptbot')).toHaveLength(0);
  });

  it('stores bots as ordinary events on a site with blockBots off', async () => {
    const open = await addSite(t.app, f, 'open.example.org', { blockBots: false });
    const headers = { 'user-agent': USER_AGENTS.curl, 'content-type': 'application/json', 'x-forwarded-for': nextIp() };
    const response = await track(t.app, { site_id: open.id, pathname: '/open/curl' }, { headers });
    expect(response.statusCode).toBe(200);
    const found = await rows(t, 'SELECT browser FROM events WHERE site_id = {site:UInt32}', { site: open.siteId });
    expect(found).toEqual([{ browser: '' }]);
    expect(await rows(t, 'SELECT * FROM bot_events WHERE site_id = {site:UInt32}', { site: open.siteId })).toEqual([]);
  });
});
