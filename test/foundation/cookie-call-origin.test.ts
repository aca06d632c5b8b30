// Cookie calls that change state must come from BASE_URL's origin; bearer and query keys are not ambient and pass.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { ORIGIN, call, createOrganization, createSite, signUp } from '../helpers/auth-client.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

const EVIL = 'https://evil.example.com';
const REFUSED = { error: 'Cookie-authenticated changes are accepted only from http://localhost:3001 (Origin header)' };

const FOREIGN_HEADERS: ReadonlyArray<[string, Record<string, string>]> = [
  ['a foreign Origin', { origin: EVIL }],
  ['no Origin and no Sec-Fetch-Site', {}],
  ['Sec-Fetch-Site: cross-site', { 'sec-fetch-site': 'cross-site' }],
  ['Sec-Fetch-Site: same-site', { 'sec-fetch-site': 'same-site' }],
  ['Origin: null', { origin: 'null' }],
  ['a foreign Origin with Sec-Fetch-Site: same-origin', { origin: EVIL, 'sec-fetch-site': 'same-origin' }],
  ['an Origin that only starts like BASE_URL', { origin: 'http://localhost:3001.evil.example.com' }],
];
const OWN_HEADERS: ReadonlyArray<[string, Record<string, string>]> = [
  ['Origin equal to BASE_URL', { origin: ORIGIN }],
  ['no Origin and Sec-Fetch-Site: same-origin', { 'sec-fetch-site': 'same-origin' }],
];

