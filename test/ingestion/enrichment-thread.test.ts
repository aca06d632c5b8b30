// The default deployment enriches spooled events on a worker thread: the same values as the inline steps,
// read back over the real store: browser and geo fields, channel, sliding sessions, bot rows, and AI crawlers.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../helpers/analytics-rows.js';
import { frozenClock, MINUTE_MS } from '../helpers/frozen-clock.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { browserHeaders, track, USER_AGENTS } from '../helpers/track-client.js';
import { createTrackingFixture, type TrackingFixture } from '../helpers/tracking-fixture.js';

describe('enrichment on the worker thread (ENRICHMENT_THREAD=true)', () => {
  const clock = frozenClock('2026-05-04T09:00:00.000Z');
  let t: TestApp;
  let f: TrackingFixture;

  beforeAll(async () => {
    t = await createTestApp({ clock: clock.now, env: { ENRICHMENT_THREAD: 'true', TRUST_PROXY: 'true', DISABLE_ORIGIN_CHECK: 'true' } });
    f = await createTrackingFixture(t.app, 'enrichment-thread', 'shop.example.com');
  });
  afterAll(async () => t.close());

  it('stores browser, device, country, channel and UTM fields of a browser pageview', async () => {
    const response = await track(
      t.app,
      { site_id: f.site.id, hostname: 'shop.example.com', pathname: '/thread/landing', referrer: 'https://www.google.com/search?q=x', querystring: '?utm_source=newsletter&utm_medium=email', screenWidth: 390, screenHeight: 844 },
      { headers: browserHeaders({ userAgent: USER_AGENTS.safariIphone, forwardedFor: '81.2.69.142' }) },
    );
    expect(response.json()).toEqual({ success: true });
    const stored = await rows(t, `SELECT browser, browser_version, operating_system, device_type, country, channel, referrer, utm_source, utm_medium, toString(timestamp) AS at
      FROM events WHERE site_id = {site:UInt32} AND pathname = '/thread/landing'`, { site: f.site.siteId });
    expect(stored).toEqual([{
      browser: 'Mobile Safari', browser_version: '17', operating_system: 'iOS', device_type: 'Mobile', country: 'GB',
      channel: 'Email', referrer: 'https://www.google.com/search?q=x', utm_source: 'newsletter', utm_medium: 'email', at: '2026-05-04 09:00:00.000',
    }]);
  });

  it('keeps a visitor in one session for 30 minutes of activity and starts a new one after a 31-minute gap', async () => {
    const headers = browserHeaders({ forwardedFor: '8.8.4.4' });
    for (const [path, gap] of [['/s/1', 0], ['/s/2', 20 * MINUTE_MS], ['/s/3', 29 * MINUTE_MS], ['/s/4', 31 * MINUTE_MS]] as const) {
      clock.advance(gap);
      expect((await track(t.app, { site_id: f.site.id, pathname: path }, { headers })).json()).toEqual({ success: true });
    }
    const stored = await rows<{ pathname: string; session: string }>(t, `SELECT pathname, toString(session_id) AS session FROM events
      WHERE site_id = {site:UInt32} AND startsWith(pathname, '/s/') ORDER BY timestamp`, { site: f.site.siteId });
    const [first, second, third, fourth] = stored.map((row) => row.session);
    expect(stored.map((row) => row.pathname)).toEqual(['/s/1', '/s/2', '/s/3', '/s/4']);
    expect([second, third]).toEqual([first, first]);
    expect(fourth).not.toEqual(first);
  });

  it('files a key-less curl call and a GPTBot visit in bot_events with their layers and crawler, never in events', async () => {
    await track(t.app, { site_id: f.site.id, pathname: '/thread/curl' }, { headers: { 'user-agent': USER_AGENTS.curl, accept: '*/*', 'content-type': 'application/json', 'x-forwarded-for': '8.8.8.8' } });
    await track(t.app, { site_id: f.site.id, pathname: '/thread/gpt' }, { headers: { 'user-agent': USER_AGENTS.gptBot, accept: '*/*', 'content-type': 'application/json', 'x-forwarded-for': '8.8.8.8' } });
    const bots = await rows(t, `SELECT pathname, bot_name, ai_operator, ai_purpose, country, ua_pattern, header_heuristics, client_signals, bot_asn, rate_anomaly
      FROM bot_events WHERE site_id = {site:UInt32} AND startsWith(pathname, '/thread/') ORDER BY pathname`, { site: f.site.siteId });
    expect(bots).toEqual([
      { pathname: '/thread/curl', bot_name: 'curl', ai_operator: '', ai_purpose: '', country: 'US', ua_pattern: 1, header_heuristics: 1, client_signals: 0, bot_asn: 0, rate_anomaly: 0 },
      { pathname: '/thread/gpt', bot_name: 'GPTBot', ai_operator: 'OpenAI', ai_purpose: 'training', country: 'US', ua_pattern: 1, header_heuristics: 1, client_signals: 0, bot_asn: 0, rate_anomaly: 0 },
    ]);
    const humans = await rows(t, `SELECT count() AS n FROM events WHERE site_id = {site:UInt32} AND pathname IN ('/thread/curl', '/thread/gpt')`, { site: f.site.siteId });
    expect(humans).toEqual([{ n: '0' }]);
  });
});
