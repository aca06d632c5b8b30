// /performance/overview, /time-series and /by-dimension on hand-built web-vitals samples: exact quantiles and means, sorting, paging.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createOrganization, createOrganizationKey, createSite, signUp } from '../helpers/auth-client.js';
import { seedEvents } from '../helpers/seed-events.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

const home = { pathname: '/', country: 'US', browser: 'Chrome', device_type: 'desktop' };
const pricing = { pathname: '/pricing', country: 'DE', browser: 'Firefox', device_type: 'mobile' };
const vitals = (lcp: number | null, cls: number | null, inp: number | null, fcp: number | null, ttfb: number | null) =>
  ({ type: 'performance', lcp, cls, inp, fcp, ttfb });

const VITALS = ['lcp', 'cls', 'inp', 'fcp', 'ttfb'] as const;
const SUFFIXES = ['p50', 'p75', 'p90', 'p99'] as const;
/** Every quantile of every vital from [p50, p75, p90, p99] per vital; a vital left out is null throughout. */
const quantiles = (figures: Partial<Record<(typeof VITALS)[number], readonly [number, number, number, number]>>) =>
  Object.fromEntries(VITALS.flatMap((vital) => SUFFIXES.map((suffix, index) => [`${vital}_${suffix}`, figures[vital]?.[index] ?? null])));
const means = (figures: Partial<Record<(typeof VITALS)[number], number>>) =>
  Object.fromEntries(VITALS.map((vital) => [`${vital}_avg`, figures[vital] ?? null]));

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

  it('gives every quantile of every vital and the event count per bucket, empty buckets null with zero events', async () => {
    const res = await get(`/time-series?${RANGE}&bucket=day`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      data: [
        {
          time: '2026-03-10 00:00:00',
          ...quantiles({ lcp: [250, 325, 370, 397], cls: [0.025, 0.0475, 0.079, 0.0979], inp: [60, 70, 76, 79.6], fcp: [65, 72.5, 77, 79.7], ttfb: [25, 32.5, 37, 39.7] }),
          event_count: 4,
        },
        { time: '2026-03-11 00:00:00', ...quantiles({}), event_count: 0 },
        { time: '2026-03-12 00:00:00', ...quantiles({ lcp: [1000, 1000, 1000, 1000] }), event_count: 1 },
      ],
    });
  });

  const US = {
    country: 'US', event_count: 3,
    ...means({ lcp: 433.33, cls: 0.015, inp: 40, fcp: 55, ttfb: 15 }),
    ...quantiles({ lcp: [200, 600, 840, 984], cls: [0.015, 0.0175, 0.019, 0.0199], inp: [40, 40, 40, 40], fcp: [55, 57.5, 59, 59.9], ttfb: [15, 17.5, 19, 19.9] }),
  };
  const DE = {
    country: 'DE', event_count: 2,
    ...means({ lcp: 350, cls: 0.065, inp: 80, fcp: 75, ttfb: 35 }),
    ...quantiles({ lcp: [350, 375, 390, 399], cls: [0.065, 0.0825, 0.093, 0.0993], inp: [80, 80, 80, 80], fcp: [75, 77.5, 79, 79.9], ttfb: [35, 37.5, 39, 39.9] }),
  };

  it('gives the mean and every quantile per value of a dimension, keyed by its name, with the value count', async () => {
    const res = await get(`/by-dimension?${RANGE}&dimension=country`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { data: [US, DE], totalCount: 2 } });
  });

  it.each([
    ['dimension=country&limit=1&page=2', [['DE', 2]], 2],
    ['dimension=country&limit=1&page=3', [], 2],
    ['dimension=country&sort_by=event_count&sort_order=asc', [['DE', 2], ['US', 3]], 2],
    ['dimension=country&sort_by=lcp_p75&sort_order=asc', [['DE', 2], ['US', 3]], 2],
    ['dimension=country&sort_by=inp_p50', [['DE', 2], ['US', 3]], 2],
    ['dimension=country&sort_by=country&sort_order=asc', [['DE', 2], ['US', 3]], 2],
    ['dimension=browser', [['Chrome', 2], ['Firefox', 2], ['Safari', 1]], 3],
    // Safari has no CLS sample: rows without one come last either way.
    ['dimension=browser&sort_by=cls_p99&sort_order=asc', [['Chrome', 2], ['Firefox', 2], ['Safari', 1]], 3],
    ['dimension=browser&sort_by=cls_p99&sort_order=desc', [['Firefox', 2], ['Chrome', 2], ['Safari', 1]], 3],
    ['dimension=device_type&limit=1', [['mobile', 3]], 2],
  ])('sorts and pages by-dimension rows (%s)', async (qs, rows, totalCount) => {
    const body = (await get(`/by-dimension?${RANGE}&${qs}`)).json();
    const dimension = new URLSearchParams(qs).get('dimension') ?? '';
    expect([body.data.data.map((row: Record<string, unknown>) => [row[dimension], row.event_count]), body.data.totalCount]).toEqual([rows, totalCount]);
  });

  it('leaves out the empty value of a dimension', async () => {
    const body = (await get(`/by-dimension?${RANGE}&dimension=region`)).json();
    expect(body).toEqual({ data: { data: [], totalCount: 0 } });
  });

  it.each([
    ['/by-dimension?dimension=city', "'dimension'"],
    ['/by-dimension', "'dimension'"],
    ['/by-dimension?dimension=country&limit=0', "'limit'"],
    ['/by-dimension?dimension=country&sort_by=name', "'sort_by'"],
    ['/by-dimension?dimension=country&sort_order=up', "'sort_order'"],
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
