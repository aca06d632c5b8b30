// /performance/overview, /time-series and /by-dimension on hand-built web-vitals samples with exact quantiles.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createOrganization, createOrganizationKey, createSite, signUp } from '../helpers/auth-client.js';
import { seedEvents } from '../helpers/seed-events.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

const home = { pathname: '/', country: 'US', browser: 'Chrome', device_type: 'desktop' };
const pricing = { pathname: '/pricing', country: 'DE', browser: 'Firefox', device_type: 'mobile' };
const vitals = (lcp: number | null, cls: number | null, inp: number | null, fcp: number | null, ttfb: number | null) =>
  ({ type: 'performance', lcp, cls, inp, fcp, ttfb });

const NULL_P75 = { lcp_p75: null, cls_p75: null, inp_p75: null, fcp_p75: null, ttfb_p75: null };

describe('performance', () => {
  let t: TestApp;
  let owner: { cookie: string };
  let org: string;
  let siteId: number;

  beforeAll(async () => {
    t = await createTestApp({ clock: () => Date.parse('2026-03-20T12:00:00Z') });
    owner = await signUp(t.app, 'performance@example.com');
    org = await createOrganization(t.app, owner.cookie, 'performance-org');
    siteId = (await createSite(t.app, owner, org, { domain: 'perf.example.com' })).siteId;
    await seedEvents(t, siteId, [
      { at: '2026-03-10T10:00:00Z', session_id: 1, ...home, ...vitals(100, 0.01, null, 50, 10) },
      { at: '2026-03-10T10:30:00Z', session_id: 2, ...home, ...vitals(200, 0.02, 40, 60, 20) },
      { at: '2026-03-10T11:00:00Z', session_id: 3, ...pricing, ...vitals(300, 0.03, null, 70, 30) },
      { at: '2026-03-10T11:30:00Z', session_id: 4, ...pricing, ...vitals(400, 0.1, 80, 80, 40) },
      { at: '2026-03-12T09:00:00Z', session_id: 5, ...home, device_type: 'mobile', browser: 'Safari', ...vitals(1000, null, null, null, null) },
      // A pageview is never a sample, whatever it carries.
      { at: '2026-03-10T10:00:01Z', session_id: 1, ...home, lcp: 9999, cls: 9 },
    ]);
  });
  afterAll(async () => t.close());

  const get = (url: string) => call(t.app, owner, { method: 'GET', url: `/api/sites/${siteId}/performance${url}` });
  const RANGE = 'start_date=2026-03-10&end_date=2026-03-12';

  it('reports interpolated quantiles of every vital, ignoring missing samples', async () => {
    const res = await get(`/overview?${RANGE}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      data: {
        lcp_p50: 300, lcp_p75: 400, lcp_p90: 760, lcp_p99: 976,
        cls_p50: 0.025, cls_p75: 0.0475, cls_p90: 0.079, cls_p99: 0.0979,
        inp_p50: 60, inp_p75: 70, inp_p90: 76, inp_p99: 79.6,
        fcp_p50: 65, fcp_p75: 72.5, fcp_p90: 77, fcp_p99: 79.7,
        ttfb_p50: 25, ttfb_p75: 32.5, ttfb_p90: 37, ttfb_p99: 39.7,
        total_performance_events: 5,
      },
    });
  });

  it('answers nulls and zero events when there are no samples', async () => {
    const data = (await get('/overview?start_date=2026-03-01&end_date=2026-03-02')).json().data as Record<string, number | null>;
    expect(Object.keys(data)).toHaveLength(21);
    expect(Object.entries(data).filter(([, value]) => value !== null)).toEqual([['total_performance_events', 0]]);
  });

  it('narrows by filters', async () => {
    const filters = encodeURIComponent('[{"parameter":"pathname","type":"equals","value":["/pricing"]}]');
    const data = (await get(`/overview?${RANGE}&filters=${filters}`)).json().data;
    expect([data.lcp_p50, data.inp_p50, data.total_performance_events]).toEqual([350, 80, 2]);
  });

  it('gives the p75 per bucket, empty buckets null with zero events', async () => {
    const res = await get(`/time-series?${RANGE}&bucket=day`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      data: [
        { time: '2026-03-10 00:00:00', lcp_p75: 325, cls_p75: 0.0475, inp_p75: 70, fcp_p75: 72.5, ttfb_p75: 32.5, events: 4 },
        { time: '2026-03-11 00:00:00', ...NULL_P75, events: 0 },
        { time: '2026-03-12 00:00:00', ...NULL_P75, lcp_p75: 1000, events: 1 },
      ],
    });
  });

  it.each([
    ['country', [
      { value: 'US', lcp_p75: 600, cls_p75: 0.0175, inp_p75: 40, fcp_p75: 57.5, ttfb_p75: 17.5, events: 3 },
      { value: 'DE', lcp_p75: 375, cls_p75: 0.0825, inp_p75: 80, fcp_p75: 77.5, ttfb_p75: 37.5, events: 2 },
    ]],
    ['device_type&limit=1', [{ value: 'mobile', lcp_p75: 700, cls_p75: 0.0825, inp_p75: 80, fcp_p75: 77.5, ttfb_p75: 37.5, events: 3 }]],
    ['browser', [
      { value: 'Chrome', lcp_p75: 175, cls_p75: 0.0175, inp_p75: 40, fcp_p75: 57.5, ttfb_p75: 17.5, events: 2 },
      { value: 'Firefox', lcp_p75: 375, cls_p75: 0.0825, inp_p75: 80, fcp_p75: 77.5, ttfb_p75: 37.5, events: 2 },
      { value: 'Safari', ...NULL_P75, lcp_p75: 1000, events: 1 },
    ]],
  ])('gives the p75 per %s', async (qs, data) => {
    const res = await get(`/by-dimension?${RANGE}&dimension=${qs}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data });
  });

  it.each([
    ['/by-dimension?dimension=city', "'dimension'"],
    ['/by-dimension', "'dimension'"],
    ['/by-dimension?dimension=country&limit=0', "'limit'"],
    ['/time-series?bucket=fortnight', 'bucket'],
    ['/overview?filters=[', 'filters'],
  ])('answers 400 for %s', async (url, parameter) => {
    const res = await get(url);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toContain(parameter);
  });

  it('refuses a key without analytics:read', async () => {
    const key = await createOrganizationKey(t.app, owner, org, { name: 'events only', permissions: { events: ['read'] } });
    const res = await call(t.app, { key: key.key }, { method: 'GET', url: `/api/sites/${siteId}/performance/overview` });
    expect(res.statusCode).toBe(403);
  });
});
