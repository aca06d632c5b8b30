// `/metric?parameter=pathname` and `/page-titles` read the `page_views_by_kind` table (migrations 0022, 0029) for sessions wholly
// inside the range and the events for the others: sessions, pageviews and bounce rates are the events' at the
// range's edges, under a filter on a visitor attribute, with two titles of one path in a session, and after
// erasing a person, a retention sweep and deleting the site, each of which leaves the table equal to the events.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createOrganization, createSite, signUp } from '../helpers/auth-client.js';
import { rows } from '../helpers/analytics-rows.js';
import { seedEvents } from '../helpers/seed-events.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { until } from '../helpers/until.js';

// Now is 2026-04-01 00:00 UTC: a retention of 30 days keeps what happened from 2026-03-02 00:00 on.
const NOW = Date.parse('2026-04-01T00:00:00Z');
const RANGE = 'start_date=2026-03-10&end_date=2026-03-12';
const EARLY = 'start_date=2026-02-01&end_date=2026-03-05';
const US = `filters=${encodeURIComponent(JSON.stringify([{ parameter: 'country', type: 'equals', value: ['US'] }]))}`;

const view = (at: string, session: number, user: string, pathname: string, title: string, country: string) => ({
  at, session_id: session, user_id: user, pathname, page_title: title, country,
});

