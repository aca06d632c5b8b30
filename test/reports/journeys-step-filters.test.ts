// /journeys?stepFilters=: journeys narrowed to chosen pages (or path patterns) at chosen steps; percentages of all sessions counted.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createOrganization, createSite, signUp } from '../helpers/auth-client.js';
import { seedEvents, type SeedRow } from '../helpers/seed-events.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

function visit(sessionId: number, start: string, paths: string[]): SeedRow[] {
  return paths.map((pathname, index) => ({ at: new Date(Date.parse(start) + index * 60_000).toISOString(), session_id: sessionId, pathname }));
}

describe('journeys with step filters', () => {
  let t: TestApp;
  let owner: { cookie: string };
  let siteId: number;

  beforeAll(async () => {
    t = await createTestApp({ clock: () => Date.parse('2026-03-20T12:00:00Z') });
    owner = await signUp(t.app, 'journey-steps@example.com');
    const org = await createOrganization(t.app, owner.cookie, 'journey-steps-org');
    siteId = (await createSite(t.app, owner, org, { domain: 'journey-steps.example.com' })).siteId;
    await seedEvents(t, siteId, [
      ...visit(1, '2026-03-10T10:00:00Z', ['/', '/pricing', '/signup']),
      ...visit(2, '2026-03-10T11:00:00Z', ['/', '/pricing', '/signup']),
      ...visit(3, '2026-03-10T12:00:00Z', ['/', '/blog/one', '/pricing']),
      ...visit(4, '2026-03-10T13:00:00Z', ['/blog/two', '/', '/blog/two/comments']),
      ...visit(5, '2026-03-10T14:00:00Z', ["/it's", '/pricing', '/signup']),
    ]);
  });
  afterAll(async () => t.close());

  const get = (qs: string) => call(t.app, owner, { method: 'GET', url: `/api/sites/${siteId}/journeys?start_date=2026-03-01&end_date=2026-03-15&steps=3&limit=100&${qs}` });
  const steps = (filters: object) => `stepFilters=${encodeURIComponent(JSON.stringify(filters))}`;

  const ALL = [
    [['/', '/pricing', '/signup'], 2, 40],
    [['/', '/blog/one', '/pricing'], 1, 20],
    [['/blog/two', '/', '/blog/two/comments'], 1, 20],
    [["/it's", '/pricing', '/signup'], 1, 20],
  ];

  it.each([
    ['no step filter', '', ALL],
    ['an empty object', steps({}), ALL],
    ['a page at the second step', steps({ 1: '/pricing' }), [[['/', '/pricing', '/signup'], 2, 40], [["/it's", '/pricing', '/signup'], 1, 20]]],
    ['pages at two steps', steps({ 0: '/', 2: '/signup' }), [[['/', '/pricing', '/signup'], 2, 40]]],
    ['a quote in the page', steps({ 0: "/it's" }), [[["/it's", '/pricing', '/signup'], 1, 20]]],
    ['* is one path segment', steps({ 1: '/blog/*' }), [[['/', '/blog/one', '/pricing'], 1, 20]]],
    ['* does not span segments', steps({ 2: '/blog/*' }), []],
    ['** is anything', steps({ 2: '/blog/**' }), [[['/blog/two', '/', '/blog/two/comments'], 1, 20]]],
    ['a pattern is anchored', steps({ 0: '/blog' }), []],
    ['a blank page is no filter', steps({ 1: '', 2: '/pricing' }), [[['/', '/blog/one', '/pricing'], 1, 20]]],
    ['a step past steps', steps({ 3: '/**' }), []],
  ])('%s', async (_label, qs, expected) => {
    const res = await get(qs);
    expect(res.statusCode).toBe(200);
    expect((res.json() as { journeys: Array<{ path: string[]; count: number; percentage: number }> }).journeys.map((j) => [j.path, j.count, j.percentage])).toEqual(expected);
  });

  it.each([
    ['not JSON', 'stepFilters=%7B1'],
    ['an array', steps(['/'])],
    ['a step out of range', steps({ 10: '/' })],
    ['a path that is not text', steps({ 1: 5 })],
  ])('answers 400 to %s', async (_label, qs) => {
    const res = await get(qs);
    expect(res.statusCode).toBe(400);
    expect((res.json() as { error: string }).error).toContain('stepFilters');
  });
});