describe('state-changing cookie calls and their origin', () => {
  let t: TestApp;
  let owner: { cookie: string; userId: string };
  let orgId: string;
  let siteId: number;
  let webhookId: string;
  let userKey: string;
  let domains = 0;

  /** Each route builds its request on a fresh target where one is consumed (a site to delete). */
  const routes: ReadonlyArray<[string, () => Promise<InjectOptions>]> = [
    ['create a site', async () => ({ method: 'POST', url: `/api/organizations/${orgId}/sites`, payload: { domain: `s${++domains}.example.com` } })],
    ['update a site', async () => ({ method: 'PUT', url: `/api/sites/${siteId}/config`, payload: { name: 'Renamed' } })],
    ['delete a site', async () => ({ method: 'DELETE', url: `/api/sites/${(await createSite(t.app, owner, orgId, { domain: `d${++domains}.example.com` })).siteId}` })],
    ['rotate a webhook secret', async () => ({ method: 'POST', url: `/api/sites/${siteId}/webhooks/${webhookId}/rotate-secret` })],
    ['create a goal', async () => ({ method: 'POST', url: `/api/sites/${siteId}/goals`, payload: { goalType: 'event', config: { eventName: `e${++domains}` } } })],
    ['create an organization key', async () => ({ method: 'POST', url: `/api/organizations/${orgId}/api-keys`, payload: { name: 'k' } })],
    ['create a user key', async () => ({ method: 'POST', url: '/api/user/api-keys', payload: { name: 'k' } })],
  ];

  const withCookie = (options: InjectOptions, headers: Record<string, string>): InjectOptions => ({ ...options, headers: { ...headers, cookie: owner.cookie } });

  beforeAll(async () => {
    t = await createTestApp({ resolveHost: async () => [{ address: '93.184.216.34', family: 4 }] });
    owner = await signUp(t.app, 'origin-owner@example.com');
    orgId = await createOrganization(t.app, owner.cookie, 'origin-org');
    siteId = (await createSite(t.app, owner, orgId, { domain: 'origin.example.com' })).siteId;
    const webhook = await call(t.app, owner, { method: 'POST', url: `/api/sites/${siteId}/webhooks`, payload: { url: 'https://hooks.example.com/in', eventNames: ['signup'] } });
    webhookId = (webhook.json() as { data: { id: string } }).data.id;
    userKey = (await call(t.app, owner, { method: 'POST', url: '/api/user/api-keys', payload: { name: 'owner key' } })).json<{ key: string }>().key;
  });
  afterAll(async () => t.close());

  describe.each(routes)('%s', (_name, request) => {
    it.each(FOREIGN_HEADERS)('refuses the cookie call with %s: 403', async (_label, headers) => {
      const response = await t.app.inject(withCookie(await request(), headers));
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual(REFUSED);
    });

    it.each(OWN_HEADERS)('accepts the cookie call with %s', async (_label, headers) => {
      const response = await t.app.inject(withCookie(await request(), headers));
      expect(response.statusCode).toBe(200);
    });

    it('accepts a bearer key from a foreign Origin', async () => {
      const response = await t.app.inject({ ...(await request()), headers: { origin: EVIL, authorization: `Bearer ${userKey}` } });
      expect(response.statusCode).toBe(200);
    });
  });

  it('accepts a ?api_key= call from a foreign Origin', async () => {
    const response = await t.app.inject({ method: 'POST', url: `/api/sites/${siteId}/webhooks/${webhookId}/rotate-secret?api_key=${userKey}`, headers: { origin: EVIL } });
    expect(response.statusCode).toBe(200);
    expect((response.json() as { data: { secret: string } }).data.secret).toMatch(/^whsec_/);
  });

  it('leaves the target untouched when it refuses: the site survives a cross-origin DELETE', async () => {
    const site = await createSite(t.app, owner, orgId, { domain: 'survivor.example.com' });
    const refused = await t.app.inject(withCookie({ method: 'DELETE', url: `/api/sites/${site.siteId}` }, { origin: EVIL }));
    expect(refused.statusCode).toBe(403);
    expect((await call(t.app, owner, { method: 'GET', url: `/api/sites/${site.siteId}` })).statusCode).toBe(200);
  });

  it('still answers cookie reads from any origin (reads change nothing; CORS keeps their answers from other sites)', async () => {
    const response = await t.app.inject(withCookie({ method: 'GET', url: `/api/sites/${siteId}` }, { origin: EVIL }));
    expect(response.statusCode).toBe(200);
  });

  it('answers 401, not 403, to a foreign-origin call with an invalid cookie', async () => {
    const response = await t.app.inject({ method: 'POST', url: `/api/organizations/${orgId}/sites`, headers: { origin: EVIL, cookie: 'better-auth.session_token=forged.value' }, payload: { domain: 'forged.example.com' } });
    expect(response.statusCode).toBe(401);
  });

  describe('better-auth routes (/api/auth/*) check the origin themselves', () => {
    it.each([
      ['a foreign Origin', { origin: EVIL }, { message: 'Invalid origin', code: 'INVALID_ORIGIN', error: 'Invalid origin' }],
      ['no Origin', {}, { message: 'Missing or null Origin', code: 'MISSING_OR_NULL_ORIGIN', error: 'Missing or null Origin' }],
      ['Origin: null', { origin: 'null' }, { message: 'Missing or null Origin', code: 'MISSING_OR_NULL_ORIGIN', error: 'Missing or null Origin' }],
    ])('refuses a cookie call to organization/create with %s: 403', async (_label, headers, body) => {
      const response = await t.app.inject(withCookie({ method: 'POST', url: '/api/auth/organization/create', payload: { name: 'x', slug: `x-${++domains}` } }, headers));
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual(body);
    });

    it('refuses a sign-in posted from a foreign Origin (login CSRF): 403', async () => {
      const response = await t.app.inject({ method: 'POST', url: '/api/auth/sign-in/email', headers: { origin: EVIL }, payload: { email: 'origin-owner@example.com', password: 'correct-horse-9' } });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ message: 'Invalid origin', code: 'INVALID_ORIGIN', error: 'Invalid origin' });
      expect(response.headers['set-cookie']).toBeUndefined();
    });

    it('refuses to redirect a password-reset link to a foreign callbackURL: 403', async () => {
      const response = await t.app.inject({ method: 'GET', url: `/api/auth/reset-password/any-token?callbackURL=${encodeURIComponent(EVIL)}` });
      expect(response.statusCode).toBe(403);
      expect(response.headers.location).toBeUndefined();
      expect(response.json()).toEqual({ message: 'Invalid callbackURL', code: 'INVALID_CALLBACK_URL', error: 'Invalid callbackURL' });
    });

    it('accepts the same cookie call from BASE_URL', async () => {
      const response = await t.app.inject(withCookie({ method: 'POST', url: '/api/auth/organization/create', payload: { name: 'y', slug: 'origin-own' } }, { origin: ORIGIN }));
      expect(response.statusCode).toBe(200);
    });
  });
});