describe('page views table', () => {
  let t: TestApp;
  let owner: { cookie: string };
  let site: number;

  const get = async (url: string) => {
    const res = await call(t.app, owner, { method: 'GET', url: `/api/sites/${site}${url}` });
    expect(res.statusCode).toBe(200);
    return (res.json() as { data: { data: Array<Record<string, unknown>> } }).data.data;
  };
  /** Path, sessions, pageviews and bounce rate per row of /metric by pathname. */
  const paths = async (query: string) =>
    (await get(`/metric?parameter=pathname&${query}`)).map((row) => `${String(row.value)} ${Number(row.count)} ${Number(row.pageviews)} ${Number(row.bounce_rate)}`);
  /** Title, path, sessions, pageviews and bounce rate per row of /page-titles. */
  const titles = async (query: string) =>
    (await get(`/page-titles?${query}`)).map((row) => `${String(row.value)} ${String(row.pathname)} ${Number(row.count)} ${Number(row.pageviews)} ${Number(row.bounce_rate)}`);
  /** The table's merged path and session rows: session, kind, page, views. */
  const tableRows = async () =>
    (
      await rows<{ row: string }>(
        t,
        `SELECT concat(toString(session_id), ' ', toString(kind), if(page = '', '', concat(' ', page)), ' ', toString(views)) AS row
         FROM page_views_by_kind FINAL WHERE site_id = {site:UInt32} AND kind IN ('path', 'session_path') ORDER BY session_id, kind, page`,
        { site },
      )
    ).map((row) => row.row);

  beforeAll(async () => {
    t = await createTestApp({ clock: () => NOW });
    owner = await signUp(t.app, 'page-views-owner@example.com');
    const org = await createOrganization(t.app, owner.cookie, 'page-views-org');
    site = (await createSite(t.app, owner, org, { domain: 'page-views.example.com' })).siteId;
    await seedEvents(t, site, [
      // s1 ended long ago (before the retention cutoff).
      view('2026-02-20T10:00:00Z', 1, 'old', '/gone', 'Gone', 'US'),
      // s2 runs across the retention cutoff: /a before it, /b after it.
      view('2026-03-01T23:50:00Z', 2, 'eve', '/a', 'A', 'DE'),
      view('2026-03-02T00:06:00Z', 2, 'eve', '/b', 'B', 'DE'),
      // s3 (ann, US) inside the range, /a under two titles; a later insert below adds a third /a.
      view('2026-03-10T10:00:00Z', 3, 'ann', '/a', 'A', 'US'),
      view('2026-03-10T10:06:00Z', 3, 'ann', '/b', 'B', 'US'),
      view('2026-03-10T10:10:00Z', 3, 'ann', '/a', 'A v2', 'US'),
      // s4 (ben, US) inside the range, one pageview: a bounce.
      view('2026-03-11T09:00:00Z', 4, 'ben', '/a', 'A', 'US'),
      // s5 changed network: its first pageview is from the US, its second from FR.
      view('2026-03-11T15:00:00Z', 5, 'cid', '/c', 'C', 'US'),
      view('2026-03-11T15:02:00Z', 5, 'cid', '/c', 'C', 'FR'),
      // s6 crosses the range's end: /a inside it, /b after it.
      view('2026-03-12T23:58:00Z', 6, 'dee', '/a', 'A', 'DE'),
      view('2026-03-13T00:01:00Z', 6, 'dee', '/b', 'B', 'DE'),
      // s7 crosses the range's start: one /b before it, one inside it.
      view('2026-03-09T23:59:00Z', 7, 'fay', '/b', 'B', 'DE'),
      view('2026-03-10T00:01:00Z', 7, 'fay', '/b', 'B', 'DE'),
    ]);
    // A later insert of s3 (as a later delivery would be): its own rows in the table until they merge.
    await seedEvents(t, site, [{ ...view('2026-03-10T10:20:00Z', 3, 'ann', '/a', 'A', 'US'), session_start: '2026-03-10 10:00:00.000' }]);
  }, 60_000);
  afterAll(async () => t.close());

  it('keeps one merged row per session and path, and one per session, fed by the inserts', async () => {
    expect(await tableRows()).toEqual([
      '1 path /gone 1', '1 session_path 1',
      '2 path /a 1', '2 path /b 1', '2 session_path 2',
      '3 path /a 3', '3 path /b 1', '3 session_path 4',
      '4 path /a 1', '4 session_path 1',
      '5 path /c 2', '5 session_path 2',
      '6 path /a 1', '6 path /b 1', '6 session_path 2',
      '7 path /b 2', '7 session_path 2',
    ]);
  });

  it('counts the sessions crossing the range\'s edges by their pageviews inside it', async () => {
    // /a: s3 (3 views), s4 (1, a bounce), s6 (1 inside, a bounce inside); /b: s3, s7 (1 inside, a bounce); /c: s5 (2).
    expect(await paths(RANGE)).toEqual(['/a 3 5 66.67', '/b 2 2 50', '/c 1 2 0']);
    expect(await titles(RANGE)).toEqual(['A /a 3 4 66.67', 'B /b 2 2 50', 'C /c 1 2 0', 'A v2 /a 1 1 0']);
  });

  it('answers a filter on a visitor attribute from the agreeing sessions\' rows and the others\' matching events', async () => {
    // US: s3 and s4 from their rows; s5 disagrees, so only its US pageview counts (a bounce under the filter).
    expect(await paths(`${RANGE}&${US}`)).toEqual(['/a 2 4 50', '/b 1 1 0', '/c 1 1 100']);
    expect(await titles(`${RANGE}&${US}`)).toEqual(['A /a 2 3 50', 'A v2 /a 1 1 0', 'B /b 1 1 0', 'C /c 1 1 100']);
  });

  it('counts the sessions converting on a path goal from the same rows and the edge sessions\' events', async () => {
    for (const pathPattern of ['/a', '/b']) {
      const created = await call(t.app, owner, { method: 'POST', url: `/api/sites/${site}/goals`, payload: { name: pathPattern, goalType: 'path', config: { pathPattern } } });
      expect(created.statusCode).toBe(200);
    }
    const goals = async (query: string) => {
      const res = await call(t.app, owner, { method: 'GET', url: `/api/sites/${site}/goals?${query}` });
      expect(res.statusCode).toBe(200);
      return (res.json() as { data: Array<{ name: string; total_conversions: number; total_sessions: number; conversion_rate: number }> }).data
        .map((goal) => `${goal.name} ${goal.total_conversions} ${goal.total_sessions} ${goal.conversion_rate}`)
        .sort();
    };
    // /a: s3, s4, s6 (inside the range); /b: s3, s7 (its pageview inside the range), not s6 (after its end).
    expect(await goals(RANGE)).toEqual(['/a 3 5 0.6', '/b 2 5 0.4']);
    expect(await goals(`${RANGE}&${US}`)).toEqual(['/a 2 3 0.6667', '/b 1 3 0.3333']);
  });

  it('counts a session converting on a path goal once while its rows of that path are not merged', async () => {
    // s8 (gus, US) views /d in two inserts on a day of its own; merges are held, so the table keeps two /d rows.
    await t.services.analytics.command('SYSTEM STOP MERGES page_views_by_kind');
    try {
      await seedEvents(t, site, [view('2026-03-20T12:00:00Z', 8, 'gus', '/d', 'D', 'US')]);
      await seedEvents(t, site, [{ ...view('2026-03-20T12:05:00Z', 8, 'gus', '/d', 'D', 'US'), session_start: '2026-03-20 12:00:00.000' }]);
      const unmerged = await rows<{ n: string }>(t, `SELECT toString(count()) AS n FROM page_views_by_kind WHERE site_id = {site:UInt32} AND session_id = 8 AND kind = 'path'`, { site });
      expect(unmerged).toEqual([{ n: '2' }]);
      const created = await call(t.app, owner, { method: 'POST', url: `/api/sites/${site}/goals`, payload: { name: '/d', goalType: 'path', config: { pathPattern: '/d' } } });
      expect(created.statusCode).toBe(200);
      for (const query of ['start_date=2026-03-20&end_date=2026-03-20', `start_date=2026-03-20&end_date=2026-03-20&${US}`]) {
        const res = await call(t.app, owner, { method: 'GET', url: `/api/sites/${site}/goals?${query}` });
        expect(res.statusCode).toBe(200);
        const goal = (res.json() as { data: Array<{ name: string; total_conversions: number; total_sessions: number }> }).data.find((row) => row.name === '/d');
        expect(goal).toMatchObject({ total_conversions: 1, total_sessions: 1 });
      }
    } finally {
      await t.services.analytics.command('SYSTEM START MERGES page_views_by_kind');
    }
  });

  it('forgets an erased person\'s page views', async () => {
    const erased = await call(t.app, owner, { method: 'DELETE', url: `/api/sites/${site}/visitors/ann` });
    expect(erased.statusCode).toBe(200);
    expect((await tableRows()).filter((row) => row.startsWith('3 '))).toEqual([]);
    expect(await paths(RANGE)).toEqual(['/a 2 2 100', '/b 1 1 100', '/c 1 2 0']);
    expect(await titles(RANGE)).toEqual(['A /a 2 2 100', 'C /c 1 2 0', 'B /b 1 1 100']);
  });

  it('drops the page views before the retention cutoff and rebuilds the session across it', async () => {
    expect(await paths(EARLY)).toEqual(['/a 1 1 0', '/b 1 1 0', '/gone 1 1 100']);
    const updated = await call(t.app, owner, { method: 'PUT', url: `/api/sites/${site}/config`, payload: { retentionDays: 30 } });
    expect(updated.statusCode).toBe(200);
    await t.services.retention.sweepNow();
    expect((await tableRows()).filter((row) => row.startsWith('1 ') || row.startsWith('2 '))).toEqual(['2 path /b 1', '2 session_path 1']);
    expect(await paths(EARLY)).toEqual(['/b 1 1 100']);
    expect(await titles(EARLY)).toEqual(['B /b 1 1 100']);
  });

  it('removes the site\'s page views with the site', async () => {
    const deleted = await call(t.app, owner, { method: 'DELETE', url: `/api/sites/${site}` });
    expect(deleted.statusCode).toBeLessThan(300);
    await until(tableRows, (left) => left.length === 0);
  });
});
