// Domain validation over HTTP: a browser Origin must belong to the site's registrable domain unless a trusted key calls.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrganizationKey, createOrganization, signUp } from '../helpers/auth-client.js';
import { rows } from '../helpers/analytics-rows.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { browserHeaders, identify, track } from '../helpers/track-client.js';
import { addSite, createTrackingFixture, type TrackingFixture } from '../helpers/tracking-fixture.js';

const MISMATCH = { success: false, error: 'Origin mismatch' };

/** [site domain, Origin header (undefined: none), accepted]. */
const ORIGIN_CASES: ReadonlyArray<readonly [string, string | undefined, boolean]> = [
  ['example.com', 'https://example.com', true],
  ['example.com', 'https://www.example.com', true],
  ['example.com', 'https://blog.example.com', true],
  ['example.com', 'http://shop.eu.example.com:8080', true],
  ['example.com', 'HTTPS://WWW.EXAMPLE.COM', true],
  ['example.com', undefined, true],
  ['example.com', 'null', true],
  ['example.com', 'https://evil.com', false],
  ['example.com', 'https://example.com.evil.com', false],
  ['example.com', 'https://notexample.com', false],
  ['example.com', 'https://example.org', false],
  ['example.com', 'not a url', false],
  ['app.example.co.uk', 'https://www.example.co.uk', true],
  ['app.example.co.uk', 'https://app.example.co.uk', true],
  ['app.example.co.uk', 'https://other.co.uk', false],
  ['localhost', 'http://localhost:5173', true],
  ['localhost', 'http://127.0.0.1:5173', false],
  ['192.168.1.20', 'http://192.168.1.20:8080', true],
  ['192.168.1.20', 'http://192.168.1.21', false],
];

describe('origin check', () => {
  let t: TestApp;
  let f: TrackingFixture;
  const sites = new Map<string, { siteId: number; id: string }>();
  const responses = new Map<string, { status: number; body: unknown }>();
  const pathOf = (domain: string, origin: string | undefined) => `/origin/${domain}/${origin ?? 'none'}`;

  beforeAll(async () => {
    t = await createTestApp();
    f = await createTrackingFixture(t.app, 'origins', 'example.com');
    sites.set('example.com', f.site);
    for (const domain of new Set(ORIGIN_CASES.map(([domain]) => domain))) {
      if (!sites.has(domain)) sites.set(domain, await addSite(t.app, f, domain));
    }
    // The table cases are sent up front so that one flush serves all of them.
    for (const [domain, origin] of ORIGIN_CASES) {
      const payload = { site_id: sites.get(domain)?.id, pathname: pathOf(domain, origin) };
      const response = await track(t.app, payload, { headers: browserHeaders(origin === undefined ? {} : { origin }) });
      responses.set(pathOf(domain, origin), { status: response.statusCode, body: response.json() });
    }
  });
  afterAll(async () => t.close());

  async function storedCount(pathname: string): Promise<number> {
    const found = await rows(t, 'SELECT event_id FROM events WHERE pathname = {path:String}', { path: pathname });
    return found.length;
  }

  it.each(ORIGIN_CASES)('site %s, Origin %j: accepted %s', async (domain, origin, accepted) => {
    const pathname = pathOf(domain, origin);
    expect(responses.get(pathname)).toEqual(accepted ? { status: 200, body: { success: true } } : { status: 403, body: MISMATCH });
    expect(await storedCount(pathname)).toBe(accepted ? 1 : 0);
  });

  it('lets a trusted key of the organization send from any origin', async () => {
    const response = await track(t.app, { site_id: f.site.id, pathname: '/origin/trusted' }, { key: f.key, headers: browserHeaders({ origin: 'https://evil.com' }) });
    expect(response.json()).toEqual({ success: true });
    expect(await storedCount('/origin/trusted')).toBe(1);
  });

  it("still checks the origin for a valid key of another organization", async () => {
    const stranger = await signUp(t.app, 'origin-stranger@example.com');
    const strangerOrg = await createOrganization(t.app, stranger.cookie, 'origin-stranger');
    const { key } = await createOrganizationKey(t.app, stranger, strangerOrg);
    const response = await track(t.app, { site_id: f.site.id, pathname: '/origin/foreign-key' }, { key, headers: browserHeaders({ origin: 'https://evil.com' }) });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual(MISMATCH);
  });

  it('checks the origin of /api/identify the same way', async () => {
    const refused = await identify(t.app, { site_id: f.site.id, user_id: 'u-1' }, { headers: browserHeaders({ origin: 'https://evil.com' }) });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual(MISMATCH);
    const accepted = await identify(t.app, { site_id: f.site.id, user_id: 'u-1' }, { headers: browserHeaders({ origin: 'https://www.example.com' }) });
    expect(accepted.json()).toEqual({ success: true });
  });

  it('answers CORS preflights of the tracking paths for any origin', async () => {
    for (const url of ['/api/track', '/api/identify']) {
      const response = await t.app.inject({
        method: 'OPTIONS',
        url,
        headers: { origin: 'https://evil.com', 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
      });
      expect(response.statusCode, url).toBe(204);
      expect(response.headers['access-control-allow-origin'], url).toBe('https://evil.com');
      expect(response.headers['access-control-allow-credentials'], url).toBeUndefined();
    }
  });
});

describe('origin check switched off', () => {
  let t: TestApp;
  let f: TrackingFixture;

  beforeAll(async () => {
    t = await createTestApp({ env: { DISABLE_ORIGIN_CHECK: 'true' } });
    f = await createTrackingFixture(t.app, 'no-origin-check', 'example.com');
  });
  afterAll(async () => t.close());

  it('accepts any Origin with DISABLE_ORIGIN_CHECK=true', async () => {
    const response = await track(t.app, { site_id: f.site.id, pathname: '/anywhere' }, { headers: browserHeaders({ origin: 'https://evil.com' }) });
    expect(response.json()).toEqual({ success: true });
  });
});
