// GET /goals/{goalId}/sessions on hand-built sessions: which sessions converted, in which order, with which fields; paging, filters, 404s, 400s, access.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createOrganization, createOrganizationKey, createSite, signUp, type Credential } from '../helpers/auth-client.js';
import { expectedSessionRow, SEEDED_DEVICE } from '../helpers/expected-session-row.js';
import { frozenClock } from '../helpers/frozen-clock.js';
import { seedEvents } from '../helpers/seed-events.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

const RANGE = 'start_date=2026-03-01&end_date=2026-03-15';
const filter = (parameter: string, value: string) => `filters=${encodeURIComponent(JSON.stringify([{ parameter, type: 'equals', value: [value] }]))}`;
const ids = (body: { data: Array<{ session_id: string }> }) => body.data.map((row) => row.session_id);

const SESSION_11 = expectedSessionRow({
  session_id: '11', start: '2026-03-10T10:00:00Z', end: '2026-03-10T10:01:00Z', duration: 60, channel: 'Organic Search',
  referrer: 'https://www.google.com/', entry_page: '/', exit_page: '/pricing', pageviews: 2, events: 0,
});
const SESSION_12 = expectedSessionRow({
  session_id: '12', user_id: 'v2', start: '2026-03-11T09:00:00Z', end: '2026-03-11T09:02:00Z', duration: 120, channel: 'Direct',
  entry_page: '/pricing', exit_page: '/pricing', pageviews: 1, events: 1,
});

