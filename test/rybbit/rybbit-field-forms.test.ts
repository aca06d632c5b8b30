// The fields and forms Rybbit's web app reads where Loupe answered otherwise before (issue 34): a member's
// `createdAt`, an import's `startedAt`, page-title rows' bounce rate and time on page, event rows' `properties` and
// device/place fields, user rows' referrer and channel, a session's listed events; and the error time series' `time`,
// kept ISO 8601 because the source document says so.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createOrganization, createSite, signUp } from '../helpers/auth-client.js';
import { seedEvents, type SeedRow } from '../helpers/seed-events.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

const device = {
  browser: 'Firefox', browser_version: '128', operating_system: 'Linux', operating_system_version: '6.1', device_type: 'Desktop',
  language: 'de-DE', country: 'DE', region: 'DE-BE', city: 'Berlin', lat: 52.52, lon: 13.4, screen_width: 1920, screen_height: 1080,
};
const EVENTS: SeedRow[] = [
  // Session 1: three pageviews (60 s on Home, 120 s on Pricing), a custom event and a web-vitals sample between them.
  { session_id: 1, user_id: 'v1', ...device, at: '2026-03-10T10:00:00Z', pathname: '/', page_title: 'Home', referrer: 'https://news.example.org/a', channel: 'Referral' },
  { session_id: 1, user_id: 'v1', ...device, at: '2026-03-10T10:00:30Z', pathname: '/', type: 'performance', lcp: 1200 },
  { session_id: 1, user_id: 'v1', ...device, at: '2026-03-10T10:01:00Z', pathname: '/pricing', page_title: 'Pricing', querystring: '?plan=pro', referrer: 'https://news.example.org/a', channel: 'Referral' },
  { session_id: 1, user_id: 'v1', ...device, at: '2026-03-10T10:02:00Z', pathname: '/pricing', type: 'custom_event', event_name: 'signup', props: '{"plan":"pro"}' },
  { session_id: 1, user_id: 'v1', ...device, at: '2026-03-10T10:03:00Z', pathname: '/', page_title: 'Home' },
  // The tracker's engaged time: 25 s on Home over the visit's two views of it, 40 s on Pricing.
  { session_id: 1, user_id: 'v1', ...device, at: '2026-03-10T10:00:59Z', pathname: '/', type: 'engagement', engaged_ms: 20_000, scroll_depth: 50 },
  { session_id: 1, user_id: 'v1', ...device, at: '2026-03-10T10:02:59Z', pathname: '/pricing', type: 'engagement', engaged_ms: 40_000, scroll_depth: 75 },
  { session_id: 1, user_id: 'v1', ...device, at: '2026-03-10T10:03:05Z', pathname: '/', type: 'engagement', engaged_ms: 5_000, scroll_depth: 20 },
  // Session 2: one pageview of Home (a bounce), from a search engine.
  { session_id: 2, user_id: 'v2', country: 'US', at: '2026-03-10T12:00:00Z', pathname: '/', page_title: 'Home', referrer: 'https://www.google.com/', channel: 'Organic Search' },
  { session_id: 2, user_id: 'v2', country: 'US', at: '2026-03-10T12:00:05Z', pathname: '/', type: 'engagement', engaged_ms: 5_000, scroll_depth: 10 },
  // An error at 11:00 UTC (07:00 in New York).
  { session_id: 3, user_id: 'v3', at: '2026-03-10T11:00:00Z', pathname: '/', type: 'error', event_name: 'TypeError', props: '{"message":"boom"}' },
];

const RANGE = 'start_date=2026-03-10&end_date=2026-03-10&time_zone=UTC';

