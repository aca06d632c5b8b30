// Security headers over HTTP: the signed-in pages cannot be framed, nothing is sniffed, the dashboard's page has a
// strict Content Security Policy and the API reference one that allows its start-up script by hash, HSTS is sent
// only for requests that came over TLS (from a trusted proxy's X-Forwarded-Proto), and the tracking script and
// endpoints still answer any origin.
import { createHash } from 'node:crypto';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerSecurityHeaders } from '../../src/platform/http/security-headers.js';
import { signUp } from '../helpers/auth-client.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

const DASHBOARD_CSP = "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; font-src 'self'; connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";
const NON_PAGE_CSP = "default-src 'none'; frame-ancestors 'none'";
const HSTS = 'max-age=31536000; includeSubDomains';

/** The inline scripts of a page, hashed as a CSP source. */
function inlineHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const match of html.matchAll(/<script([^>]*)>([^<]*)<\/script>/g)) {
    if (!/\ssrc=/.test(match[1] ?? '')) hashes.push(`'sha256-${createHash('sha256').update(match[2] ?? '').digest('base64')}'`);
  }
  return hashes;
}

describe('security headers', () => {
  let t: TestApp;
  let cookie = '';
  beforeAll(async () => {
    t = await createTestApp();
    cookie = (await signUp(t.app, 'headers@example.com')).cookie;
  });
  afterAll(async () => t.close());

  it('gives the dashboard page (signed in, a settings URL) a strict policy, no framing, no sniffing, no referrer to other sites', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/sites/abc123abc123/settings', headers: { cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.body).toContain('<div id="root">');
    expect(res.body).not.toMatch(/<script(?![^>]*\ssrc=)[^>]*>/);
    expect(res.headers['content-security-policy']).toBe(DASHBOARD_CSP);
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('same-origin');
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it('sends the same on the dashboard\'s assets and the API\'s JSON, with the policy for non-pages', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/' });
    const asset = /src="(\/assets\/[^"]+\.js)"/.exec(page.body)?.[1] ?? '';
    const answers = [
      await t.app.inject({ method: 'GET', url: asset }),
      await t.app.inject({ method: 'GET', url: '/api/user/organizations', headers: { cookie } }),
      await t.app.inject({ method: 'GET', url: '/api/sites/1' }),
      await t.app.inject({ method: 'GET', url: '/api/no-such-route' }),
    ];
    expect(answers.map((res) => res.statusCode)).toEqual([200, 200, 401, 404]);
    for (const res of answers) {
      expect(res.headers['content-security-policy']).toBe(NON_PAGE_CSP);
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    }
  });

  it('allows the API reference page its own start-up script by hash, and nothing inline it does not carry', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(res.statusCode).toBe(200);
    const hashes = inlineHashes(res.body);
    expect(hashes).toHaveLength(1);
    expect(res.headers['content-security-policy']).toBe(
      `default-src 'self'; script-src 'self' ${hashes[0]}; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; font-src 'self' data:; connect-src 'self'; worker-src 'self' blob:; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'`,
    );
    expect(res.headers['x-frame-options']).toBe('DENY');
    const script = await t.app.inject({ method: 'GET', url: '/api/docs/js/scalar.js' });
    expect(script.statusCode).toBe(200);
    expect(script.headers['x-content-type-options']).toBe('nosniff');
  });

  it('keeps the tracking script and the tracking endpoints open to any origin', async () => {
    const origin = 'https://customer.example';
    const script = await t.app.inject({ method: 'GET', url: '/api/script.js', headers: { origin } });
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toMatch(/^(application|text)\/javascript/);
    expect(script.headers['access-control-allow-origin']).toBe(origin);
    expect(script.headers['x-content-type-options']).toBe('nosniff');
    const preflight = await t.app.inject({
      method: 'OPTIONS', url: '/api/track', headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe(origin);
    expect(preflight.headers['access-control-allow-headers']).toBe('content-type');
    const track = await t.app.inject({ method: 'POST', url: '/api/track', headers: { origin, 'content-type': 'application/json' }, payload: { type: 'pageview', site_id: 'nope', hostname: 'x', pathname: '/' } });
    expect(track.headers['access-control-allow-origin']).toBe(origin);
  });

  it('sends no HSTS over plain HTTP, and ignores X-Forwarded-Proto from a peer that is not a trusted proxy', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-forwarded-proto': 'https' } });
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });
});

describe('HSTS behind a trusted proxy', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { TRUST_PROXY: '10.0.0.0/8' } });
  });
  afterAll(async () => t.close());

  it('is sent when the trusted proxy says the request came over TLS, and only then', async () => {
    const viaProxy = await t.app.inject({ method: 'GET', url: '/api/health', remoteAddress: '10.0.0.1', headers: { 'x-forwarded-proto': 'https' } });
    expect(viaProxy.headers['strict-transport-security']).toBe(HSTS);
    const plainViaProxy = await t.app.inject({ method: 'GET', url: '/api/health', remoteAddress: '10.0.0.1', headers: { 'x-forwarded-proto': 'http' } });
    expect(plainViaProxy.headers['strict-transport-security']).toBeUndefined();
    const direct = await t.app.inject({ method: 'GET', url: '/api/health', remoteAddress: '203.0.113.9', headers: { 'x-forwarded-proto': 'https' } });
    expect(direct.headers['strict-transport-security']).toBeUndefined();
  });
});

describe('the embed seam: frame-ancestors from a function', () => {
  it('names the allowed origins and drops X-Frame-Options only for the answers the function allows', async () => {
    const app = Fastify();
    registerSecurityHeaders(app, { frameAncestors: (request) => (request.url.startsWith('/embed/') ? ['https://blog.example', 'https://docs.example'] : []) });
    app.get('/embed/:id', async (_request, reply) => reply.type('text/html; charset=utf-8').send('<!doctype html><p>chart</p>'));
    app.get('/settings', async (_request, reply) => reply.type('text/html; charset=utf-8').send('<!doctype html><p>settings</p>'));
    const embed = await app.inject({ method: 'GET', url: '/embed/1' });
    expect(embed.headers['content-security-policy']).toBe(DASHBOARD_CSP.replace("frame-ancestors 'none'", 'frame-ancestors https://blog.example https://docs.example'));
    expect(embed.headers['x-frame-options']).toBeUndefined();
    const settings = await app.inject({ method: 'GET', url: '/settings' });
    expect(settings.headers['content-security-policy']).toBe(DASHBOARD_CSP);
    expect(settings.headers['x-frame-options']).toBe('DENY');
    await app.close();
  });
});