describe('goal sessions', () => {
  let t: TestApp;
  let owner: Credential;
  let orgId: string;
  let siteId: number;
  let publicSiteId: number;
  const goal: Record<'pricing' | 'proSignup' | 'nowhere' | 'publicPricing', number> = { pricing: 0, proSignup: 0, nowhere: 0, publicPricing: 0 };

  const createGoal = async (site: number, body: object) => {
    const res = await call(t.app, owner, { method: 'POST', url: `/api/sites/${site}/goals`, payload: body });
    expect(res.statusCode).toBe(200);
    return res.json().goalId as number;
  };

  beforeAll(async () => {
    t = await createTestApp({ clock: frozenClock('2026-03-20T12:00:00Z').now });
    owner = await signUp(t.app, 'goal-sessions@example.com');
    orgId = await createOrganization(t.app, owner.cookie ?? '', 'goal-sessions-org');
    siteId = (await createSite(t.app, owner, orgId, { domain: 'shop.example.com' })).siteId;
    publicSiteId = (await createSite(t.app, owner, orgId, { domain: 'open-goal-sessions.example.com', public: true })).siteId;
    const d = SEEDED_DEVICE;
    await seedEvents(t, siteId, [
      // 11 (03-10): home from Google, then pricing.
      { ...d, at: '2026-03-10T10:00:00Z', session_id: 11, pathname: '/', channel: 'Organic Search', referrer: 'https://www.google.com/' },
      { ...d, at: '2026-03-10T10:01:00Z', session_id: 11, pathname: '/pricing', channel: 'Organic Search' },
      // 12 (03-11): pricing, then a pro signup.
      { ...d, user_id: 'v2', at: '2026-03-11T09:00:00Z', session_id: 12, pathname: '/pricing', channel: 'Direct' },
      { ...d, user_id: 'v2', at: '2026-03-11T09:02:00Z', session_id: 12, pathname: '/pricing', type: 'custom_event', event_name: 'signup', props: '{"plan":"pro"}', channel: 'Direct' },
      // 13 (03-12): home only, converts nothing.
      { ...d, at: '2026-03-12T08:00:00Z', session_id: 13, pathname: '/', channel: 'Direct' },
      // 14 (03-13): pricing only.
      { ...d, at: '2026-03-13T07:00:00Z', session_id: 14, pathname: '/pricing', channel: 'Direct' },
      // 15: pricing, before the range.
      { ...d, at: '2026-02-01T10:00:00Z', session_id: 15, pathname: '/pricing', channel: 'Direct' },
    ]);
    // 27 sessions on the public site, a minute apart, each converting.
    await seedEvents(t, publicSiteId, Array.from({ length: 27 }, (_, i) => ({
      ...d, at: new Date(Date.parse('2026-03-05T00:00:00Z') + i * 60_000).toISOString(), session_id: i + 1, pathname: '/pricing', channel: 'Direct',
    })));
    goal.pricing = await createGoal(siteId, { name: 'Pricing', goalType: 'path', config: { pathPattern: '/pricing' } });
    goal.proSignup = await createGoal(siteId, { goalType: 'event', config: { eventName: 'signup', propertyFilters: [{ key: 'plan', value: 'pro' }] } });
    goal.nowhere = await createGoal(siteId, { goalType: 'path', config: { pathPattern: '/nowhere' } });
    goal.publicPricing = await createGoal(publicSiteId, { goalType: 'path', config: { pathPattern: '/pricing' } });
  });
  afterAll(async () => t.close());

  /** `null`: no credential at all. */
  const get = (url: string, credential: Credential | null = owner, site = siteId) =>
    call(t.app, credential ?? undefined, { method: 'GET', url: `/api/sites/${site}${url}` });

  it('lists the converted sessions newest start first, each as a row of the sessions list', async () => {
    const res = await get(`/goals/${goal.pricing}/sessions?${RANGE}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(ids(body)).toEqual(['14', '12', '11']);
    expect(body.data[1]).toEqual(SESSION_12);
    expect(body.data[2]).toEqual(SESSION_11);
    expect(Object.keys(body)).toEqual(['data']);
  });

  it('matches event goals with their property filters, and answers no rows for a goal nobody reached', async () => {
    expect(ids((await get(`/goals/${goal.proSignup}/sessions?${RANGE}`)).json())).toEqual(['12']);
    expect((await get(`/goals/${goal.nowhere}/sessions?${RANGE}`)).json()).toEqual({ data: [] });
  });

  it('lists exactly the sessions the goals report counts, under the same filters', async () => {
    for (const [query, expected] of [
      [RANGE, ['14', '12', '11']],
      ['', ['14', '12', '11', '15']],
      [`${RANGE}&${filter('channel', 'Organic Search')}`, ['11']],
      // A converting event must match the filters too: no pageview of /pricing is a pageview of /.
      [`${RANGE}&${filter('pathname', '/')}`, []],
    ] as const) {
      expect(ids((await get(`/goals/${goal.pricing}/sessions?${query}`)).json())).toEqual(expected);
      const report = (await get(`/goals?${query}`)).json();
      expect(report.data.find((row: { goalId: number }) => row.goalId === goal.pricing).total_conversions).toBe(expected.length);
    }
  });

  it('pages with limit and page', async () => {
    const page = (n: number) => get(`/goals/${goal.pricing}/sessions?${RANGE}&limit=2&page=${n}`);
    expect(ids((await page(1)).json())).toEqual(['14', '12']);
    expect((await page(2)).json()).toEqual({ data: [SESSION_11] });
    expect((await page(3)).json()).toEqual({ data: [] });
  });

  it("gives 25 sessions per page by default, and keeps a public site's converted sessions to members", async () => {
    expect((await get(`/goals/${goal.publicPricing}/sessions?${RANGE}`, null, publicSiteId)).statusCode).toBe(401);
    const first = await get(`/goals/${goal.publicPricing}/sessions?${RANGE}`, owner, publicSiteId);
    expect(first.statusCode).toBe(200);
    expect(ids(first.json())).toEqual(Array.from({ length: 25 }, (_, i) => String(27 - i)));
    const second = await get(`/goals/${goal.publicPricing}/sessions?${RANGE}&page=2`, owner, publicSiteId);
    expect(ids(second.json())).toEqual(['2', '1']);
  });

  it('answers 404 for an unknown goal, another site\'s goal and ids beyond any goal', async () => {
    for (const url of [`/goals/999999/sessions`, `/goals/99999999999/sessions`]) {
      const res = await get(url);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: 'Goal not found' });
    }
    expect((await get(`/goals/${goal.pricing}/sessions`, owner, publicSiteId)).statusCode).toBe(404);
  });

  it.each([
    ['/goals/abc/sessions', "Invalid path parameter 'goalId'"],
    ['/goals/{id}/sessions?limit=0', "Invalid query parameter 'limit': expected an integer from 1 to 1000"],
    ['/goals/{id}/sessions?limit=1001', "Invalid query parameter 'limit': expected an integer from 1 to 1000"],
    ['/goals/{id}/sessions?limit=x', "Invalid query parameter 'limit'"],
    ['/goals/{id}/sessions?page=0', "Invalid query parameter 'page'"],
    ['/goals/{id}/sessions?time_zone=Mars/Olympus', 'time_zone'],
    ['/goals/{id}/sessions?filters=not-json', 'filters'],
  ])('answers 400 for %s', async (url, message) => {
    const res = await get(url.replace('{id}', String(goal.pricing)));
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toContain(message);
  });

  it('needs goals:read on a private site; strangers and anonymous callers are refused', async () => {
    const reader = await createOrganizationKey(t.app, owner, orgId, { name: 'goal-sessions-reader', permissions: { goals: ['read'] } });
    expect(ids((await get(`/goals/${goal.pricing}/sessions?${RANGE}`, { key: reader.key })).json())).toEqual(['14', '12', '11']);
    const analyticsOnly = await createOrganizationKey(t.app, owner, orgId, { name: 'goal-sessions-analytics', permissions: { analytics: ['read'] } });
    const denied = await get(`/goals/${goal.pricing}/sessions`, { key: analyticsOnly.key });
    expect(denied.statusCode).toBe(403);
    expect(denied.json().required).toBe('goals:read');
    const stranger = await signUp(t.app, 'goal-sessions-stranger@example.com');
    expect((await get(`/goals/${goal.pricing}/sessions`, stranger)).statusCode).toBe(403);
    expect((await get(`/goals/${goal.pricing}/sessions`, null)).statusCode).toBe(401);
  });

  it('leaves the goal routes beside it in place', async () => {
    expect((await get(`/goals/${goal.pricing}/time-series?${RANGE}`)).statusCode).toBe(200);
    const put = await call(t.app, owner, { method: 'PUT', url: `/api/sites/${siteId}/goals/${goal.nowhere}`, payload: { goalType: 'path', config: { pathPattern: '/nowhere' } } });
    expect(put.json()).toEqual({ success: true });
  });

  it('is documented under Goals with its paging', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const operation = doc.paths['/api/sites/{site}/goals/{goalId}/sessions'].get;
    expect(operation.tags).toEqual(['Goals']);
    const parameter = (name: string) => operation.parameters.find((p: { name: string }) => p.name === name);
    expect([parameter('goalId').in, parameter('limit').schema.default, parameter('page').schema.default]).toEqual(['path', 25, 1]);
  });
});
