// POST /funnels/{stepNumber}/sessions on hand-built sessions: who reached or dropped at each step, in which order, with which fields; paging, filters, 400s, access.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createOrganization, createOrganizationKey, createSite, signUp, type Credential } from '../helpers/auth-client.js';
import { expectedSessionRow, SEEDED_DEVICE } from '../helpers/expected-session-row.js';
import { frozenClock } from '../helpers/frozen-clock.js';
import { seedEvents, type SeedRow } from '../helpers/seed-events.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

const RANGE = 'start_date=2026-03-01&end_date=2026-03-15';
const STEPS = [
  { type: 'page', value: '/', name: 'Home' },
  { type: 'page', value: '/pricing' },
  { type: 'event', value: 'signup', name: 'Signed up' },
];
const filter = (parameter: string, value: string) => `filters=${encodeURIComponent(JSON.stringify([{ parameter, type: 'equals', value: [value] }]))}`;
const ids = (body: { data: Array<{ session_id: string }> }) => body.data.map((row) => row.session_id);

/** Session `id`'s events, a minute apart from `start`: paths are pageviews, `{event}` a custom event. */
function session(id: number, start: string, channel: string, events: Array<string | { event: string }>): SeedRow[] {
  return events.map((event, index) => ({
    ...SEEDED_DEVICE,
    at: new Date(Date.parse(start) + index * 60_000).toISOString(),
    session_id: id,
    channel,
    ...(typeof event === 'string' ? { pathname: event } : { pathname: '/', type: 'custom_event', event_name: event.event }),
  }));
}

const SIGNUP = { event: 'signup' };

