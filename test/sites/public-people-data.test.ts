// Readers outside a site's organization (a public site's visitors, a private link's holders) read aggregates only:
// every site read route answers them as its entry in site-read-audience.ts says, the routes that name people only
// once the site opts in (publicPeopleData); the public routes answer an unknown id as they answer a private one.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SITE_READ_AUDIENCE, type ReadAudience } from '../../src/platform/http/site-read-audience.js';
import { call, createOrganization, createSite, signUp, type Credential } from '../helpers/auth-client.js';
import { routeTable } from '../helpers/route-table.js';
import { seedEvents } from '../helpers/seed-events.js';
import { createTestApp, metadataBackends, type TestApp } from '../helpers/test-app.js';

const RANGE = 'start_date=2026-03-01&end_date=2026-03-15&time_zone=UTC';
const UNAUTHORIZED = { error: 'Authentication required' };
const NO_ACCESS = { error: 'No access to this site' };
/** Any parameter name (Fastify's route tree prints the names of a shared node as `:site|:siteId`). */
const PARAM = /:[A-Za-z]+(\|:[A-Za-z]+)*/g;

type Site = { siteId: number; id: string };

const shape = (route: string) => route.replace(PARAM, ':');

/** A URL for a route pattern of the table: the site, and a plausible value for every other parameter. */
function urlOf(pattern: string, site: Site): string {
  return pattern.replace(/:([A-Za-z]+)/g, (_match, name: string) => {
    if (name === 'site' || name === 'siteId') return String(site.siteId);
    if (name === 'stepNumber' || name === 'goalId' || name === 'segmentId' || name === 'webhookId') return '1';
    if (name === 'sessionId') return '1';
    return 'alice@example.com';
  });
}

function splitKey(key: string): { method: 'GET' | 'POST'; pattern: string } {
  const [method, pattern] = key.split(' ');
  return { method: method === 'POST' ? 'POST' : 'GET', pattern: pattern ?? '' };
}

const backends = await metadataBackends();

