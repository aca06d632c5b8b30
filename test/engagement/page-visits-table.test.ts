// The engagement reports read page visits from the `page_visits` table (migration 0021) for sessions wholly
// inside the range and from the events for the others: the figures are the events' at the range's edges, under
// a filter on a visitor attribute, and after erasing a person, a retention sweep and deleting the site, each of
// which leaves the table equal to the remaining events.
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

const engagement = (at: string, session: number, user: string, pathname: string, seconds: number, depth: number, country: string) => ({
  at, session_id: session, user_id: user, type: 'engagement', pathname, engaged_ms: seconds * 1000, scroll_depth: depth, country,
});
const pageview = (at: string, session: number, user: string, pathname: string, country: string) => ({ at, session_id: session, user_id: user, pathname, country });

describe('page visits table', () => {
  let t: TestApp;
  let owner: { cookie: string };
  let site: number;

  const get = async (url: string) => {
    const res = await call(t.app, owner, { method: 'GET', url: `/api/sites/${site}${url}` });
    expect(res.statusCode).toBe(200);
    return (res.json() as { data: unknown }).data;
  };
  /** The table's merged rows: session, path, engaged ms, deepest scroll. */
  const tableRows = async () =>
    (
      await rows<{ row: string }>(
        t,
        `SELECT concat(toString(session_id), ' ', pathname, ' ', toString(engaged_ms), ' ', toString(scroll_depth)) AS row
         FROM page_visits FINAL WHERE site_id = {site:UInt32} ORDER BY session_id, pathname`,
        { site },
      )
    ).map((row) => row.row);
  const pages = async (range: string) =>
    ((await get(`/engagement/pages?${range}`)) as { data: Array<{ value: string; visits: number; time_on_page_seconds: number; scroll_depth: number }> }).data.map(
      (row) => `${row.value} ${row.visits} ${row.time_on_page_seconds} ${row.scroll_depth}`,
    );

  beforeAll(async () => {
    t = await createTestApp({ clock: () => NOW });
    owner = await signUp(t.app, 'visits-owner@example.com');
    const org = await createOrganization(t.app, owner.cookie, 'visits-org');
    site = (await createSite(t.app, owner, org, { domain: 'visits.example.com' })).siteId;
    await seedEvents(t, site, [
      // s1 ended long ago (before the retention cutoff).
      pageview('2026-02-20T10:00:00Z', 1, 'old', '/gone', 'US'),
      engagement('2026-02-20T10:01:00Z', 1, 'old', '/gone', 5, 40, 'US'),
      // s2 runs across the retention cutoff: /a 4 s before it, 6 s after; /b after it.
      pageview('2026-03-01T23:50:00Z', 2, 'eve', '/a', 'DE'),
      engagement('2026-03-01T23:55:00Z', 2, 'eve', '/a', 4, 30, 'DE'),
      engagement('2026-03-02T00:05:00Z', 2, 'eve', '/a', 6, 80, 'DE'),
      pageview('2026-03-02T00:06:00Z', 2, 'eve', '/b', 'DE'),
      engagement('2026-03-02T00:08:00Z', 2, 'eve', '/b', 10, 50, 'DE'),
      // s3 (ann, US) inside the range; its /a visit gets a second increment in another insert below.
      pageview('2026-03-10T10:00:00Z', 3, 'ann', '/a', 'US'),
      engagement('2026-03-10T10:05:00Z', 3, 'ann', '/a', 20, 100, 'US'),
      pageview('2026-03-10T10:06:00Z', 3, 'ann', '/b', 'US'),
      engagement('2026-03-10T10:07:00Z', 3, 'ann', '/b', 8, 25, 'US'),
      // s4 (ben, US) inside the range.
      pageview('2026-03-11T09:00:00Z', 4, 'ben', '/a', 'US'),
      engagement('2026-03-11T09:01:00Z', 4, 'ben', '/a', 12, 60, 'US'),
      // s5 changed network: its pageview is from the US, its engagement from FR.
      pageview('2026-03-11T15:00:00Z', 5, 'cid', '/c', 'US'),
      engagement('2026-03-11T15:02:00Z', 5, 'cid', '/c', 30, 70, 'FR'),
      // s6 crosses the range's end: 3 s inside, 7 s after.
      pageview('2026-03-12T23:58:00Z', 6, 'dee', '/a', 'DE'),
      engagement('2026-03-12T23:59:00Z', 6, 'dee', '/a', 3, 40, 'DE'),
      engagement('2026-03-13T00:01:00Z', 6, 'dee', '/a', 7, 90, 'DE'),
      // s7 crosses the range's start: 5 s before, 15 s inside.
      pageview('2026-03-09T23:59:00Z', 7, 'fay', '/b', 'DE'),
      engagement('2026-03-09T23:59:30Z', 7, 'fay', '/b', 5, 95, 'DE'),
      engagement('2026-03-10T00:01:00Z', 7, 'fay', '/b', 15, 50, 'DE'),
    ]);
    // A later insert of s3 (as the sink's insert of a later segment would be): its own row in the table until the rows merge.
    await seedEvents(t, site, [{ ...engagement('2026-03-10T10:20:00Z', 3, 'ann', '/a', 10, 90, 'US'), session_start: '2026-03-10 10:00:00.000' }]);
  }, 60_000);
  afterAll(async () => t.close());

  it('keeps one merged row per session and path, fed by the inserts', async () => {
    expect(await tableRows()).toEqual([
      '1 /gone 5000 40', '2 /a 10000 80', '2 /b 10000 50', '3 /a 30000 100', '3 /b 8000 25', '4 /a 12000 60', '5 /c 30000 70', '6 /a 10000 90', '7 /b 20000 95',
    ]);
  });

  it('counts the sessions crossing the range\'s edges by their engagement inside it', async () => {
    // s3 /a 30 s 100 %, s3 /b 8 s 25 %, s4 /a 12 s 60 %, s5 /c 30 s 70 %, s6 /a 3 s 40 %, s7 /b 15 s 50 %.
    expect(await get(`/engagement?${RANGE}`)).toEqual({
      visits: 6, time_on_page_seconds: 16.33, scroll_depth: 57.5, scroll_reach: { 25: 100, 50: 66.67, 75: 16.67, 100: 16.67 },
      sessions: 5, engaged_session_duration: 19.6,
    });
    expect(await pages(RANGE)).toEqual(['/a 3 15 66.67', '/b 2 11.5 37.5', '/c 1 30 70']);
    const metric = (await get(`/metric?parameter=pathname&${RANGE}`)) as { data: Array<{ value: string; time_on_page_seconds: number }> };
    expect(metric.data.map((row) => [row.value, row.time_on_page_seconds])).toEqual([['/a', 15], ['/b', 11.5], ['/c', 30]]);
  });

  it('answers a filter on a visitor attribute from the agreeing sessions\' rows and the others\' matching events', async () => {
    // US: s3's two visits and s4's; s5's engagement is from FR (its US pageview counts the session, with 0 s).
    expect(await get(`/engagement?${RANGE}&${US}`)).toEqual({
      visits: 3, time_on_page_seconds: 16.67, scroll_depth: 61.67, scroll_reach: { 25: 100, 50: 66.67, 75: 33.33, 100: 33.33 },
      sessions: 3, engaged_session_duration: 16.67,
    });
    const titles = (await get(`/page-titles?${RANGE}&${US}`)) as { data: Array<{ pathname: string; time_on_page_seconds: number }> };
    expect(titles.data.map((row) => [row.pathname, row.time_on_page_seconds])).toEqual([['/a', 21], ['/b', 8], ['/c', 0]]);
  });

  it('forgets an erased person\'s visits', async () => {
    const erased = await call(t.app, owner, { method: 'DELETE', url: `/api/sites/${site}/visitors/ann` });
    expect(erased.statusCode).toBe(200);
    expect(await tableRows()).toEqual(['1 /gone 5000 40', '2 /a 10000 80', '2 /b 10000 50', '4 /a 12000 60', '5 /c 30000 70', '6 /a 10000 90', '7 /b 20000 95']);
    expect(await get(`/engagement?${RANGE}`)).toEqual({
      visits: 4, time_on_page_seconds: 15, scroll_depth: 55, scroll_reach: { 25: 100, 50: 75, 75: 0, 100: 0 },
      sessions: 4, engaged_session_duration: 15,
    });
    expect(await pages(RANGE)).toEqual(['/a 2 7.5 50', '/b 1 15 50', '/c 1 30 70']);
  });

  it('drops the visits before the retention cutoff and rebuilds the one across it', async () => {
    expect(await pages(EARLY)).toEqual(['/a 1 10 80', '/b 1 10 50', '/gone 1 5 40']);
    const updated = await call(t.app, owner, { method: 'PUT', url: `/api/sites/${site}/config`, payload: { retentionDays: 30 } });
    expect(updated.statusCode).toBe(200);
    await t.services.retention.sweepNow();
    expect(await tableRows()).toEqual(['2 /a 6000 80', '2 /b 10000 50', '4 /a 12000 60', '5 /c 30000 70', '6 /a 10000 90', '7 /b 20000 95']);
    expect(await pages(EARLY)).toEqual(['/a 1 6 80', '/b 1 10 50']);
    expect(await pages(RANGE)).toEqual(['/a 2 7.5 50', '/b 1 15 50', '/c 1 30 70']);
  });

  it('removes the site\'s visits with the site', async () => {
    const deleted = await call(t.app, owner, { method: 'DELETE', url: `/api/sites/${site}` });
    expect(deleted.statusCode).toBeLessThan(300);
    await until(tableRows, (left) => left.length === 0);
  });
});
