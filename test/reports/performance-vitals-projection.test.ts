// /performance/by-dimension by path over a store with the `vitals_by_path` projection of the performance samples
// (analytics migration 0037): the projection is built with every insert and answers as the table does when the
// engine is made to read it; erasing a visitor drops it from the parts the erase touched, so no read, the engine's
// own choice included, counts their samples. (On a store this small the engine reads the table itself; on the
// 10 M-event set it reads the projection, see decision 0065.)
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createOrganization, createSite, signUp } from '../helpers/auth-client.js';
import { rows } from '../helpers/analytics-rows.js';
import { seedEvents } from '../helpers/seed-events.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

const RANGE = 'start_date=2026-03-01&end_date=2026-03-15';
const sample = (user: string, session: number, at: string, pathname: string, lcp: number | null, cls: number) =>
  ({ type: 'performance', user_id: user, session_id: session, at, pathname, lcp, cls, inp: null, fcp: 100, ttfb: 20 });

/** Per path: samples, LCP p50 and p75, CLS mean, read as the engine chooses (`settings`: made to read the projection). */
const perPath = (settings: string) => `
  SELECT pathname, toString(count()) AS samples, quantilesExactInclusive(0.5, 0.75)(lcp) AS lcp_q, round(avg(cls), 4) AS cls_avg
  FROM performance_events WHERE site_id = {siteId:UInt32}
  GROUP BY pathname ORDER BY pathname
  SETTINGS optimize_use_projections = 1${settings}`;
const FROM_PROJECTION = perPath(", force_optimize_projection = 1, force_optimize_projection_name = 'vitals_by_path'");

describe('vitals per path from the performance samples projection', () => {
  let t: TestApp;
  let owner: { cookie: string };
  let site: number;

  const byPath = async () => {
    const res = await call(t.app, owner, { method: 'GET', url: `/api/sites/${site}/performance/by-dimension?${RANGE}&dimension=pathname` });
    expect(res.statusCode).toBe(200);
    return (res.json() as { data: { data: Array<Record<string, unknown>> } }).data.data.map((row) => [row.pathname, row.event_count, row.lcp_p50, row.lcp_p75, row.cls_avg]);
  };

  beforeAll(async () => {
    t = await createTestApp({ clock: () => Date.parse('2026-03-20T12:00:00Z') });
    owner = await signUp(t.app, 'vitals-projection@example.com');
    const org = await createOrganization(t.app, owner.cookie, 'vitals-projection-org');
    site = (await createSite(t.app, owner, org, { domain: 'vitals.example.com' })).siteId;
    await seedEvents(t, site, [
      sample('ann', 1, '2026-03-05T10:00:00Z', '/', 100, 0.1),
      sample('ann', 1, '2026-03-05T10:01:00Z', '/pricing', 400, 0.2),
      sample('ben', 2, '2026-03-06T10:00:00Z', '/', 200, 0),
      sample('ben', 2, '2026-03-06T10:01:00Z', '/', null, 0.05),
      sample('cid', 3, '2026-03-07T10:00:00Z', '/', 500, 0.3),
      sample('cid', 3, '2026-03-07T10:01:00Z', '/pricing', 800, 0.1),
    ]);
    const [built] = await rows<{ n: string }>(t, "SELECT count() AS n FROM system.projection_parts WHERE table = 'performance_events' AND name = 'vitals_by_path' AND active");
    expect(Number(built?.n)).toBeGreaterThan(0);
  }, 60_000);

  afterAll(async () => {
    await t.close();
  });

  it('answers each path exactly, and the projection holds the same samples', async () => {
    // '/': LCP 100, 200, 500 (one sample without LCP): p50 200, p75 350; CLS mean of 0.1, 0, 0.05, 0.3.
    expect(await byPath()).toEqual([
      ['/', 4, 200, 350, 0.1125],
      ['/pricing', 2, 600, 700, 0.15],
    ]);
    expect(await rows(t, FROM_PROJECTION, { siteId: site })).toEqual([
      { pathname: '/', samples: '4', lcp_q: [200, 350], cls_avg: 0.1125 },
      { pathname: '/pricing', samples: '2', lcp_q: [600, 700], cls_avg: 0.15 },
    ]);
  });

  it('forgets an erased visitor in the report and in any read of the samples', async () => {
    const erased = await call(t.app, owner, { method: 'DELETE', url: `/api/sites/${site}/visitors/cid` });
    expect(erased.statusCode).toBe(200);
    expect(await byPath()).toEqual([
      ['/', 3, 150, 175, 0.05],
      ['/pricing', 1, 400, 400, 0.2],
    ]);
    expect(await rows(t, perPath(''), { siteId: site })).toEqual([
      { pathname: '/', samples: '3', lcp_q: [150, 175], cls_avg: 0.05 },
      { pathname: '/pricing', samples: '1', lcp_q: [400, 400], cls_avg: 0.2 },
    ]);
  });
});
