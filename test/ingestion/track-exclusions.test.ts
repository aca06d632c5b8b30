// Site exclusions over HTTP: excluded IPs/CIDRs, countries, paths, hostnames and user agents are acknowledged and never stored.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../helpers/auth-client.js';
import { rows } from '../helpers/analytics-rows.js';
import { createTestApp, metadataBackends, type TestApp } from '../helpers/test-app.js';
import { browserHeaders, track, USER_AGENTS } from '../helpers/track-client.js';
import { createTrackingFixture, type TrackingFixture } from '../helpers/tracking-fixture.js';

const backends = await metadataBackends();

const EXCLUSIONS = {
  excludedIPs: ['203.0.113.7', '198.51.100.0/24', '2001:db8::/32'],
  excludedCountries: ['au'],
  excludedPaths: ['/admin/*', '/preview'],
  excludedHostnames: ['staging.example.com', '*.preview.example.com'],
  excludedUserAgents: ['UptimeMonitor'],
};

/** [case, client IP, payload fields, user agent or undefined, expected message or null when stored]. */
const CASES: ReadonlyArray<readonly [string, string, Record<string, unknown>, string | undefined, string | null]> = [
  ['an excluded IP', '203.0.113.7', {}, undefined, 'Event not tracked - IP excluded'],
  ['an IP inside an excluded CIDR', '198.51.100.42', {}, undefined, 'Event not tracked - IP excluded'],
  ['an IPv6 inside an excluded range', '2001:db8::1', {}, undefined, 'Event not tracked - IP excluded'],
  ['an IP next to the excluded one', '203.0.113.8', {}, undefined, null],
  ['an excluded country (1.1.1.1 is AU)', '1.1.1.1', {}, undefined, 'Event not tracked - country excluded'],
  ['another country (8.8.8.8 is US)', '8.8.8.8', {}, undefined, null],
  ['a path under an excluded wildcard', '8.8.8.8', { pathname: '/admin/users/7' }, undefined, 'Event not tracked - path excluded'],
  ['an excluded exact path', '8.8.8.8', { pathname: '/preview' }, undefined, 'Event not tracked - path excluded'],
  ['a path that only starts like an excluded one', '8.8.8.8', { pathname: '/preview/page' }, undefined, null],
  ['an excluded hostname', '8.8.8.8', { hostname: 'staging.example.com' }, undefined, 'Event not tracked - hostname excluded'],
  ['an excluded hostname in capitals', '8.8.8.8', { hostname: 'STAGING.Example.com' }, undefined, 'Event not tracked - hostname excluded'],
  ['a hostname under an excluded wildcard', '8.8.8.8', { hostname: 'pr-12.preview.example.com' }, undefined, 'Event not tracked - hostname excluded'],
  ['a hostname that is not excluded', '8.8.8.8', { hostname: 'www.example.com' }, undefined, null],
  ['an excluded user agent fragment (any case)', '8.8.8.8', {}, `${USER_AGENTS.chromeWindows} uptimemonitor/2.1`, 'Event not tracked - user agent excluded'],
  ['an excluded bot-like user agent (exclusion wins over bot filing)', '8.8.8.8', {}, 'UptimeMonitor/1.0 (+https://monitor.example)', 'Event not tracked - user agent excluded'],
];

describe.each(backends)('site exclusions on %s', (backend) => {
  let t: TestApp;
  let f: TrackingFixture;
  const pathOf = (label: string, fields: Record<string, unknown>) => (typeof fields.pathname === 'string' ? fields.pathname : `/excl/${label.replaceAll(' ', '-')}`);

  beforeAll(async () => {
    t = await createTestApp({ backend, env: { TRUST_PROXY: 'true' } });
    f = await createTrackingFixture(t.app, 'exclusions', 'example.com', EXCLUSIONS);
  });
  afterAll(async () => t.close());

  async function storedCount(siteId: number, pathname: string): Promise<number> {
    const found = await rows<{ n: string }>(
      t,
      'SELECT (SELECT count() FROM events WHERE site_id = {site:UInt32} AND pathname = {path:String}) + (SELECT count() FROM bot_events WHERE site_id = {site:UInt32} AND pathname = {path:String}) AS n',
      { site: siteId, path: pathname },
    );
    return Number(found[0]?.n);
  }

  it.each(CASES)('%s', async (label, ip, fields, userAgent, message) => {
    const pathname = pathOf(label, fields);
    const headers = browserHeaders({ forwardedFor: ip, ...(userAgent ? { userAgent } : {}) });
    const response = await track(t.app, { site_id: f.site.id, pathname, ...fields }, { headers });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(message === null ? { success: true } : { success: true, message });
    expect(await storedCount(f.site.siteId, pathname)).toBe(message === null ? 1 : 0);
  });

  it('applies exclusions to trusted server-side calls too', async () => {
    const response = await track(t.app, { site_id: f.site.id, pathname: '/excl/trusted', ip_address: '198.51.100.9' }, { key: f.key });
    expect(response.json()).toEqual({ success: true, message: 'Event not tracked - IP excluded' });
    expect(await storedCount(f.site.siteId, '/excl/trusted')).toBe(0);
  });

  it('follows a change of the exclusion lists at once', async () => {
    const before = await track(t.app, { site_id: f.site.id, pathname: '/checkout/test' }, { headers: browserHeaders({ forwardedFor: '8.8.8.8' }) });
    expect(before.json()).toEqual({ success: true });
    const update = await call(t.app, f.owner, { method: 'PUT', url: `/api/sites/${f.site.id}/config`, payload: { excludedPaths: ['/checkout/*'] } });
    expect(update.statusCode).toBe(200);
    const after = await track(t.app, { site_id: f.site.id, pathname: '/checkout/test' }, { headers: browserHeaders({ forwardedFor: '8.8.8.8' }) });
    expect(after.json()).toEqual({ success: true, message: 'Event not tracked - path excluded' });
    const formerlyExcluded = await track(t.app, { site_id: f.site.id, pathname: '/admin/users' }, { headers: browserHeaders({ forwardedFor: '8.8.8.8' }) });
    expect(formerlyExcluded.json()).toEqual({ success: true });
    expect(await storedCount(f.site.siteId, '/checkout/test')).toBe(1);
    expect(await storedCount(f.site.siteId, '/admin/users')).toBe(1);
  });
});

// With the enrichment thread on (the server's default) and no city DB, the event loop reads the bundled country DB
// only when a site that excludes countries is first tracked (decision 0049); the thread geolocates with its own.
describe('an excluded country with the enrichment thread', () => {
  let t: TestApp;
  let f: TrackingFixture;

  beforeAll(async () => {
    t = await createTestApp({ env: { TRUST_PROXY: 'true', ENRICHMENT_THREAD: 'true' } });
    f = await createTrackingFixture(t.app, 'exclusions-thread', 'example.com', { excludedCountries: ['au'] });
  });
  afterAll(async () => t.close());

  it.each([
    ['1.1.1.1', '/thread/au', { success: true, message: 'Event not tracked - country excluded' }, []],
    ['8.8.8.8', '/thread/us', { success: true }, [{ country: 'US' }]],
  ])('%s on %s', async (ip, pathname, answer, stored) => {
    const response = await track(t.app, { site_id: f.site.id, pathname }, { headers: browserHeaders({ forwardedFor: ip }) });
    expect(response.json()).toEqual(answer);
    expect(await rows(t, 'SELECT country FROM events WHERE site_id = {site:UInt32} AND pathname = {path:String}', { site: f.site.siteId, path: pathname })).toEqual(stored);
  });
});
