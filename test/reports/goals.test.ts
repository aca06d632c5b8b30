// /goals on hand-built sessions: conversions per goal type, rates, pagination, time series, CRUD, validation and access.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createOrganization, createOrganizationKey, createSite, signUp, type Credential, inviteAndAccept } from '../helpers/auth-client.js';
import { seedEvents } from '../helpers/seed-events.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

const RANGE = 'start_date=2026-03-01&end_date=2026-03-15';
const json = (value: unknown) => JSON.stringify(value);

const GOALS = [
  { name: 'Pricing', goalType: 'path', config: { pathPattern: '/pricing' } },
  { name: 'Pricing (pro)', goalType: 'path', config: { pathPattern: '/pricing', propertyFilters: [{ key: 'plan', value: 'pro' }] } },
  { goalType: 'event', config: { eventName: 'signup' } },
  { name: 'GitHub', goalType: 'outbound', config: { valuePattern: 'https://github.com/*' } },
  { name: 'Sign-up button', goalType: 'button_click', config: { valuePattern: 'sign up*' } },
  { name: 'Newsletter', goalType: 'form_submit', config: { valuePattern: 'newsletter' } },
  { name: 'Install copied', goalType: 'copy', config: { valuePattern: 'npm *' } },
];

describe('goals', () => {
  let t: TestApp;
  let owner: Credential;
  let orgId: string;
  let siteId: number;
  let publicSiteId: number;
  const goalIds: number[] = [];

  beforeAll(async () => {
    t = await createTestApp({ clock: () => Date.parse('2026-03-20T12:00:00Z') });
    owner = await signUp(t.app, 'goals@example.com');
    orgId = await createOrganization(t.app, owner.cookie ?? '', 'goals-org');
    siteId = (await createSite(t.app, owner, orgId, { domain: 'goals.example.com' })).siteId;
    publicSiteId = (await createSite(t.app, owner, orgId, { domain: 'open-goals.example.com', public: true })).siteId;
    await seedEvents(t, siteId, [
      // S1 (Organic Search, 03-10): pricing with ?plan=pro, then a signup.
      { at: '2026-03-10T10:00:00Z', session_id: 1, pathname: '/pricing', url_parameters: { plan: 'pro' }, channel: 'Organic Search' },
      { at: '2026-03-10T10:01:00Z', session_id: 1, type: 'custom_event', event_name: 'signup', props: json({ plan: 'pro' }), channel: 'Organic Search' },
      // S2 (03-10): blog, a GitHub link, the sign-up button.
      { at: '2026-03-10T11:00:00Z', session_id: 2, pathname: '/blog/hello', channel: 'Direct' },
      { at: '2026-03-10T11:01:00Z', session_id: 2, type: 'outbound', props: json({ url: 'https://github.com/loupe/loupe', text: 'Code' }), channel: 'Direct' },
      { at: '2026-03-10T11:02:00Z', session_id: 2, type: 'button_click', props: json({ text: 'Sign Up Now' }), channel: 'Direct' },
      // S3 (03-11): pricing without parameters, the newsletter form, a copied install command.
      { at: '2026-03-11T09:00:00Z', session_id: 3, pathname: '/pricing', channel: 'Direct' },
      { at: '2026-03-11T09:01:00Z', session_id: 3, type: 'form_submit', props: json({ formId: '', formName: 'newsletter', formAction: '/subscribe' }), channel: 'Direct' },
      { at: '2026-03-11T09:02:00Z', session_id: 3, type: 'copy', props: json({ text: 'npm install loupe', sourceElement: 'code' }), channel: 'Direct' },
      // S4 (03-11): home only, twice (one session counted once).
      { at: '2026-03-11T10:00:00Z', session_id: 4, pathname: '/', channel: 'Direct' },
      { at: '2026-03-11T10:05:00Z', session_id: 4, pathname: '/', channel: 'Direct' },
      // S5: out of range.
      { at: '2026-02-01T10:00:00Z', session_id: 5, type: 'custom_event', event_name: 'signup', channel: 'Direct' },
    ]);
    await seedEvents(t, publicSiteId, [{ at: '2026-03-10T10:00:00Z', session_id: 9, pathname: '/pricing' }]);
    for (const goal of GOALS) {
      const res = await call(t.app, owner, { method: 'POST', url: `/api/sites/${siteId}/goals`, payload: goal });
      expect(res.statusCode).toBe(200);
      goalIds.push(res.json().goalId);
    }
  });
  afterAll(async () => t.close());

  const get = (url: string, credential: Credential | undefined = owner) => call(t.app, credential, { method: 'GET', url: `/api/sites/${siteId}${url}` });

  it('counts converted sessions of every goal type in one report', async () => {
    const res = await get(`/goals?${RANGE}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.meta).toEqual({ total: 7, page: 1, pageSize: 10, totalPages: 1 });
    expect(body.data.map((g: { goalId: number; name: string | null; goalType: string; total_conversions: number; total_sessions: number; conversion_rate: number }) =>
      [g.goalId, g.name, g.goalType, g.total_conversions, g.total_sessions, g.conversion_rate])).toEqual([
      [goalIds[0], 'Pricing', 'path', 2, 4, 0.5],
      [goalIds[1], 'Pricing (pro)', 'path', 1, 4, 0.25],
      [goalIds[2], null, 'event', 1, 4, 0.25],
      [goalIds[3], 'GitHub', 'outbound', 1, 4, 0.25],
      [goalIds[4], 'Sign-up button', 'button_click', 1, 4, 0.25],
      [goalIds[5], 'Newsletter', 'form_submit', 1, 4, 0.25],
      [goalIds[6], 'Install copied', 'copy', 1, 4, 0.25],
    ]);
    expect(body.data[1]).toEqual({
      goalId: goalIds[1], name: 'Pricing (pro)', goalType: 'path',
      config: { pathPattern: '/pricing', propertyFilters: [{ key: 'plan', value: 'pro' }] },
      createdAt: '2026-03-20T12:00:00.000Z', total_conversions: 1, total_sessions: 4, conversion_rate: 0.25,
      // Path goals carry no revenue; without a reporting currency and revenue there is no total.
      revenue: { currency: null, total: null, average: null, events: 0, by_currency: [] },
    });
  });

  it('rounds the rate to 4 decimals and narrows by filters', async () => {
    const withoutS4 = encodeURIComponent(json([{ parameter: 'pathname', type: 'not_equals', value: ['/'] }]));
    const thirds = (await get(`/goals?${RANGE}&filters=${withoutS4}&page_size=1`)).json();
    expect(thirds.data.map((g: { total_conversions: number; total_sessions: number; conversion_rate: number }) => [g.total_conversions, g.total_sessions, g.conversion_rate]))
      .toEqual([[2, 3, 0.6667]]);
    const organic = encodeURIComponent(json([{ parameter: 'channel', type: 'equals', value: ['Organic Search'] }]));
    const res = (await get(`/goals?${RANGE}&filters=${organic}`)).json();
    expect(res.data.map((g: { total_conversions: number; total_sessions: number; conversion_rate: number }) => [g.total_conversions, g.total_sessions, g.conversion_rate])).toEqual([
      [1, 1, 1], [1, 1, 1], [1, 1, 1], [0, 1, 0], [0, 1, 0], [0, 1, 0], [0, 1, 0],
    ]);
  });

  it('pages the goals and answers 0 without sessions', async () => {
    const res = (await get('/goals?start_date=2025-01-01&end_date=2025-01-02&page=2&page_size=3')).json();
    expect(res.meta).toEqual({ total: 7, page: 2, pageSize: 3, totalPages: 3 });
    expect(res.data.map((g: { goalId: number; total_conversions: number; total_sessions: number; conversion_rate: number }) => [g.goalId, g.total_conversions, g.total_sessions, g.conversion_rate]))
      .toEqual([[goalIds[3], 0, 0, 0], [goalIds[4], 0, 0, 0], [goalIds[5], 0, 0, 0]]);
    expect((await get('/goals?page=9')).json().data).toEqual([]);
  });

  it('gives a zero-filled time series of one goal', async () => {
    const res = await get(`/goals/${goalIds[0]}/time-series?start_date=2026-03-09&end_date=2026-03-11&bucket=day`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      data: [
        { time: '2026-03-09 00:00:00', conversions: 0, sessions: 0, conversion_rate: 0 },
        { time: '2026-03-10 00:00:00', conversions: 1, sessions: 2, conversion_rate: 0.5 },
        { time: '2026-03-11 00:00:00', conversions: 1, sessions: 2, conversion_rate: 0.5 },
      ],
    });
    expect((await get('/goals/999999/time-series')).statusCode).toBe(404);
  });

  it('updates and deletes goals, 404 for unknown ids', async () => {
    const created = await call(t.app, owner, { method: 'POST', url: `/api/sites/${siteId}/goals`, payload: { goalType: 'event', config: { eventName: 'x' } } });
    const goalId = created.json().goalId as number;
    expect(created.json()).toEqual({ success: true, goalId });
    const put = await call(t.app, owner, { method: 'PUT', url: `/api/sites/${siteId}/goals/${goalId}`, payload: { name: ' Blog ', goalType: 'path', config: { pathPattern: '/blog/*', eventName: 'ignored', valuePattern: '' } } });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toEqual({ success: true });
    const listed = (await get(`/goals?${RANGE}&page=2&page_size=7`)).json().data;
    expect(listed).toEqual([{
      goalId, name: 'Blog', goalType: 'path', config: { pathPattern: '/blog/*' },
      createdAt: '2026-03-20T12:00:00.000Z', total_conversions: 1, total_sessions: 4, conversion_rate: 0.25,
      revenue: { currency: null, total: null, average: null, events: 0, by_currency: [] },
    }]);
    const del = await call(t.app, owner, { method: 'DELETE', url: `/api/sites/${siteId}/goals/${goalId}` });
    expect(del.json()).toEqual({ success: true });
    expect((await call(t.app, owner, { method: 'DELETE', url: `/api/sites/${siteId}/goals/${goalId}` })).json()).toEqual({ error: 'Goal not found' });
    expect((await call(t.app, owner, { method: 'PUT', url: `/api/sites/${siteId}/goals/99999999999`, payload: GOALS[0] })).statusCode).toBe(404);
    // Another site's goal id is unknown here.
    expect((await call(t.app, owner, { method: 'DELETE', url: `/api/sites/${publicSiteId}/goals/${goalIds[0]}` })).statusCode).toBe(404);
  });

  it.each([
    [{ goalType: 'path', config: {} }, "Invalid body 'config.pathPattern': Path goals require pathPattern"],
    [{ goalType: 'path', config: { pathPattern: '' } }, "Invalid body 'config.pathPattern': Path goals require pathPattern"],
    [{ goalType: 'event', config: { eventName: '' } }, "Invalid body 'config.eventName': Event goals require eventName"],
    [{ goalType: 'pageview', config: {} }, "Invalid body 'goalType'"],
    [{ goalType: 'event', config: { eventName: 'x', propertyFilters: [{ key: '', value: 'v' }] } }, "Invalid body 'config.propertyFilters.0.key'"],
    [{ goalType: 'event' }, "Invalid body 'config'"],
  ])('refuses %j', async (payload, message) => {
    const res = await call(t.app, owner, { method: 'POST', url: `/api/sites/${siteId}/goals`, payload });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toContain(message);
  });

  it.each([
    ['/goals?page=0', 'page'],
    ['/goals?page_size=101', 'page_size'],
    ['/goals?page_size=x', 'page_size'],
    ['/goals?time_zone=Mars/Olympus', 'time_zone'],
    ['/goals/abc/time-series', 'goalId'],
    ['/goals/1/time-series?bucket=fortnight', 'bucket'],
  ])('answers 400 naming the parameter for %s', async (url, parameter) => {
    const res = await get(url);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toContain(parameter);
  });

  it('lets a member write goals, refuses strangers and keys without the scope', async () => {
    const member = await signUp(t.app, 'goal-member@example.com');
    await inviteAndAccept(t.app, owner, member, orgId, 'goal-member@example.com', 'member');
    const byMember = await call(t.app, member, { method: 'POST', url: `/api/sites/${siteId}/goals`, payload: { goalType: 'copy', config: {} } });
    expect(byMember.statusCode).toBe(200);
    expect((await call(t.app, member, { method: 'DELETE', url: `/api/sites/${siteId}/goals/${byMember.json().goalId}` })).statusCode).toBe(200);

    const stranger = await signUp(t.app, 'goal-stranger@example.com');
    const strangerPost = await call(t.app, stranger, { method: 'POST', url: `/api/sites/${siteId}/goals`, payload: GOALS[0] });
    expect(strangerPost.statusCode).toBe(403);
    expect((await get('/goals', stranger)).statusCode).toBe(403);

    const reader = await createOrganizationKey(t.app, owner, orgId, { name: 'goal-reader', permissions: { goals: ['read'] } });
    expect((await get(`/goals?${RANGE}`, { key: reader.key })).statusCode).toBe(200);
    const denied = await call(t.app, { key: reader.key }, { method: 'POST', url: `/api/sites/${siteId}/goals`, payload: GOALS[0] });
    expect(denied.statusCode).toBe(403);
    expect(denied.json()).toEqual({ error: 'API key lacks the goals:write scope', required: 'goals:write' });
    expect((await call(t.app, { key: reader.key }, { method: 'DELETE', url: `/api/sites/${siteId}/goals/${goalIds[0]}` })).statusCode).toBe(403);

    const analyticsOnly = await createOrganizationKey(t.app, owner, orgId, { name: 'analytics-only', permissions: { analytics: ['read'] } });
    const noRead = await get('/goals', { key: analyticsOnly.key });
    expect(noRead.statusCode).toBe(403);
    expect(noRead.json().required).toBe('goals:read');
  });

  it('reads a public site without credentials but never writes', async () => {
    const created = await call(t.app, owner, { method: 'POST', url: `/api/sites/${publicSiteId}/goals`, payload: GOALS[0] });
    const res = await call(t.app, undefined, { method: 'GET', url: `/api/sites/${publicSiteId}/goals?${RANGE}` });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.map((g: { goalId: number; total_conversions: number; conversion_rate: number }) => [g.goalId, g.total_conversions, g.conversion_rate]))
      .toEqual([[created.json().goalId, 1, 1]]);
    expect((await call(t.app, undefined, { method: 'POST', url: `/api/sites/${publicSiteId}/goals`, payload: GOALS[0] })).statusCode).toBe(401);
    expect((await call(t.app, undefined, { method: 'GET', url: `/api/sites/${siteId}/goals` })).statusCode).toBe(401);
  });
});
