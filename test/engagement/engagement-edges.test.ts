// The engagement figures against hand-built page visits at the edges of what they read: a session crossing the
// range's end counts only its engagement inside the range, a session whose events disagree on the country counts
// only its matching events, and a filter on the path keeps that path's events; /engagement, /engagement/pages,
// /metric?parameter=pathname and /page-titles agree on every figure.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, type Credential } from '../helpers/auth-client.js';
import { frozenClock } from '../helpers/frozen-clock.js';
import { seedEvents } from '../helpers/seed-events.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { addSite, createTrackingFixture } from '../helpers/tracking-fixture.js';

const DAY = 'start_date=2026-03-10&end_date=2026-03-10';
const TWO_DAYS = 'start_date=2026-03-10&end_date=2026-03-11';
const filters = (parameter: string, value: string) => `filters=${encodeURIComponent(JSON.stringify([{ parameter, type: 'equals', value: [value] }]))}`;

describe('engagement at the edges of a range and of a filter', () => {
  const clock = frozenClock('2026-03-20T12:00:00.000Z');
  let t: TestApp;
  let owner: Credential;
  let site: number;

  beforeAll(async () => {
    t = await createTestApp({ clock: clock.now });
    const f = await createTrackingFixture(t.app, 'page-visits', 'example.com');
    owner = { cookie: f.owner.cookie };
    site = (await addSite(t.app, f, 'visits.example.com')).siteId;
    await seedEvents(t, site, [
      // S1 (DE) crosses midnight: /a 6 s (50 %) on the 10th and 4 s more (90 %) on the 11th, then /b 10 s (20 %).
      { at: '2026-03-10T23:50:00Z', session_id: 1, pathname: '/a', page_title: 'A', country: 'DE' },
      { at: '2026-03-10T23:55:00Z', session_id: 1, type: 'engagement', pathname: '/a', engaged_ms: 6000, scroll_depth: 50, country: 'DE' },
      { at: '2026-03-11T00:05:00Z', session_id: 1, type: 'engagement', pathname: '/a', engaged_ms: 4000, scroll_depth: 90, country: 'DE' },
      { at: '2026-03-11T00:06:00Z', session_id: 1, pathname: '/b', page_title: 'B', country: 'DE' },
      { at: '2026-03-11T00:08:00Z', session_id: 1, type: 'engagement', pathname: '/b', engaged_ms: 10000, scroll_depth: 20, country: 'DE' },
      // S2 (US): /a 8 s to the end.
      { at: '2026-03-10T12:00:00Z', session_id: 2, pathname: '/a', page_title: 'A', country: 'US' },
      { at: '2026-03-10T12:01:00Z', session_id: 2, type: 'engagement', pathname: '/a', engaged_ms: 8000, scroll_depth: 100, country: 'US' },
      // S3 changed network mid-visit: its pageview of /b is from the US, its engagement there (30 s, 60 %) from DE.
      { at: '2026-03-10T14:00:00Z', session_id: 3, pathname: '/b', page_title: 'B', country: 'US' },
      { at: '2026-03-10T14:01:00Z', session_id: 3, type: 'engagement', pathname: '/b', engaged_ms: 30000, scroll_depth: 60, country: 'DE' },
    ]);
  });
  afterAll(async () => t.close());

  const get = async (url: string) => {
    const res = await call(t.app, owner, { method: 'GET', url: `/api/sites/${site}${url}` });
    expect(res.statusCode).toBe(200);
    return (res.json() as { data: unknown }).data;
  };
  const secondsOf = (data: unknown) =>
    (data as { data: Array<{ value: string; pathname?: string; time_on_page_seconds: number }> }).data.map((row) => [row.pathname ?? row.value, row.time_on_page_seconds]);

  it('counts only the engagement inside the range of a session that crosses its end', async () => {
    // Visits on the 10th: S1 /a 6 s 50 %, S2 /a 8 s 100 %, S3 /b 30 s 60 %.
    expect(await get(`/engagement?${DAY}`)).toEqual({
      visits: 3, time_on_page_seconds: 14.67, scroll_depth: 70, scroll_reach: { 25: 100, 50: 100, 75: 33.33, 100: 33.33 },
      sessions: 3, engaged_session_duration: 14.67,
    });
    expect(await get(`/engagement/pages?${DAY}`)).toEqual({ totalCount: 2, data: [
      { value: '/a', visits: 2, time_on_page_seconds: 7, scroll_depth: 75, scroll_reach: { 25: 100, 50: 100, 75: 50, 100: 50 } },
      { value: '/b', visits: 1, time_on_page_seconds: 30, scroll_depth: 60, scroll_reach: { 25: 100, 50: 100, 75: 0, 100: 0 } },
    ] });
    expect(secondsOf(await get(`/metric?parameter=pathname&${DAY}`))).toEqual([['/a', 7], ['/b', 30]]);
    expect(secondsOf(await get(`/page-titles?${DAY}`))).toEqual([['/a', 7], ['/b', 30]]);
  });

  it('sums a visit reported on both days when the range holds both', async () => {
    // S1 /a 10 s 90 %, S1 /b 10 s 20 %, S2 /a 8 s 100 %, S3 /b 30 s 60 %; sessions' engaged time 20 + 8 + 30 s.
    expect(await get(`/engagement?${TWO_DAYS}`)).toEqual({
      visits: 4, time_on_page_seconds: 14.5, scroll_depth: 67.5, scroll_reach: { 25: 75, 50: 75, 75: 50, 100: 25 },
      sessions: 3, engaged_session_duration: 19.33,
    });
    expect(secondsOf(await get(`/engagement/pages?${TWO_DAYS}`))).toEqual([['/a', 9], ['/b', 20]]);
    expect(secondsOf(await get(`/metric?parameter=pathname&${TWO_DAYS}`))).toEqual([['/a', 9], ['/b', 20]]);
  });

  it('counts only the matching events of a session whose events disagree on a filtered attribute', async () => {
    // US: S2 /a 8 s; S3 matches by its pageview but its engagement is from DE. Sessions: S2 and S3.
    expect(await get(`/engagement?${TWO_DAYS}&${filters('country', 'US')}`)).toEqual({
      visits: 1, time_on_page_seconds: 8, scroll_depth: 100, scroll_reach: { 25: 100, 50: 100, 75: 100, 100: 100 },
      sessions: 2, engaged_session_duration: 4,
    });
    // DE: S1's two visits and S3's engagement (S3's pageview is not DE).
    expect(await get(`/engagement/pages?${TWO_DAYS}&${filters('country', 'DE')}`)).toEqual({ totalCount: 2, data: [
      { value: '/b', visits: 2, time_on_page_seconds: 20, scroll_depth: 40, scroll_reach: { 25: 50, 50: 50, 75: 0, 100: 0 } },
      { value: '/a', visits: 1, time_on_page_seconds: 10, scroll_depth: 90, scroll_reach: { 25: 100, 50: 100, 75: 100, 100: 0 } },
    ] });
    expect(secondsOf(await get(`/metric?parameter=pathname&${TWO_DAYS}&${filters('country', 'US')}`))).toEqual([['/a', 8], ['/b', 0]]);
    expect(secondsOf(await get(`/page-titles?${TWO_DAYS}&${filters('country', 'DE')}`))).toEqual([['/a', 10], ['/b', 20]]);
  });

  it('keeps the path\'s events under a path filter', async () => {
    // Path /a: S1 10 s 90 %, S2 8 s 100 %; the sessions with an /a event are S1 and S2, with 10 s and 8 s there.
    expect(await get(`/engagement?${TWO_DAYS}&${filters('pathname', '/a')}`)).toEqual({
      visits: 2, time_on_page_seconds: 9, scroll_depth: 95, scroll_reach: { 25: 100, 50: 100, 75: 100, 100: 50 },
      sessions: 2, engaged_session_duration: 9,
    });
    expect(await get(`/engagement/pages?${TWO_DAYS}&${filters('pathname', '/a')}`)).toEqual({ totalCount: 1, data: [
      { value: '/a', visits: 2, time_on_page_seconds: 9, scroll_depth: 95, scroll_reach: { 25: 100, 50: 100, 75: 100, 100: 50 } },
    ] });
    expect(secondsOf(await get(`/page-titles?${TWO_DAYS}&${filters('pathname', '/b')}`))).toEqual([['/b', 20]]);
  });
});
