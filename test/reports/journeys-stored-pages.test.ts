// /journeys from the pages the sessions rows keep (analytics migration 0035) and from the pairs they fall back on:
// sessions written in one insert, in several (their pageviews interleaved in time), pages holding a newline, the
// tenth page, and a shared session rebuilt after one of its visitors is erased. Each answer is also read from the
// events (a filter on a column the sessions rows lack), which must give the same.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createOrganization, createSite, signUp } from '../helpers/auth-client.js';
import { seedEvents, type SeedRow } from '../helpers/seed-events.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

const START = Date.parse('2026-03-10T10:00:00Z');

/** A pageview of `session` by `user_id` at `minute` minutes after 10:00 on 10 March, carrying the session's start. */
function view(session: number, minute: number, pathname: string, user_id = 'visitor1'): SeedRow {
  return {
    at: new Date(START + minute * 60_000).toISOString(),
    session_id: session,
    session_start: new Date(START + session * 3_600_000).toISOString().slice(0, 23).replace('T', ' '),
    user_id,
    pathname,
  };
}

/** Pageviews one minute apart from `session` hours after 10:00 (its start), in order. */
function visit(session: number, paths: readonly string[]): SeedRow[] {
  return paths.map((pathname, index) => view(session, session * 60 + index, pathname));
}

const EVERYTHING = `&filters=${encodeURIComponent(JSON.stringify([{ parameter: 'hostname', type: 'not_equals', value: ['none.invalid'] }]))}`;

describe('journeys from the stored pages', () => {
  let t: TestApp;
  let owner: { cookie: string };
  let siteId: number;

  beforeAll(async () => {
    t = await createTestApp({ clock: () => Date.parse('2026-03-20T12:00:00Z') });
    owner = await signUp(t.app, 'journey-pages@example.com');
    const org = await createOrganization(t.app, owner.cookie, 'journey-pages-org');
    siteId = (await createSite(t.app, owner, org, { domain: 'journey-pages.example.com' })).siteId;
    const twelve = Array.from({ length: 12 }, (_, index) => `/p${index + 1}`);
    await seedEvents(t, siteId, [
      ...visit(0, ['/a\n/b', '/c']),
      ...visit(1, ['/a', '/b\n/c']),
      ...visit(2, ['/a', '/b', '/c']),
      ...visit(3, twelve),
    ]);
    // Session 4 in two inserts whose pageviews interleave: /x at 16:00 and 16:02, /y at 16:01, so /x, /y, /x.
    await seedEvents(t, siteId, [view(4, 240, '/x'), view(4, 242, '/x')]);
    await seedEvents(t, siteId, [view(4, 241, '/y')]);
    // Session 5 shared by two visitors: erasing one rebuilds the row from the other's pageviews.
    await seedEvents(t, siteId, [view(5, 300, '/gone', 'erased'), view(5, 301, '/kept1'), view(5, 302, '/kept2')]);
  });
  afterAll(async () => t.close());

  const journeys = async (qs: string) => {
    const answer = async (extra: string) => {
      const res = await call(t.app, owner, { method: 'GET', url: `/api/sites/${siteId}/journeys?start_date=2026-03-10&end_date=2026-03-10&limit=100&${qs}${extra}` });
      expect(res.statusCode).toBe(200);
      return (res.json().journeys as Array<{ path: string[]; count: number }>).map((journey) => [journey.path, journey.count]);
    };
    const stored = await answer('');
    expect(await answer(EVERYTHING)).toEqual(stored);
    return stored;
  };

  it('tells apart journeys whose pages join into the same text', async () => {
    expect(await journeys('steps=2')).toEqual([
      [['/a', '/b'], 1],
      [['/a', '/b\n/c'], 1],
      [['/a\n/b', '/c'], 1],
      [['/gone', '/kept1'], 1],
      [['/p1', '/p2'], 1],
      [['/x', '/y'], 1],
    ]);
  });

  it('keeps step filters on pages holding a newline', async () => {
    const stepFilters = encodeURIComponent(JSON.stringify({ 1: '/b\n/c' }));
    expect(await journeys(`steps=2&stepFilters=${stepFilters}`)).toEqual([[['/a', '/b\n/c'], 1]]);
  });

  it('orders the pageviews of a session written in several inserts by their times', async () => {
    expect(await journeys('steps=3')).toEqual([
      [['/a', '/b', '/c'], 1],
      [['/gone', '/kept1', '/kept2'], 1],
      [['/p1', '/p2', '/p3'], 1],
      [['/x', '/y', '/x'], 1],
    ]);
  });

  it('cuts at the tenth page', async () => {
    expect(await journeys('steps=10')).toEqual([[['/p1', '/p2', '/p3', '/p4', '/p5', '/p6', '/p7', '/p8', '/p9', '/p10'], 1]]);
  });

  it('rebuilds a shared session\'s pages when one of its visitors is erased', async () => {
    const res = await call(t.app, owner, { method: 'DELETE', url: `/api/sites/${siteId}/visitors/erased` });
    expect(res.statusCode).toBe(200);
    expect(await journeys('steps=2&stepFilters=' + encodeURIComponent(JSON.stringify({ 0: '/kept1' })))).toEqual([[['/kept1', '/kept2'], 1]]);
  });
});
