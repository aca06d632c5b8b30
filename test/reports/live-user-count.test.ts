// /live-user-count with a frozen clock: the window's edges, the minutes bounds, filters and the common range.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createOrganization, createSite, signUp } from '../helpers/auth-client.js';
import { seedEvents } from '../helpers/seed-events.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

describe('live user count', () => {
  let t: TestApp;
  let owner: { cookie: string };
  let siteId: number;

  beforeAll(async () => {
    t = await createTestApp({ clock: () => Date.parse('2026-03-20T12:00:00Z') });
    owner = await signUp(t.app, 'live@example.com');
    const org = await createOrganization(t.app, owner.cookie, 'live-org');
    siteId = (await createSite(t.app, owner, org, { domain: 'live.example.com' })).siteId;
    await seedEvents(t, siteId, [
      { at: '2026-03-20T11:58:00Z', session_id: 10, browser: 'Chrome', pathname: '/a' },
      { at: '2026-03-20T12:00:00Z', session_id: 10, browser: 'Chrome', pathname: '/b' },
      { at: '2026-03-20T11:55:00Z', session_id: 11, browser: 'Firefox', pathname: '/a' },
      { at: '2026-03-20T11:54:59.999Z', session_id: 12, browser: 'Chrome' },
      { at: '2026-03-20T12:00:00.001Z', session_id: 13, browser: 'Chrome' },
      { at: '2026-03-19T13:00:00Z', session_id: 14, browser: 'Chrome' },
    ]);
  });
  afterAll(async () => t.close());

  const get = (qs: string) => call(t.app, owner, { method: 'GET', url: `/api/sites/${siteId}/live-user-count${qs}` });

  it.each([
    ['', 2],
    ['?minutes=5', 2],
    ['?minutes=1', 1],
    ['?minutes=10', 3],
    ['?minutes=1440', 4],
    ['?minutes=5&filters=' + encodeURIComponent('[{"parameter":"browser","type":"equals","value":["Firefox"]}]'), 1],
    ['?minutes=1440&start_date=2026-03-19&end_date=2026-03-19', 1],
    // A range that ends before the window starts, and one that starts after now.
    ['?minutes=1440&start_date=2026-03-18&end_date=2026-03-18', 0],
    ['?minutes=1440&start_date=2026-03-21&end_date=2026-03-21', 0],
    // A session-level filter judges sessions over the query's range, the count over the window inside it.
    ['?minutes=1440&filters=' + encodeURIComponent('[{"parameter":"entry_page","type":"equals","value":["/a"]}]'), 2],
    ['?minutes=3&filters=' + encodeURIComponent('[{"parameter":"entry_page","type":"equals","value":["/a"]}]'), 1],
  ])('counts the sessions active in the window for %s', async (qs, count) => {
    const res = await get(qs);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ count });
  });

  it.each(['?minutes=0', '?minutes=1441', '?minutes=abc', '?minutes=2.5'])('answers 400 naming minutes for %s', async (qs) => {
    const res = await get(qs);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe("Invalid query parameter 'minutes': expected an integer from 1 to 1440");
  });
});
