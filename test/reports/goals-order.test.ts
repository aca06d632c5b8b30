// GET /goals?sort=&order=: the goals page's sortable columns (goalId, name, goalType, createdAt), with paging.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createOrganization, createSite, signUp } from '../helpers/auth-client.js';
import { createTestApp, metadataBackends, type TestApp } from '../helpers/test-app.js';

// Created in this order, one minute apart, except "beta" and "Alpha" which share their minute.
const GOALS = [
  { at: '2026-03-01T10:00:00Z', goal: { name: 'delta', goalType: 'path', config: { pathPattern: '/d' } } },
  { at: '2026-03-01T10:03:00Z', goal: { name: 'beta', goalType: 'event', config: { eventName: 'b' } } },
  { at: '2026-03-01T10:03:00Z', goal: { name: 'Alpha', goalType: 'outbound', config: { valuePattern: '*a*' } } },
  { at: '2026-03-01T10:01:00Z', goal: { goalType: 'copy', config: {} } },
  { at: '2026-03-01T10:02:00Z', goal: { name: 'Charlie', goalType: 'event', config: { eventName: 'c' } } },
];

// Names are ordered alike on both metadata stores (their collations and null placement differ).
const backends = await metadataBackends();

describe.each(backends)('goals in the chosen order on %s', (backend) => {
  let t: TestApp;
  let owner: { cookie: string };
  let siteId: number;
  let now = Date.parse('2026-03-01T09:00:00Z');

  beforeAll(async () => {
    t = await createTestApp({ backend, clock: () => now });
    owner = await signUp(t.app, 'goals-order@example.com');
    const org = await createOrganization(t.app, owner.cookie, 'goals-order-org');
    siteId = (await createSite(t.app, owner, org, { domain: 'goals-order.example.com' })).siteId;
    for (const { at, goal } of GOALS) {
      now = Date.parse(at);
      const res = await call(t.app, owner, { method: 'POST', url: `/api/sites/${siteId}/goals`, payload: goal });
      expect(res.statusCode).toBe(200);
    }
    now = Date.parse('2026-03-20T12:00:00Z');
  });
  afterAll(async () => t.close());

  const get = (qs: string) => call(t.app, owner, { method: 'GET', url: `/api/sites/${siteId}/goals?start_date=2026-03-01&end_date=2026-03-15&${qs}` });
  const names = async (qs: string) => {
    const res = await get(qs);
    expect(res.statusCode).toBe(200);
    const body = res.json() as { data: Array<{ name: string | null }>; meta: { total: number } };
    expect(body.meta.total).toBe(5);
    return body.data.map((goal) => goal.name);
  };

  it.each([
    ['', ['delta', 'beta', 'Alpha', null, 'Charlie']],
    ['sort=goalId&order=desc', ['Charlie', null, 'Alpha', 'beta', 'delta']],
    ['sort=name&order=asc', [null, 'Alpha', 'beta', 'Charlie', 'delta']],
    ['sort=name&order=desc', ['delta', 'Charlie', 'beta', 'Alpha', null]],
    ['sort=goalType&order=asc', [null, 'beta', 'Charlie', 'Alpha', 'delta']],
    ['sort=createdAt&order=desc', ['Alpha', 'beta', 'Charlie', null, 'delta']],
    ['sort=createdAt&order=asc', ['delta', null, 'Charlie', 'beta', 'Alpha']],
    ['sort=createdAt', ['delta', null, 'Charlie', 'beta', 'Alpha']],
    ['sort=&order=', ['delta', 'beta', 'Alpha', null, 'Charlie']],
  ])('orders by %s', async (qs, expected) => {
    expect(await names(qs)).toEqual(expected);
  });

  it('pages through the chosen order', async () => {
    expect(await names('sort=createdAt&order=desc&page=1&page_size=2')).toEqual(['Alpha', 'beta']);
    expect(await names('sort=createdAt&order=desc&page=2&page_size=2')).toEqual(['Charlie', null]);
    expect(await names('sort=createdAt&order=desc&page=3&page_size=2')).toEqual(['delta']);
  });

  it.each([
    ['sort=conversions', 'sort'],
    ['sort=created_at', 'sort'],
    ["sort=name'--", 'sort'],
    ['order=up', 'order'],
  ])('answers 400 to %s', async (qs, field) => {
    const res = await get(qs);
    expect(res.statusCode).toBe(400);
    expect((res.json() as { error: string }).error).toContain(field);
  });
});
