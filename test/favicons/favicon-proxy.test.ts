// GET /api/sites/:site/favicon against a real HTTP server on loopback standing for the referrers' sites: only
// /favicon.ico of the asked domain is fetched, only raster images pass (typed by their bytes), the size cap, the
// timeout, no redirect followed, private addresses refused unless allowed, one fetch per domain (the cache), only
// hosts seen as referrers of the site asked about, and nothing at all when FAVICONS is off.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createOrganization, createSite, signUp } from '../helpers/auth-client.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { seedEvents } from '../helpers/seed-events.js';
import { MAX_FAVICON_BYTES } from '../../src/favicons/favicon-fetcher.js';

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(24, 7)]);
const ICO = Buffer.concat([Buffer.from([0x00, 0x00, 0x01, 0x00]), Buffer.alloc(20, 1)]);
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');

interface Seen { host: string; path: string }
let upstream: Server;
let port: number;
const seen: Seen[] = [];

/** What each host name's "site" answers at /favicon.ico. */
function answer(request: IncomingMessage, response: import('node:http').ServerResponse) {
  const host = (request.headers.host ?? '').replace(/:\d+$/, '');
  seen.push({ host, path: request.url ?? '' });
  if (request.url !== '/favicon.ico') return response.writeHead(404).end();
  switch (host) {
    case 'png.example': case 'unseen.example': return response.writeHead(200, { 'content-type': 'text/html' }).end(PNG);
    case 'ico.example': return response.writeHead(200, { 'content-type': 'image/x-icon' }).end(ICO);
    case 'svg.example': return response.writeHead(200, { 'content-type': 'image/png' }).end(SVG);
    case 'big.example': return response.writeHead(200, { 'content-type': 'image/png' }).end(Buffer.concat([PNG, Buffer.alloc(MAX_FAVICON_BYTES)]));
    case 'moved.example': return response.writeHead(302, { location: `http://png.example:${port}/favicon.ico` }).end();
    case 'slow.example': return; // never answers: the proxy's timeout ends it
    default: return response.writeHead(404).end();
  }
}

const loopback = async (host: string) => (host.endsWith('.example') ? [{ address: '127.0.0.1', family: 4 as const }] : []);

