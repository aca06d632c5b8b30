// Funnels over a store with the `events_by_type_and_path` projection of events (migration 0031): the projection
// is built with every insert, and erasing a person leaves the funnel without them. (On a store this small the
// engine reads `events` itself; on the 10 M-event set it reads the projection, see decision 0053.)
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createOrganization, createSite, signUp } from '../helpers/auth-client.js';
import { rows } from '../helpers/analytics-rows.js';
import { seedEvents } from '../helpers/seed-events.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

const RANGE = 'start_date=2026-03-01&end_date=2026-03-15';
const STEPS = [
  { type: 'page', value: '/pricing' },
  { type: 'page', value: '/signup' },
  { type: 'event', value: 'signup' },
];

describe('funnel pageviews from the events projection', () => {
  let t: TestApp;
  let owner: { cookie: string };
  let site: number;

  const reached = async () => {
    const res = await call(t.app, owner, { method: 'POST', url: `/api/sites/${site}/funnels/analyze?${RANGE}`, payload: { steps: STEPS } });
    expect(res.statusCode).toBe(200);
    return (res.json() as { data: Array<{ sessions: number }> }).data.map((step) => step.sessions);
  };

  beforeAll(async () => {
    t = await createTestApp({ clock: () => Date.parse('2026-03-20T12:00:00Z') });
    owner = await signUp(t.app, 'funnel-projection@example.com');
    const org = await createOrganization(t.app, owner.cookie, 'funnel-projection-org');
    site = (await createSite(t.app, owner, org, { domain: 'projection.example.com' })).siteId;
    await seedEvents(t, site, [
      // ann: the whole funnel; ben: pricing and signup pages, no signup event; cid: signup page before pricing.
      { session_id: 1, user_id: 'ann', at: '2026-03-05T10:00:00Z', pathname: '/pricing' },
      { session_id: 1, user_id: 'ann', at: '2026-03-05T10:01:00Z', pathname: '/signup' },
      { session_id: 1, user_id: 'ann', at: '2026-03-05T10:02:00Z', type: 'custom_event', event_name: 'signup' },
      { session_id: 2, user_id: 'ben', at: '2026-03-06T10:00:00Z', pathname: '/pricing' },
      { session_id: 2, user_id: 'ben', at: '2026-03-06T10:01:00Z', pathname: '/about' },
      { session_id: 2, user_id: 'ben', at: '2026-03-06T10:02:00Z', pathname: '/signup' },
      { session_id: 3, user_id: 'cid', at: '2026-03-07T10:00:00Z', pathname: '/signup' },
      { session_id: 3, user_id: 'cid', at: '2026-03-07T10:01:00Z', pathname: '/pricing' },
    ]);
    const [built] = await rows<{ n: string }>(t, "SELECT count() AS n FROM system.projection_parts WHERE table = 'events' AND name = 'events_by_type_and_path' AND active");
    expect(Number(built?.n)).toBeGreaterThan(0);
  }, 60_000);

  afterAll(async () => {
    await t.close();
  });

  it('counts the sessions reaching each step', async () => {
    expect(await reached()).toEqual([3, 2, 1]);
  });

  it('forgets an erased person', async () => {
    const erased = await call(t.app, owner, { method: 'DELETE', url: `/api/sites/${site}/visitors/ann` });
    expect(erased.statusCode).toBe(200);
    expect(await reached()).toEqual([2, 1, 0]);
  });
});