describe.each(backends)('public and private-link readers get aggregates; people-level reads need a member, a key or the opt-in (%s)', (backend) => {
  let t: TestApp;
  let owner: Credential;
  let stranger: Credential;
  let org: string;
  let open: Site;
  let optedIn: Site;
  let closed: Site;
  let linkKey: string;

  const anonymous = (method: 'GET' | 'POST', url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method, url, headers, ...(method === 'POST' ? { payload: {} } : {}) });

  beforeAll(async () => {
    t = await createTestApp({ backend, clock: () => Date.parse('2026-03-20T12:00:00Z') });
    owner = await signUp(t.app, 'people-owner@example.com');
    org = await createOrganization(t.app, owner.cookie ?? '', 'people-org');
    open = await createSite(t.app, owner, org, { domain: 'open.example.com', public: true });
    optedIn = await createSite(t.app, owner, org, { domain: 'opted.example.com', public: true, publicPeopleData: true });
    closed = await createSite(t.app, owner, org, { domain: 'closed.example.com' });
    stranger = await signUp(t.app, 'people-stranger@example.com');
    await createOrganization(t.app, stranger.cookie ?? '', 'stranger-org');
    for (const site of [open, optedIn, closed]) {
      await seedEvents(t, site.siteId, [
        { at: '2026-03-10T10:00:00Z', session_id: 1, user_id: 'v1', identified_user_id: 'alice@example.com', pathname: '/' },
        { at: '2026-03-10T10:01:00Z', session_id: 1, user_id: 'v1', identified_user_id: 'alice@example.com', pathname: '/pricing' },
      ]);
      await t.services.analytics.insert('user_identities', [
        { site_id: site.siteId, timestamp: '2026-03-10 10:00:00.000', identified_user_id: 'alice@example.com', user_id: 'v1', anonymous_id: '', traits: '{"email":"alice@example.com"}' },
      ]);
    }
    const link = await call(t.app, owner, { method: 'POST', url: `/api/sites/${closed.siteId}/private-link-config`, payload: { action: 'generate_private_link_key' } });
    linkKey = link.json().data.privateLinkKey as string;
  });
  afterAll(async () => t.close());

  it('classifies every site-scoped read route of the app, and lists no route the app lacks', () => {
    const routes = routeTable(t.app).map((route) => `${route.method} ${route.url}`);
    const siteReads = routes.filter((route) => /^GET \/api\/sites\/:/.test(route));
    const classified = new Set(Object.keys(SITE_READ_AUDIENCE).map(shape));
    expect(siteReads.filter((route) => !classified.has(shape(route)))).toEqual([]);
    const known = new Set(routes.map(shape));
    expect(Object.keys(SITE_READ_AUDIENCE).filter((key) => !known.has(shape(key)))).toEqual([]);
    expect(Object.keys(SITE_READ_AUDIENCE).filter((key) => !key.startsWith('GET ') && !key.startsWith('POST '))).toEqual([]);
  });

  it.each(['public site', 'private link'] as const)('answers a reader of a %s on every classified route as its audience says', async (how) => {
    const wrong: string[] = [];
    const site = how === 'public site' ? open : closed;
    const headers: Record<string, string> = how === 'private link' ? { 'x-private-key': linkKey } : {};
    for (const [key, audience] of Object.entries(SITE_READ_AUDIENCE) as Array<[string, ReadAudience]>) {
      const { method, pattern } = splitKey(key);
      const res = await anonymous(method, `${urlOf(pattern, site)}?${RANGE}`, headers);
      const refused = res.statusCode === 401;
      if (refused !== (audience !== 'aggregate') || res.statusCode >= 500) wrong.push(`${key} (${audience}): ${res.statusCode}`);
    }
    expect(wrong).toEqual([]);
  });

  it('opens the people-level routes of a site that opted in, and still never the members-only ones', async () => {
    const wrong: string[] = [];
    for (const [key, audience] of Object.entries(SITE_READ_AUDIENCE) as Array<[string, ReadAudience]>) {
      const { method, pattern } = splitKey(key);
      const res = await anonymous(method, `${urlOf(pattern, optedIn)}?${RANGE}`);
      if ((res.statusCode === 401) !== (audience === 'members') || res.statusCode >= 500) wrong.push(`${key} (${audience}): ${res.statusCode}`);
    }
    expect(wrong).toEqual([]);
  });

  it("refuses a public site's users, traits, sessions and raw events to anyone outside the organization (they were 200)", async () => {
    for (const path of ['/users', '/users/alice@example.com', '/user-traits/values?key=email', '/sessions', '/sessions/1', '/events']) {
      const url = `/api/sites/${open.siteId}${path}${path.includes('?') ? '&' : '?'}${RANGE}`;
      const signedOut = await anonymous('GET', url);
      expect([path, signedOut.statusCode, signedOut.json()]).toEqual([path, 401, UNAUTHORIZED]);
      const signedIn = await call(t.app, stranger, { method: 'GET', url });
      expect([path, signedIn.statusCode, signedIn.json()]).toEqual([path, 403, NO_ACCESS]);
    }
    const overview = await anonymous('GET', `/api/sites/${open.siteId}/overview?${RANGE}`);
    expect(overview.statusCode).toBe(200);
    expect(overview.json().data).toMatchObject({ sessions: 1, pageviews: 2, users: 1 });
  });

  it('refuses a breakdown by user_id and a filter on it to readers outside the organization', async () => {
    const byUser = `/api/sites/${open.siteId}/metric?${RANGE}&parameter=user_id`;
    expect((await anonymous('GET', byUser)).statusCode).toBe(401);
    const forbidden = await call(t.app, stranger, { method: 'GET', url: byUser });
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json()).toEqual({ error: "Reports by user_id are for members of the site's organization" });
    const filters = encodeURIComponent(JSON.stringify([{ parameter: 'user_id', type: 'equals', value: ['alice@example.com'] }]));
    expect((await anonymous('GET', `/api/sites/${open.siteId}/overview?${RANGE}&filters=${filters}`)).statusCode).toBe(401);
    const members = await call(t.app, owner, { method: 'GET', url: byUser });
    expect(members.statusCode).toBe(200);
    expect(members.json().data.data.map((row: { value: string }) => row.value)).toEqual(['alice@example.com']);
    const opted = await anonymous('GET', `/api/sites/${optedIn.siteId}/metric?${RANGE}&parameter=user_id`);
    expect(opted.statusCode).toBe(200);
  });

  it("serves the people-level routes to the organization's members, and to anyone once the site opts in", async () => {
    const members = await call(t.app, owner, { method: 'GET', url: `/api/sites/${open.siteId}/user-traits/values?key=email&${RANGE}` });
    expect(members.statusCode).toBe(200);
    expect(members.json().data).toEqual([{ value: 'alice@example.com', count: 1 }]);
    const opted = await anonymous('GET', `/api/sites/${optedIn.siteId}/user-traits/values?key=email&${RANGE}`);
    expect(opted.statusCode).toBe(200);
    expect(opted.json()).toEqual(members.json());
    const view = await anonymous('GET', `/api/sites/${optedIn.siteId}`);
    expect(view.json()).toMatchObject({ public: true, publicPeopleData: true });
  });

  it('keeps the opt-in off by default and lets an admin turn it on and off', async () => {
    const record = await call(t.app, owner, { method: 'GET', url: `/api/sites/${closed.siteId}` });
    expect(record.json().publicPeopleData).toBe(false);
    const on = await call(t.app, owner, { method: 'PUT', url: `/api/sites/${closed.siteId}/config`, payload: { publicPeopleData: true } });
    expect(on.statusCode).toBe(200);
    expect(on.json().publicPeopleData).toBe(true);
    const off = await call(t.app, owner, { method: 'PUT', url: `/api/sites/${closed.siteId}/config`, payload: { publicPeopleData: false } });
    expect(off.json().publicPeopleData).toBe(false);
    expect((await call(t.app, owner, { method: 'PUT', url: `/api/sites/${closed.siteId}/config`, payload: { publicPeopleData: 'yes' } })).statusCode).toBe(400);
  });

  describe('an unknown id answers exactly as a private site', () => {
    const UNKNOWN = 987_654;

    it.each([
      ['the overview', (site: number) => `/api/sites/${site}/overview`],
      ['has-data', (site: number) => `/api/sites/${site}/has-data`],
      ['is-public', (site: number) => `/api/sites/${site}/is-public`],
      ['the site', (site: number) => `/api/sites/${site}`],
      ['tracking-config', (site: number) => `/api/site/tracking-config/${site}`],
    ])('on %s, signed out', async (_name, url) => {
      const unknown = await anonymous('GET', url(UNKNOWN));
      const hidden = await anonymous('GET', url(closed.siteId));
      expect([hidden.statusCode, hidden.json()]).toEqual([unknown.statusCode, unknown.json()]);
    });

    it('answers is-public false to anyone for both (was 401 or 403 for a private site and 404 for an unknown id)', async () => {
      for (const credential of [undefined, stranger]) {
        for (const site of [UNKNOWN, closed.siteId]) {
          const res = await call(t.app, credential, { method: 'GET', url: `/api/sites/${site}/is-public` });
          expect([res.statusCode, res.json()]).toEqual([200, { isPublic: false }]);
        }
      }
      expect((await anonymous('GET', `/api/sites/${open.siteId}/is-public`)).json()).toEqual({ isPublic: true });
    });

    it("answers tracking-config only to the site's own pages, so numeric ids do not list domains (was 200 with the domain)", async () => {
      for (const site of [UNKNOWN, closed.siteId, open.siteId]) {
        const res = await anonymous('GET', `/api/site/tracking-config/${site}`);
        expect([site, res.statusCode, res.json()]).toEqual([site, 404, { error: 'Site not found' }]);
        const foreign = await anonymous('GET', `/api/site/tracking-config/${site}`, { origin: 'https://elsewhere.example.net' });
        expect([site, foreign.statusCode]).toEqual([site, 404]);
      }
      const fromSite = await anonymous('GET', `/api/site/tracking-config/${closed.siteId}`, { origin: 'https://www.closed.example.com' });
      expect(fromSite.statusCode).toBe(200);
      expect(fromSite.json()).toMatchObject({ siteId: closed.siteId, id: closed.id, domain: 'closed.example.com', trackInitialPageView: true });
      const byReferer = await anonymous('GET', `/api/site/tracking-config/${closed.id}`, { referer: 'https://closed.example.com/pricing' });
      expect(byReferer.statusCode).toBe(200);
      expect(byReferer.json().siteId).toBe(closed.siteId);
    });
  });
});
