// The users list and retention read people's quarter hours from the `user_quarters` projection of events
// (migration 0020): erasing a person, and the partial quarter at the end of a range reaching now, give the
// same people and cohorts as the events themselves.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createOrganization, createSite, signUp } from '../helpers/auth-client.js';
import { rows } from '../helpers/analytics-rows.js';
import { seedEvents } from '../helpers/seed-events.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

const RANGE = 'start_date=2026-03-01&end_date=2026-03-11&time_zone=UTC';

describe('user quarters projection', () => {
  let t: TestApp;
  let owner: { cookie: string };
  let site: number;

  const users = async () => {
    const res = await call(t.app, owner, { method: 'GET', url: `/api/sites/${site}/users?${RANGE}` });
    expect(res.statusCode).toBe(200);
    const body = res.json() as { data: Array<{ user_id: string; pageviews: number; last_seen: string }>; totalCount: number };
    return { ids: body.data.map((row) => `${row.user_id} ${row.pageviews} ${row.last_seen}`), total: body.totalCount };
  };

  const cohorts = async () => {
    const res = await call(t.app, owner, { method: 'GET', url: `/api/sites/${site}/retention?mode=day&range=10&${RANGE}` });
    expect(res.statusCode).toBe(200);
    return (res.json() as { data: { cohorts: Record<string, { size: number; percentages: Array<number | null> }> } }).data.cohorts;
  };

  beforeAll(async () => {
    // Now is 12:07 on the range's last day: its last quarter hour (12:00-12:15) is partial and read from the events.
    t = await createTestApp({ clock: () => Date.parse('2026-03-11T12:07:00Z') });
    owner = await signUp(t.app, 'quarters-owner@example.com');
    const org = await createOrganization(t.app, owner.cookie, 'quarters-org');
    site = (await createSite(t.app, owner, org, { domain: 'quarters.example.com' })).siteId;
    await seedEvents(t, site, [
      { session_id: 1, user_id: 'ann', at: '2026-03-09T10:00:00Z', pathname: '/a' },
      { session_id: 1, user_id: 'ann', at: '2026-03-09T10:14:59.999Z', pathname: '/b' },
      { session_id: 2, user_id: 'ann', at: '2026-03-11T12:01:00Z', pathname: '/c' },
      { session_id: 3, user_id: 'ben', at: '2026-03-10T23:59:00Z', pathname: '/a' },
      { session_id: 3, user_id: 'ben', at: '2026-03-11T00:02:00Z', pathname: '/b' },
      { session_id: 4, user_id: 'cid', at: '2026-03-10T08:00:00Z', pathname: '/a' },
    ]);
    // The projection holds the quarters stored so far.
    const [built] = await rows<{ n: string }>(t, "SELECT count() AS n FROM system.projection_parts WHERE table = 'events' AND name = 'user_quarters' AND active");
    expect(Number(built?.n)).toBeGreaterThan(0);
  }, 60_000);

  afterAll(async () => {
    await t.close();
  });

  it('lists people with their whole figures, the partial last quarter included', async () => {
    expect(await users()).toEqual({
      ids: ['ann 3 2026-03-11 12:01:00', 'ben 2 2026-03-11 00:02:00', 'cid 1 2026-03-10 08:00:00'],
      total: 3,
    });
  });

  it('builds the daily cohorts from the quarters and the partial last one', async () => {
    expect(await cohorts()).toEqual({
      '2026-03-09': { size: 1, percentages: [100, 0, 100] },
      '2026-03-10': { size: 2, percentages: [100, 50, null] },
    });
  });

  it('forgets an erased person in both reports', async () => {
    const erased = await call(t.app, owner, { method: 'DELETE', url: `/api/sites/${site}/visitors/ben` });
    expect(erased.statusCode).toBe(200);
    expect(await users()).toEqual({ ids: ['ann 3 2026-03-11 12:01:00', 'cid 1 2026-03-10 08:00:00'], total: 2 });
    expect(await cohorts()).toEqual({
      '2026-03-09': { size: 1, percentages: [100, 0, 100] },
      '2026-03-10': { size: 1, percentages: [100, 0, null] },
    });
  });
});
