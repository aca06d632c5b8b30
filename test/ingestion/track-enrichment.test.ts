// Enrichment over HTTP: country from the client IP, browser/OS/device from the user agent, referrer, URL parameters, visitor ids.
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../helpers/analytics-rows.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { browserHeaders, track, USER_AGENTS } from '../helpers/track-client.js';
import { createTrackingFixture, type TrackingFixture } from '../helpers/tracking-fixture.js';

const sha12 = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 12);

/** Countries the bundled geo-whois-asn-country database gives (checked against the shipped file). */
const COUNTRY_CASES: ReadonlyArray<readonly [string, string]> = [
  ['8.8.8.8', 'US'],
  ['1.1.1.1', 'AU'],
  ['81.2.69.142', 'GB'],
  ['5.9.0.1', 'DE'],
  ['2.16.0.1', 'NL'],
  ['2001:4860:4860::8888', 'US'],
  ['::ffff:8.8.8.8', 'US'],
  ['10.1.2.3', ''],
  ['192.168.0.10', ''],
  ['100.64.0.1', ''],
  ['127.0.0.1', ''],
];

/** [user agent, screen, expected browser, version, OS, OS version, device]. */
const UA_CASES: ReadonlyArray<readonly [keyof typeof USER_AGENTS | string, { w: number; h: number } | null, string, string, string, string, string]> = [
  ['chromeWindows', null, 'Chrome', '126', 'Windows', '10', 'Desktop'],
  ['chromeMac', null, 'Chrome', '125', 'macOS', '10.15.7', 'Desktop'],
  ['edgeWindows', null, 'Edge', '126', 'Windows', '10', 'Desktop'],
  ['firefoxLinux', null, 'Firefox', '127', 'Linux', '', 'Desktop'],
  ['safariIphone', null, 'Mobile Safari', '17', 'iOS', '17.5', 'Mobile'],
  ['safariIpad', null, 'Mobile Safari', '16', 'iOS', '16.6', 'Tablet'],
  ['chromeAndroid', null, 'Chrome', '126', 'Android', '14', 'Mobile'],
  ['firefoxLinux', { w: 800, h: 1280 }, 'Firefox', '127', 'Linux', '', 'Tablet'],
  ['firefoxLinux', { w: 390, h: 844 }, 'Firefox', '127', 'Linux', '', 'Mobile'],
  ['', null, '', '', '', '', 'Desktop'],
];