describe('favicon proxy', () => {
  let t: TestApp;
  const upstreamAt = () => ({ protocol: 'http:' as const, port });
  let owner: { cookie: string };
  let site: number;
  const sites = new Map<TestApp, { owner: { cookie: string }; site: number }>();

  async function prepare(app: TestApp, email: string) {
    const who = await signUp(app.app, email);
    const org = await createOrganization(app.app, who.cookie, email.replace(/\W/g, '-'));
    const siteId = (await createSite(app.app, who, org, { domain: 'mine.example' })).siteId;
    // The hosts asked about below referred to the site (ico.example as www.ico.example: the card shows it bare).
    const referrers = ['https://png.example/a', 'https://www.ico.example/', 'https://none.example/', 'https://svg.example/', 'https://big.example/',
      'https://moved.example/', 'https://slow.example/', 'https://nowhere.invalid/'];
    await seedEvents(app, siteId, referrers.map((referrer, index) => ({ at: '2026-01-05T10:00:00.000Z', session_id: index + 1, referrer })));
    sites.set(app, { owner: who, site: siteId });
  }

  const favicon = (app: TestApp, domain: string) => {
    const entry = sites.get(app);
    if (!entry) throw new Error('site not prepared');
    return call(app.app, entry.owner, { method: 'GET', url: `/api/sites/${entry.site}/favicon?domain=${encodeURIComponent(domain)}` });
  };

  beforeAll(async () => {
    upstream = createServer(answer);
    await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
    port = (upstream.address() as AddressInfo).port;
    t = await createTestApp({ env: { FAVICON_ALLOW_PRIVATE_TARGETS: 'true' }, resolveHost: loopback, faviconUpstream: upstreamAt() });
    await prepare(t, 'fav@example.com');
    const entry = sites.get(t);
    if (entry) ({ owner, site } = entry);
  });

  afterAll(async () => {
    await t?.close();
    upstream?.closeAllConnections();
    await new Promise((resolve) => upstream?.close(resolve));
  });

  it('serves a PNG and an ICO typed by their bytes, with no script allowed, and asks the upstream only for /favicon.ico', async () => {
    const png = await favicon(t, 'png.example');
    expect([png.statusCode, png.headers['content-type'], png.rawPayload.equals(PNG)]).toEqual([200, 'image/png', true]);
    expect(String(png.headers['content-security-policy'])).toMatch(/^default-src 'none'(;|$)/);
    expect(png.headers['x-content-type-options']).toBe('nosniff');
    const ico = await favicon(t, 'ICO.example');
    expect([ico.statusCode, ico.headers['content-type'], ico.rawPayload.equals(ICO)]).toEqual([200, 'image/x-icon', true]);
    expect(seen.filter((entry) => entry.host === 'png.example' || entry.host === 'ico.example')).toEqual([
      { host: 'png.example', path: '/favicon.ico' }, { host: 'ico.example', path: '/favicon.ico' },
    ]);
  });

  it('fetches a domain once: the next answers come from the cache', async () => {
    const before = seen.filter((entry) => entry.host === 'png.example').length;
    const again = await Promise.all([favicon(t, 'png.example'), favicon(t, 'png.example')]);
    expect(again.map((response) => response.statusCode)).toEqual([200, 200]);
    expect(seen.filter((entry) => entry.host === 'png.example').length).toBe(before);
    const missing = [await favicon(t, 'none.example'), await favicon(t, 'none.example')];
    expect(missing.map((response) => response.statusCode)).toEqual([204, 204]);
    expect(seen.filter((entry) => entry.host === 'none.example').length).toBe(1);
  });

  it('answers 204 for an SVG, a body over the cap, a redirect (not followed) and an upstream that never answers', async () => {
    for (const domain of ['svg.example', 'big.example', 'moved.example', 'slow.example', 'nowhere.invalid']) {
      const response = await favicon(t, domain);
      expect([domain, response.statusCode, response.body]).toEqual([domain, 204, '']);
    }
    expect(seen.filter((entry) => entry.host === 'png.example').length).toBe(1);
  });

  it('refuses anything that is not a host name with a 400, fetching nothing', async () => {
    const before = seen.length;
    for (const domain of ['127.0.0.1', 'localhost', 'png.example:80', 'png.example/x', 'user@png.example', 'png..example', 'a'.repeat(254), '-bad.example']) {
      const response = await favicon(t, domain);
      expect([domain, response.statusCode]).toEqual([domain, 400]);
    }
    const none = await call(t.app, owner, { method: 'GET', url: `/api/sites/${site}/favicon` });
    expect(none.statusCode).toBe(400);
    expect(seen.length).toBe(before);
  });

  it('fetches nothing for a host that never referred to the site (204), though it serves a favicon', async () => {
    const before = seen.length;
    const response = await favicon(t, 'unseen.example');
    expect([response.statusCode, response.body]).toEqual([204, '']);
    expect(seen.length).toBe(before);
  });

  it('bounds each site by its own referrers: a host another site saw is not fetched for this one', async () => {
    const other = await signUp(t.app, 'other-site@example.com');
    const org = await createOrganization(t.app, other.cookie, 'other-site');
    const otherSite = (await createSite(t.app, other, org, { domain: 'theirs.example' })).siteId;
    await seedEvents(t, otherSite, [{ at: '2026-01-05T10:00:00.000Z', session_id: 1, referrer: 'https://unseen.example/' }]);
    const before = seen.length;
    const mine = await favicon(t, 'unseen.example');
    expect(mine.statusCode).toBe(204);
    expect(seen.length).toBe(before);
    const theirs = await call(t.app, other, { method: 'GET', url: `/api/sites/${otherSite}/favicon?domain=unseen.example` });
    expect([theirs.statusCode, theirs.rawPayload.equals(PNG)]).toEqual([200, true]);
    expect(seen.filter((entry) => entry.host === 'unseen.example')).toEqual([{ host: 'unseen.example', path: '/favicon.ico' }]);
  });

  it('is read under the site guard: a stranger gets 403 on a private site', async () => {
    const stranger = await signUp(t.app, 'stranger@example.com');
    const response = await call(t.app, stranger, { method: 'GET', url: `/api/sites/${site}/favicon?domain=png.example` });
    expect(response.statusCode).toBe(403);
  });

  // The stores allow one app per process at a time: the next two close the first app and start their own.
  const config = (app: TestApp) => call(app.app, undefined, { method: 'GET', url: '/api/config' }).then((response) => (response.json() as { favicons: boolean }).favicons);

  it('refuses a domain that resolves to a private address unless FAVICON_ALLOW_PRIVATE_TARGETS is set', async () => {
    expect(await config(t)).toBe(true);
    await t.close();
    t = await createTestApp({ resolveHost: loopback, faviconUpstream: upstreamAt() });
    await prepare(t, 'strict@example.com');
    const before = seen.length;
    const response = await favicon(t, 'png.example');
    expect(response.statusCode).toBe(204);
    expect(seen.length).toBe(before);
  });

  it('fetches nothing with FAVICONS=false, and /api/config says so', async () => {
    await t.close();
    t = await createTestApp({ env: { FAVICONS: 'false', FAVICON_ALLOW_PRIVATE_TARGETS: 'true' }, resolveHost: loopback, faviconUpstream: upstreamAt() });
    await prepare(t, 'off@example.com');
    const before = seen.length;
    expect((await favicon(t, 'png.example')).statusCode).toBe(204);
    expect(seen.length).toBe(before);
    expect(await config(t)).toBe(false);
  });
});