describe("the Rybbit web app's field names and forms", () => {
  let t: TestApp;
  let owner: { cookie: string };
  let org: string;
  let site: number;
  const get = async (url: string) => {
    const res = await call(t.app, owner, { method: 'GET', url });
    expect(res.statusCode).toBe(200);
    return res.json() as Record<string, unknown> & { data: unknown };
  };

  beforeAll(async () => {
    t = await createTestApp({ clock: () => Date.parse('2026-03-11T12:34:56.789Z') });
    owner = await signUp(t.app, 'rybbit-forms@example.com');
    org = await createOrganization(t.app, owner.cookie, 'rybbit-forms');
    site = (await createSite(t.app, owner, org, { domain: 'rybbit-forms.example.com' })).siteId;
    await seedEvents(t, site, EVENTS);
  }, 60_000);
  afterAll(async () => t.close());

  it('keeps /errors/time-series buckets ISO 8601 UTC, as the source document says (decision 0024)', async () => {
    const body = await get(`/api/sites/${site}/errors/time-series?start_date=2026-03-10&end_date=2026-03-10&time_zone=America/New_York&bucket=hour&errorMessage=boom`);
    const rows = body.data as Array<{ time: string; error_count: number }>;
    expect(rows).toHaveLength(24);
    for (const row of rows) expect(row.time).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.000Z$/);
    expect(rows.filter((row) => row.error_count > 0)).toEqual([{ time: '2026-03-10T11:00:00.000Z', error_count: 1 }]);
  });

  it('gives a member\'s createdAt and an import\'s startedAt as `yyyy-MM-dd HH:mm:ss` UTC', async () => {
    const members = (await get(`/api/organizations/${org}/members`)).data as Array<{ createdAt: string }>;
    expect(members[0]?.createdAt).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const created = await call(t.app, owner, { method: 'POST', url: `/api/sites/${site}/imports`, payload: { platform: 'umami' } });
    expect(created.statusCode).toBe(200);
    const imports = (await get(`/api/sites/${site}/imports`)).data as Array<{ startedAt: string; completedAt: string | null }>;
    expect(imports.map((row) => [row.startedAt, row.completedAt])).toEqual([['2026-03-11 12:34:56', null]]);
  });

  it('adds bounce_rate and time_on_page_seconds to /page-titles rows', async () => {
    const body = await get(`/api/sites/${site}/page-titles?${RANGE}&limit=10&page=1`);
    expect(body.data).toEqual({
      data: [
        // Home: sessions 1 and 2, session 2 bounced; views of 60 s, 0 s (session 1's last) and 0 s (session 2's only).
        // Engaged seconds per page visit of the path, as on /metric's path rows: Home (25 + 5) / 2, Pricing 40.
        { value: 'Home', pathname: '/', count: 2, percentage: 66.67, pageviews: 3, bounce_rate: 50, time_on_page_seconds: 15 },
        { value: 'Pricing', pathname: '/pricing', count: 1, percentage: 33.33, pageviews: 1, bounce_rate: 0, time_on_page_seconds: 40 },
      ],
      totalCount: 2,
    });
  });

  it('gives /events rows `properties` as JSON text and the device, place and page fields the event list shows', async () => {
    const body = await get(`/api/sites/${site}/events?${RANGE}&page_size=50`);
    const rows = body.data as Array<Record<string, unknown>>;
    const signup = rows.find((row) => row.event_name === 'signup');
    expect(signup).toMatchObject({
      timestamp: '2026-03-10 10:02:00.000', type: 'custom_event', properties: '{"plan":"pro"}', props: { plan: 'pro' },
      session_id: '1', user_id: 'v1', hostname: expect.any(String), pathname: '/pricing', querystring: '', referrer: '',
      ...device,
    });
    const pricing = rows.find((row) => row.page_title === 'Pricing');
    expect(pricing).toMatchObject({ properties: '{}', querystring: '?plan=pro', referrer: 'https://news.example.org/a' });
    expect(rows.some((row) => row.type === 'performance')).toBe(false);
  });

  it('adds referrer and channel to /users rows', async () => {
    const body = await get(`/api/sites/${site}/users?${RANGE}&page=1&page_size=10&sort_by=first_seen&sort_order=asc`);
    const rows = body.data as Array<{ user_id: string; referrer: string; channel: string }>;
    expect(rows.map((row) => [row.user_id, row.referrer, row.channel])).toEqual([
      ['v1', 'https://news.example.org/a', 'Referral'],
      ['v3', '', expect.any(String)],
      ['v2', 'https://www.google.com/', 'Organic Search'],
    ]);
  });

  it('leaves web-vitals samples (and engagement beacons) out of a session\'s listed events and their count', async () => {
    const body = await get(`/api/sites/${site}/sessions/1?${RANGE}&limit=100&offset=0`);
    const detail = body.data as { events: Array<{ type: string; pathname: string; time_spent: number | null }>; pagination: { total: number; hasMore: boolean } };
    expect(detail.events.map((event) => [event.type, event.pathname, event.time_spent])).toEqual([
      ['pageview', '/', 60], ['pageview', '/pricing', 60], ['custom_event', '/pricing', 60], ['pageview', '/', null],
    ]);
    expect(detail.pagination).toEqual({ total: 4, limit: 100, offset: 0, hasMore: false });
  });
});