describe('enrichment behind a trusted proxy', () => {
  let t: TestApp;
  let f: TrackingFixture;

  const statuses = new Map<string, number>();
  const geoPath = (ip: string) => `/geo/${ip}`;
  const uaPath = (name: string, screen: { w: number } | null) => `/ua/${name || 'empty'}/${screen?.w ?? 0}`;
  const userAgentOf = (name: string) => (name in USER_AGENTS ? USER_AGENTS[name as keyof typeof USER_AGENTS] : name);

  beforeAll(async () => {
    // Two proxies: one at 172.16.0.1 appends the visitor's address, the next (the test's socket) appends 172.16.0.1.
    t = await createTestApp({ env: { TRUST_PROXY: '2' } });
    f = await createTrackingFixture(t.app, 'enrich', 'example.com');
    // The table cases are sent up front so that one flush serves all of them.
    for (const [ip] of COUNTRY_CASES) {
      const response = await track(t.app, { site_id: f.site.id, pathname: geoPath(ip) }, { headers: browserHeaders({ forwardedFor: `${ip}, 172.16.0.1` }) });
      statuses.set(geoPath(ip), response.statusCode);
    }
    for (const [name, screen] of UA_CASES) {
      const payload = { site_id: f.site.id, pathname: uaPath(name, screen), ip_address: '8.8.8.8', user_agent: userAgentOf(name), ...(screen ? { screenWidth: screen.w, screenHeight: screen.h } : {}) };
      const response = await track(t.app, payload, { key: f.key, headers: { 'content-type': 'application/json', 'user-agent': 'loupe-server-sdk/1.0' } });
      statuses.set(uaPath(name, screen), response.statusCode);
    }
  });
  afterAll(async () => t.close());

  async function one(pathname: string, columns: string): Promise<Record<string, unknown>> {
    const found = await rows(t, `SELECT ${columns} FROM events WHERE site_id = {site:UInt32} AND pathname = {path:String}`, { site: f.site.siteId, path: pathname });
    expect(found, pathname).toHaveLength(1);
    return found[0] ?? {};
  }

  it.each(COUNTRY_CASES)('geolocates X-Forwarded-For %s to %j and never stores the IP', async (ip, country) => {
    expect(statuses.get(geoPath(ip))).toBe(200);
    expect(await one(geoPath(ip), 'country, region, city, lat, lon, timezone, ip, user_id')).toEqual({
      country, region: '', city: '', lat: 0, lon: 0, timezone: '', ip: '', user_id: sha12(ip.replace('::ffff:', '') + USER_AGENTS.chromeWindows),
    });
  });

  it('prefers X-Real-IP, then X-Forwarded-For, then CF-Connecting-IP', async () => {
    const headers = browserHeaders();
    await track(t.app, { site_id: f.site.id, pathname: '/proxy/real-ip' }, { headers: { ...headers, 'x-real-ip': '1.1.1.1', 'x-forwarded-for': '8.8.8.8', 'cf-connecting-ip': '81.2.69.142' } });
    await track(t.app, { site_id: f.site.id, pathname: '/proxy/cf' }, { headers: { ...headers, 'x-forwarded-for': 'garbage', 'cf-connecting-ip': '81.2.69.142' } });
    expect(await one('/proxy/real-ip', 'country')).toEqual({ country: 'AU' });
    expect(await one('/proxy/cf', 'country')).toEqual({ country: 'GB' });
  });

  it.each(UA_CASES)('parses user agent %s (screen %j) on a trusted server-side call', async (name, screen, browser, version, os, osVersion, device) => {
    expect(statuses.get(uaPath(name, screen))).toBe(200);
    expect(await one(uaPath(name, screen), 'browser, browser_version, operating_system, operating_system_version, device_type, country, user_id')).toEqual({
      browser, browser_version: version, operating_system: os, operating_system_version: osVersion, device_type: device, country: 'US', user_id: sha12(`8.8.8.8${userAgentOf(name)}`),
    });
  });

  it('ignores ip_address and user_agent from an untrusted (key-less) call', async () => {
    const payload = { site_id: f.site.id, pathname: '/untrusted-claims', ip_address: '8.8.8.8', user_agent: USER_AGENTS.safariIphone };
    const response = await track(t.app, payload, { headers: browserHeaders({ forwardedFor: '1.1.1.1' }) });
    expect(response.statusCode).toBe(200);
    expect(await one('/untrusted-claims', 'country, browser, device_type')).toEqual({ country: 'AU', browser: 'Chrome', device_type: 'Desktop' });
  });

  it('clears a self-referral, keeps other referrers, and drops referrers that are not URLs', async () => {
    const cases: ReadonlyArray<readonly [string, string, string, string]> = [
      ['/ref/same-host', 'www.example.com', 'https://www.example.com/pricing', ''],
      ['/ref/same-host-without-www', 'www.example.com', 'https://EXAMPLE.com/', ''],
      ['/ref/other-site', 'www.example.com', 'https://news.ycombinator.com/item?id=42', 'https://news.ycombinator.com/item?id=42'],
      ['/ref/sibling-subdomain', 'www.example.com', 'https://blog.example.com/post', 'https://blog.example.com/post'],
      ['/ref/not-a-url', 'www.example.com', 'android-app://', ''],
      ['/ref/garbage', 'www.example.com', 'just text', ''],
    ];
    for (const [pathname, hostname, referrer] of cases) {
      expect((await track(t.app, { site_id: f.site.id, pathname, hostname, referrer })).statusCode).toBe(200);
    }
    for (const [pathname, , , stored] of cases) expect(await one(pathname, 'referrer'), pathname).toEqual({ referrer: stored });
  });

  it('keeps every URL parameter (keys lowercased, first value wins) and fills the UTM columns', async () => {
    const querystring = '?UTM_Source=Weekly+Digest&utm_medium=email&utm_campaign=spring%20sale&utm_term=shoes&utm_content=hero&Ref=abc&ref=dup&flag&bad=%E0%A4%A';
    const response = await track(t.app, { site_id: f.site.id, pathname: '/params', hostname: 'example.com', querystring });
    expect(response.statusCode).toBe(200);
    expect(await one('/params', 'querystring, url_parameters, utm_source, utm_medium, utm_campaign, utm_term, utm_content, channel')).toEqual({
      querystring: querystring.slice(1),
      url_parameters: { utm_source: 'Weekly Digest', utm_medium: 'email', utm_campaign: 'spring sale', utm_term: 'shoes', utm_content: 'hero', ref: 'abc', flag: '', bad: '%E0%A4%A' },
      utm_source: 'Weekly Digest',
      utm_medium: 'email',
      utm_campaign: 'spring sale',
      utm_term: 'shoes',
      utm_content: 'hero',
      channel: 'Email',
    });
  });

  it('derives the visitor id from anonymous_id when sent, across addresses and browsers', async () => {
    await track(t.app, { site_id: f.site.id, pathname: '/anon/a', anonymous_id: 'device-123' }, { headers: browserHeaders({ forwardedFor: '8.8.8.8' }) });
    await track(t.app, { site_id: f.site.id, pathname: '/anon/b', anonymous_id: 'device-123' }, { headers: browserHeaders({ forwardedFor: '1.1.1.1', userAgent: USER_AGENTS.firefoxLinux }) });
    const expected = sha12(`${f.site.siteId}:device-123`);
    expect(await one('/anon/a', 'user_id')).toEqual({ user_id: expected });
    expect(await one('/anon/b', 'user_id')).toEqual({ user_id: expected });
  });
});

describe('enrichment without a trusted proxy', () => {
  let t: TestApp;
  let f: TrackingFixture;

  beforeAll(async () => {
    t = await createTestApp();
    f = await createTrackingFixture(t.app, 'direct', 'example.com');
  });
  afterAll(async () => t.close());

  it('ignores X-Forwarded-For and uses the socket address', async () => {
    const response = await track(t.app, { site_id: f.site.id, pathname: '/spoofed' }, { headers: browserHeaders({ forwardedFor: '8.8.8.8' }) });
    expect(response.statusCode).toBe(200);
    const found = await rows(t, 'SELECT country, user_id FROM events WHERE pathname = {path:String}', { path: '/spoofed' });
    expect(found).toEqual([{ country: '', user_id: sha12(`127.0.0.1${USER_AGENTS.chromeWindows}`) }]);
  });
});