describe('funnel step sessions', () => {
  let t: TestApp;
  let owner: Credential;
  let orgId: string;
  let siteId: number;
  let publicSiteId: number;

  beforeAll(async () => {
    t = await createTestApp({ clock: frozenClock('2026-03-20T12:00:00Z').now });
    owner = await signUp(t.app, 'funnel-sessions@example.com');
    orgId = await createOrganization(t.app, owner.cookie ?? '', 'funnel-sessions-org');
    siteId = (await createSite(t.app, owner, orgId, { domain: 'shop.example.com' })).siteId;
    publicSiteId = (await createSite(t.app, owner, orgId, { domain: 'open-funnel-sessions.example.com', public: true })).siteId;
    await seedEvents(t, siteId, [
      ...session(1, '2026-03-10T01:00:00Z', 'Organic Search', ['/', '/pricing', SIGNUP]), // all three steps
      ...session(2, '2026-03-10T02:00:00Z', 'Organic Search', ['/', '/blog', '/pricing']), // steps 1 and 2
      ...session(3, '2026-03-10T03:00:00Z', 'Direct', ['/pricing', '/']), // pricing came first: step 1 only
      ...session(4, '2026-03-10T04:00:00Z', 'Direct', ['/']), // step 1 only
      ...session(5, '2026-03-10T05:00:00Z', 'Direct', [SIGNUP, '/', '/pricing']), // signup came first: steps 1 and 2
      ...session(6, '2026-03-10T06:00:00Z', 'Direct', ['/blog']), // no step
    ]);
    await seedEvents(t, siteId, session(7, '2026-02-01T10:00:00Z', 'Direct', ['/', '/pricing', SIGNUP])); // before the range
    await seedEvents(t, publicSiteId, session(20, '2026-03-10T10:00:00Z', 'Direct', ['/', '/pricing']));
  });
  afterAll(async () => t.close());

  /** `null`: no credential at all. */
  const stepSessions = (step: number | string, query: string, steps: unknown = STEPS, credential: Credential | null = owner, site = siteId) =>
    call(t.app, credential ?? undefined, { method: 'POST', url: `/api/sites/${site}/funnels/${step}/sessions?${query}`, payload: { steps } });

  it.each([
    [1, 'reached', ['5', '4', '3', '2', '1']],
    [1, 'dropped', ['4', '3']],
    [2, 'reached', ['5', '2', '1']],
    [2, 'dropped', ['5', '2']],
    [3, 'reached', ['1']],
    // Nobody drops off at the last step.
    [3, 'dropped', []],
  ])('step %i, mode %s: sessions %j, newest start first', async (step, mode, expected) => {
    const res = await stepSessions(step, `${RANGE}&mode=${mode}`);
    expect(res.statusCode).toBe(200);
    expect(ids(res.json())).toEqual(expected);
  });

  it('lists as many sessions per step as the analysis counts', async () => {
    const analysis = await call(t.app, owner, { method: 'POST', url: `/api/sites/${siteId}/funnels/analyze?${RANGE}`, payload: { steps: STEPS } });
    expect(analysis.json().data.map((row: { sessions: number }) => row.sessions)).toEqual([5, 3, 1]);
  });

  it('answers each session as a row of the sessions list', async () => {
    const res = await stepSessions(3, `${RANGE}&mode=reached`);
    expect(res.json()).toEqual({
      data: [expectedSessionRow({
        session_id: '1', start: '2026-03-10T01:00:00Z', end: '2026-03-10T01:02:00Z', duration: 120, channel: 'Organic Search',
        entry_page: '/', exit_page: '/pricing', pageviews: 2, events: 1,
      })],
    });
  });

  it('pages with limit and page', async () => {
    const page = async (n: number) => ids((await stepSessions(1, `${RANGE}&mode=reached&limit=2&page=${n}`)).json());
    expect([await page(1), await page(2), await page(3), await page(4)]).toEqual([['5', '4'], ['3', '2'], ['1'], []]);
  });

  it('narrows by filters and the time range', async () => {
    expect(ids((await stepSessions(1, `${RANGE}&mode=reached&${filter('channel', 'Organic Search')}`)).json())).toEqual(['2', '1']);
    expect(ids((await stepSessions(2, `${RANGE}&mode=dropped&${filter('channel', 'Organic Search')}`)).json())).toEqual(['2']);
    expect(ids((await stepSessions(3, 'mode=reached')).json())).toEqual(['1', '7']);
    expect(ids((await stepSessions(1, 'start_date=2026-03-11&end_date=2026-03-15&mode=reached')).json())).toEqual([]);
  });

  it('matches steps as the analysis does: wildcard patterns, later pageviews only', async () => {
    const steps = [{ type: 'page', value: '/**' }, { type: 'page', value: '/blog' }];
    expect(ids((await stepSessions(2, `${RANGE}&mode=reached`, steps)).json())).toEqual(['2']);
    // Session 6 reached `/**` on /blog itself and viewed nothing after it.
    expect(ids((await stepSessions(1, `${RANGE}&mode=dropped`, steps)).json())).toEqual(['6', '5', '4', '3', '1']);
  });

  it.each([
    ['1', '', STEPS, "Invalid query parameter 'mode'"],
    ['1', 'mode=bogus', STEPS, "Invalid query parameter 'mode'"],
    ['0', 'mode=reached', STEPS, "Invalid path parameter 'stepNumber': expected an integer from 1 to 3"],
    ['4', 'mode=reached', STEPS, "Invalid path parameter 'stepNumber': expected an integer from 1 to 3"],
    ['abc', 'mode=reached', STEPS, "Invalid path parameter 'stepNumber'"],
    ['1', 'mode=reached', [STEPS[0]], "Invalid body 'steps'"],
    ['1', 'mode=reached', [STEPS[0], { type: 'page', value: '' }], "Invalid body 'steps.1.value'"],
    ['1', 'mode=reached&limit=0', STEPS, "Invalid query parameter 'limit'"],
    ['1', 'mode=reached&page=0', STEPS, "Invalid query parameter 'page'"],
    ['1', 'mode=reached&filters=not-json', STEPS, 'filters'],
  ])('answers 400 for step %s, query %j, steps %j', async (step, query, steps, message) => {
    const res = await stepSessions(step, query, steps);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toContain(message);
  });

  it("needs funnels:read on a private site, and a member for a public site's sessions", async () => {
    const reader = await createOrganizationKey(t.app, owner, orgId, { name: 'funnel-sessions-reader', permissions: { funnels: ['read'] } });
    expect(ids((await stepSessions(3, `${RANGE}&mode=reached`, STEPS, { key: reader.key })).json())).toEqual(['1']);
    const goalsOnly = await createOrganizationKey(t.app, owner, orgId, { name: 'funnel-sessions-goals', permissions: { goals: ['read'] } });
    const denied = await stepSessions(1, `${RANGE}&mode=reached`, STEPS, { key: goalsOnly.key });
    expect(denied.statusCode).toBe(403);
    expect(denied.json().required).toBe('funnels:read');
    const stranger = await signUp(t.app, 'funnel-sessions-stranger@example.com');
    expect((await stepSessions(1, `${RANGE}&mode=reached`, STEPS, stranger)).statusCode).toBe(403);
    expect((await stepSessions(1, `${RANGE}&mode=reached`, STEPS, null)).statusCode).toBe(401);
    // The sessions behind a step are people-level: a public site's visitors get the analysis, not the sessions.
    expect((await stepSessions(2, `${RANGE}&mode=reached`, STEPS.slice(0, 2), null, publicSiteId)).statusCode).toBe(401);
    const open = await stepSessions(2, `${RANGE}&mode=reached`, STEPS.slice(0, 2), owner, publicSiteId);
    expect(ids(open.json())).toEqual(['20']);
  });

  it('leaves the funnel routes beside it in place', async () => {
    expect((await call(t.app, owner, { method: 'POST', url: `/api/sites/${siteId}/funnels/analyze?${RANGE}`, payload: { steps: STEPS } })).statusCode).toBe(200);
    const saved = await call(t.app, owner, { method: 'POST', url: `/api/sites/${siteId}/funnels`, payload: { name: 'Checkout', steps: STEPS } });
    expect(saved.statusCode).toBe(200);
    expect((await call(t.app, owner, { method: 'DELETE', url: `/api/sites/${siteId}/funnels/${saved.json().funnelId}` })).json()).toEqual({ success: true });
  });

  it('is documented under Funnels with its mode, paging and steps', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const operation = doc.paths['/api/sites/{site}/funnels/{stepNumber}/sessions'].post;
    expect(operation.tags).toEqual(['Funnels']);
    const parameter = (name: string) => operation.parameters.find((p: { name: string }) => p.name === name);
    expect([parameter('stepNumber').in, parameter('stepNumber').required]).toEqual(['path', true]);
    expect([parameter('mode').required, parameter('mode').schema.enum]).toEqual([true, ['reached', 'dropped']]);
    expect([parameter('limit').schema.default, parameter('page').schema.default]).toEqual([25, 1]);
    expect(Object.keys(operation.requestBody.content['application/json'].schema.properties)).toEqual(['steps']);
  });
});
