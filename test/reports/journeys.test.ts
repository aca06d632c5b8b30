// /journeys on hand-built sessions: order by time, repeats collapsed, custom events ignored, steps, limits and 400s.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createOrganization, createSite, signUp } from '../helpers/auth-client.js';
import { seedEvents, type SeedRow } from '../helpers/seed-events.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

/** One session's pageviews a minute apart from `start`, in the given order. */
function visit(sessionId: number, start: string, paths: string[]): SeedRow[] {
  return paths.map((pathname, index) => ({ at: new Date(Date.parse(start) + index * 60_000).toISOString(), session_id: sessionId, pathname }));
}

describe('journeys', () => {
  let t: TestApp;
  let owner: { cookie: string };
  let siteId: number;

  beforeAll(async () => {
    t = await createTestApp({ clock: () => Date.parse('2026-03-20T12:00:00Z') });
    owner = await signUp(t.app, 'journeys@example.com');
    const org = await createOrganization(t.app, owner.cookie, 'journeys-org');
    siteId = (await createSite(t.app, owner, org, { domain: 'journeys.example.com' })).siteId;
    const session2 = visit(2, '2026-03-10T11:00:00Z', ['/', '/pricing', '/signup']);
    await seedEvents(t, siteId, [
      ...visit(1, '2026-03-10T10:00:00Z', ['/', '/pricing', '/pricing', '/signup', '/done']),
      ...session2.reverse(), // inserted newest first: order comes from the timestamps
      ...visit(3, '2026-03-10T12:00:00Z', ['/', '/', '/blog', '/pricing']),
      ...visit(4, '2026-03-10T13:00:00Z', ['/blog', '/', '/blog']),
      ...visit(5, '2026-03-10T14:00:00Z', ['/', '/']),
      ...visit(6, '2026-03-10T15:00:00Z', ['/x', '/y']),
      { at: '2026-03-10T15:00:30Z', session_id: 6, type: 'custom_event', event_name: 'click', pathname: '/z' },
      ...visit(7, '2026-02-01T10:00:00Z', ['/', '/pricing', '/signup']),
    ]);
  });
  afterAll(async () => t.close());

  const get = (qs: string) => call(t.app, owner, { method: 'GET', url: `/api/sites/${siteId}/journeys?start_date=2026-03-01&end_date=2026-03-15&${qs}` });

  it('ranks the first three distinct-in-a-row pages of each session (the default)', async () => {
    const res = await get('');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      journeys: [
        { path: ['/', '/pricing', '/signup'], count: 2, percentage: 50 },
        { path: ['/', '/blog', '/pricing'], count: 1, percentage: 25 },
        { path: ['/blog', '/', '/blog'], count: 1, percentage: 25 },
      ],
    });
  });

  it.each([
    ['steps=2', [[['/', '/pricing'], 2, 40], [['/', '/blog'], 1, 20], [['/blog', '/'], 1, 20], [['/x', '/y'], 1, 20]]],
    ['steps=4', [[['/', '/pricing', '/signup', '/done'], 1, 100]]],
    ['steps=5', []],
    ['steps=3&limit=1', [[['/', '/pricing', '/signup'], 2, 50]]],
    ['steps=3&filters=' + encodeURIComponent('[{"parameter":"entry_page","type":"equals","value":["/blog"]}]'), [[['/blog', '/', '/blog'], 1, 100]]],
  ])('answers %s', async (qs, expected) => {
    const res = await get(qs);
    expect(res.statusCode).toBe(200);
    expect((res.json().journeys as Array<{ path: string[]; count: number; percentage: number }>).map((j) => [j.path, j.count, j.percentage])).toEqual(expected);
  });

  it.each([
    ['steps=1', 'steps'],
    ['steps=11', 'steps'],
    ['limit=0', 'limit'],
    ['limit=101', 'limit'],
    ['time_zone=Nowhere/Else', 'time_zone'],
  ])('answers 400 for %s', async (qs, parameter) => {
    const res = await get(qs);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toContain(parameter);
  });
});
