// /funnels/analyze on hand-built sessions (order, strictness, events in between, filters) and saved funnels.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createOrganization, createOrganizationKey, createSite, signUp, type Credential } from '../helpers/auth-client.js';
import { seedEvents, type SeedRow } from '../helpers/seed-events.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

const RANGE = 'start_date=2026-03-01&end_date=2026-03-15';
const STEPS = [
  { type: 'page', value: '/', name: 'Home' },
  { type: 'page', value: '/pricing' },
  { type: 'event', value: 'signup', name: 'Signed up' },
];

/** One session's events, a minute apart from 10:00 on 2026-03-10 (or at the given seconds). */
function session(id: number, channel: string, events: Array<string | { event: string; props?: object }>, seconds?: number[]): SeedRow[] {
  return events.map((event, index) => ({
    at: new Date(Date.parse('2026-03-10T10:00:00Z') + (seconds?.[index] ?? index * 60) * 1000).toISOString(),
    session_id: id,
    channel,
    hostname: 'shop.example.com',
    ...(typeof event === 'string'
      ? { pathname: event }
      : { type: 'custom_event', event_name: event.event, props: event.props ? JSON.stringify(event.props) : '' }),
  }));
}

const signup = { event: 'signup', props: { plan: 'pro' } };

describe('funnels', () => {
  let t: TestApp;
  let owner: Credential;
  let orgId: string;
  let siteId: number;
  let publicSiteId: number;

  beforeAll(async () => {
    t = await createTestApp({ clock: () => Date.parse('2026-03-20T12:00:00Z') });
    owner = await signUp(t.app, 'funnels@example.com');
    orgId = await createOrganization(t.app, owner.cookie ?? '', 'funnels-org');
    siteId = (await createSite(t.app, owner, orgId, { domain: 'shop.example.com' })).siteId;
    publicSiteId = (await createSite(t.app, owner, orgId, { domain: 'open-funnels.example.com', public: true })).siteId;
    await seedEvents(t, siteId, [
      ...session(1, 'Organic Search', ['/', '/pricing', signup]), // all three steps
      ...session(2, 'Organic Search', ['/', '/blog/a', '/pricing', '/about', { event: 'signup' }]), // other events in between: all three
      ...session(3, 'Direct', ['/pricing', '/']), // step 2 before step 1: step 1 only
      ...session(4, 'Direct', ['/', '/pricing']), // two steps
      ...session(5, 'Direct', ['/']), // step 1 only
      ...session(6, 'Direct', [{ event: 'signup' }, '/', '/pricing']), // signup before the steps it follows: two steps
      ...session(7, 'Direct', ['/', '/pricing'], [0, 0]), // same millisecond is not "after": step 1 only
      ...session(8, 'Direct', ['/pricing', '/', '/pricing', '/', { event: 'signup' }]), // first step 1 at 10:01, pricing again later: all three
      ...session(9, 'Direct', ['/old']),
    ]);
    await seedEvents(t, siteId, [{ at: '2026-02-01T10:00:00Z', session_id: 10, pathname: '/' }]);
    await seedEvents(t, publicSiteId, session(20, 'Direct', ['/', '/pricing']));
  });
  afterAll(async () => t.close());

  const analyze = (query: string, steps: unknown, credential: Credential | null = owner, site = siteId) =>
    call(t.app, credential ?? undefined, { method: 'POST', url: `/api/sites/${site}/funnels/analyze?${query}`, payload: { steps } });

  it('counts sessions step by step, each after the first time the previous step was reached', async () => {
    const res = await analyze(RANGE, STEPS);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      data: [
        // Sessions 1-8 (not 9, not 10 out of range).
        { step_number: 1, step_name: 'Home', sessions: 8, visitors: 8, conversion_rate: 100, dropoff_rate: 0 },
        // Sessions 1, 2, 4, 6, 8 (not 3: pricing before home; not 7: same instant; not 5).
        { step_number: 2, step_name: '/pricing', sessions: 5, visitors: 5, conversion_rate: 62.5, dropoff_rate: 37.5 },
        // Sessions 1, 2, 8 (not 6: its signup came first).
        // An event last step carries the revenue of its events (none here: no reporting currency, no revenue).
        {
          step_number: 3, step_name: 'Signed up', sessions: 3, visitors: 3, conversion_rate: 37.5, dropoff_rate: 40,
          revenue: { currency: null, total: null, average: null, events: 0, by_currency: [] },
        },
      ],
    });
  });

  it('narrows the sessions by a channel filter', async () => {
    const filters = encodeURIComponent(JSON.stringify([{ parameter: 'channel', type: 'equals', value: ['Organic Search'] }]));
    const res = await analyze(`${RANGE}&filters=${filters}`, STEPS);
    expect(res.json().data.map((s: { sessions: number; conversion_rate: number; dropoff_rate: number }) => [s.sessions, s.conversion_rate, s.dropoff_rate]))
      .toEqual([[2, 100, 0], [2, 100, 0], [2, 100, 0]]);
  });

  it('matches page patterns, hostnames and property filters like goals', async () => {
    const res = await analyze(RANGE, [
      { type: 'page', value: '/**', hostname: 'SHOP.example.com' },
      { type: 'page', value: '/blog/*' },
      { type: 'event', value: 'signup', propertyFilters: [{ key: 'plan', value: 'pro' }] },
    ]);
    expect(res.json().data.map((s: { step_name: string; sessions: number }) => [s.step_name, s.sessions])).toEqual([['/**', 9], ['/blog/*', 1], ['signup', 0]]);
    const pro = await analyze(RANGE, [{ type: 'page', value: '/pricing' }, { type: 'event', value: 'signup', propertyFilters: [{ key: 'plan', value: 'pro' }] }]);
    expect(pro.json().data.map((s: { sessions: number; conversion_rate: number; dropoff_rate: number }) => [s.sessions, s.conversion_rate, s.dropoff_rate]))
      .toEqual([[7, 100, 0], [1, 14.29, 85.71]]);
  });

  it('answers zeros without dividing by zero', async () => {
    const res = await analyze(RANGE, [{ type: 'page', value: '/nowhere' }, { type: 'page', value: '/' }]);
    expect(res.json().data).toEqual([
      { step_number: 1, step_name: '/nowhere', sessions: 0, visitors: 0, conversion_rate: 0, dropoff_rate: 0 },
      { step_number: 2, step_name: '/', sessions: 0, visitors: 0, conversion_rate: 0, dropoff_rate: 0 },
    ]);
  });

  it.each([
    ['', [STEPS[0]], 'steps'],
    ['', [], 'steps'],
    ['', [STEPS[0], { type: 'click', value: 'x' }], 'steps.1.type'],
    ['', [STEPS[0], { type: 'page', value: '' }], 'steps.1.value'],
    ['filters=not-json', STEPS, 'filters'],
    ['time_zone=Mars/Olympus', STEPS, 'time_zone'],
  ])('answers 400 for query %j and steps %j', async (query, steps, parameter) => {
    const res = await analyze(query, steps);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toContain(parameter);
  });

  it('saves, lists and deletes funnels', async () => {
    const created = await call(t.app, owner, { method: 'POST', url: `/api/sites/${siteId}/funnels`, payload: { name: 'Checkout', steps: STEPS } });
    expect(created.statusCode).toBe(200);
    const funnelId = created.json().funnelId as number;
    expect(created.json()).toEqual({ success: true, funnelId });
    const list = await call(t.app, owner, { method: 'GET', url: `/api/sites/${siteId}/funnels` });
    expect(list.json()).toEqual({ data: [{ funnelId, name: 'Checkout', steps: STEPS, createdAt: '2026-03-20T12:00:00.000Z' }] });
    expect((await call(t.app, owner, { method: 'POST', url: `/api/sites/${siteId}/funnels`, payload: { name: 'One', steps: [STEPS[0]] } })).statusCode).toBe(400);
    expect((await call(t.app, owner, { method: 'POST', url: `/api/sites/${siteId}/funnels`, payload: { name: '', steps: STEPS } })).statusCode).toBe(400);
    expect((await call(t.app, owner, { method: 'DELETE', url: `/api/sites/${siteId}/funnels/${funnelId}` })).json()).toEqual({ success: true });
    const again = await call(t.app, owner, { method: 'DELETE', url: `/api/sites/${siteId}/funnels/${funnelId}` });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ error: 'Funnel not found' });
    expect((await call(t.app, owner, { method: 'GET', url: `/api/sites/${siteId}/funnels` })).json()).toEqual({ data: [] });
  });

  it('checks funnel scopes, strangers and public sites', async () => {
    const reader = await createOrganizationKey(t.app, owner, orgId, { name: 'funnel-reader', permissions: { funnels: ['read'] } });
    expect((await analyze(RANGE, STEPS, { key: reader.key })).statusCode).toBe(200);
    const save = await call(t.app, { key: reader.key }, { method: 'POST', url: `/api/sites/${siteId}/funnels`, payload: { name: 'x', steps: STEPS } });
    expect(save.statusCode).toBe(403);
    expect(save.json().required).toBe('funnels:write');
    const goalsOnly = await createOrganizationKey(t.app, owner, orgId, { name: 'goals-only', permissions: { goals: ['read', 'write'] } });
    expect((await analyze(RANGE, STEPS, { key: goalsOnly.key })).statusCode).toBe(403);
    const stranger = await signUp(t.app, 'funnel-stranger@example.com');
    expect((await analyze(RANGE, STEPS, stranger)).statusCode).toBe(403);
    expect((await analyze(RANGE, STEPS, null)).statusCode).toBe(401);
    const open = await analyze(RANGE, STEPS.slice(0, 2), null, publicSiteId);
    expect(open.json().data.map((s: { sessions: number }) => s.sessions)).toEqual([1, 1]);
    expect((await call(t.app, undefined, { method: 'POST', url: `/api/sites/${publicSiteId}/funnels`, payload: { name: 'x', steps: STEPS } })).statusCode).toBe(401);
  });
});
