// /users/{userId} in Rybbit's shape, on one hand-built person with two devices: figures, first and last touch, vitals, places, devices, links.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createOrganization, createSite, signUp } from '../helpers/auth-client.js';
import { seedEvents, type SeedRow } from '../helpers/seed-events.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

const berlin = {
  user_id: 'p1', identified_user_id: 'pat', country: 'DE', region: 'DE-BE', city: 'Berlin', language: 'de-DE',
  device_type: 'Desktop', browser: 'Firefox', browser_version: '124', operating_system: 'Linux', screen_width: 1920, screen_height: 1080,
};
const phone = {
  user_id: 'p2', identified_user_id: 'pat', country: 'US', region: 'US-NY', city: 'New York', language: 'en-US',
  device_type: 'Mobile', browser: 'Safari', browser_version: '17', operating_system: 'iOS', operating_system_version: '17.4',
  screen_width: 390, screen_height: 844,
};
const s1 = { ...berlin, session_id: 1, channel: 'Referral', timezone: 'Europe/Berlin' };
const s2 = { ...phone, session_id: 2, channel: 'Direct', timezone: 'America/New_York' };
const s3 = { ...berlin, session_id: 3, browser_version: '125', channel: 'Organic Search' };

// pat: session 1 (180 s, 2 pageviews, a vitals sample), session 2 (600 s, a custom event, a pageview, a sample),
// session 3 (30 s, 2 pageviews, a newer browser, no time zone). q1: one anonymous pageview.
const EVENTS: SeedRow[] = [
  { ...s1, at: '2026-03-10T10:00:00Z', pathname: '/landing', referrer: 'https://news.example.org/a', utm_source: 'news', utm_medium: 'email', utm_campaign: 'spring' },
  { ...s1, at: '2026-03-10T10:00:05Z', type: 'performance', lcp: 100, cls: 0.1, fcp: 50, ttfb: 10 },
  { ...s1, at: '2026-03-10T10:03:00Z', pathname: '/pricing' },
  { ...s2, at: '2026-03-12T09:00:00Z', type: 'custom_event', event_name: 'open' },
  { ...s2, at: '2026-03-12T09:00:10Z', pathname: '/app' },
  { ...s2, at: '2026-03-12T09:10:00Z', type: 'performance', lcp: 300, cls: 0.3, fcp: 70, ttfb: 30 },
  { ...s3, at: '2026-03-13T08:00:00Z', pathname: '/docs', referrer: 'https://www.google.com/' },
  { ...s3, at: '2026-03-13T08:00:30Z', pathname: '/docs/a' },
  { user_id: 'q1', session_id: 9, at: '2026-03-11T12:00:00Z', pathname: '/', country: 'FR' },
  // r1: a pageview on each of 60 days (2026-01-01 to 2026-03-01), one session a day, at a later minute each day.
  ...Array.from({ length: 60 }, (_, day) => ({
    user_id: 'r1', session_id: 100 + day, pathname: `/day/${day}`, country: 'IT',
    at: new Date(Date.parse('2026-01-01T06:00:00Z') + day * 86_400_000 + day * 60_000).toISOString(),
  })),
];

const IDENTITIES = [
  { identified_user_id: 'pat', user_id: 'p1', at: '2026-03-10T09:59:00Z', traits: '{"plan":"team"}' },
  { identified_user_id: 'pat', user_id: 'p2', at: '2026-03-12T08:59:00Z', traits: '{"plan":"team"}' },
  { identified_user_id: 'pat', user_id: 'p1', at: '2026-03-13T07:00:00Z', traits: '{"plan":"team"}' },
];

const RANGE = 'start_date=2026-03-01&end_date=2026-03-15';
const filter = (parameter: string, value: string) => `filters=${encodeURIComponent(JSON.stringify([{ parameter, type: 'equals', value: [value] }]))}`;

const PAT = {
  sessions: 3, duration: 270, user_id: 'pat', identified_user_id: 'pat',
  country: 'DE', region: 'DE-BE', city: 'Berlin', language: 'de-DE', device_type: 'Desktop', browser: 'Firefox', browser_version: '125',
  operating_system: 'Linux', operating_system_version: '', device_model: '', app_version: '', screen_height: 1080, screen_width: 1920,
  first_seen: '2026-03-10 10:00:00', last_seen: '2026-03-13 08:00:30', pageviews: 5, events: 1,
  first_referrer: 'https://news.example.org/a', first_channel: 'Referral', first_entry_page: '/landing',
  first_utm_source: 'news', first_utm_medium: 'email', first_utm_campaign: 'spring',
  last_referrer: 'https://www.google.com/', last_channel: 'Organic Search', timezone: 'America/New_York',
  traits: { plan: 'team' },
  linked_devices: [
    { anonymous_id: 'p1', created_at: '2026-03-10 09:59:00' },
    { anonymous_id: 'p2', created_at: '2026-03-12 08:59:00' },
  ],
  vitals: { lcp_p75: 250, cls_p75: 0.25, inp_p75: null, fcp_p75: 65, ttfb_p75: 25, performance_events: 2 },
  locations: [
    { country: 'DE', region: 'DE-BE', city: 'Berlin', sessions: 2, last_seen: '2026-03-13 08:00:30' },
    { country: 'US', region: 'US-NY', city: 'New York', sessions: 1, last_seen: '2026-03-12 09:10:00' },
  ],
  devices: [
    {
      device_type: 'Desktop', browser: 'Firefox', browser_version: '125', operating_system: 'Linux', operating_system_version: '',
      screen_width: 1920, screen_height: 1080, sessions: 2, last_seen: '2026-03-13 08:00:30',
    },
    {
      device_type: 'Mobile', browser: 'Safari', browser_version: '17', operating_system: 'iOS', operating_system_version: '17.4',
      screen_width: 390, screen_height: 844, sessions: 1, last_seen: '2026-03-12 09:10:00',
    },
  ],
};

describe('user profile', () => {
  let t: TestApp;
  let owner: { cookie: string };
  let siteId: number;

  beforeAll(async () => {
    t = await createTestApp({ clock: () => Date.parse('2026-03-20T12:00:00Z') });
    owner = await signUp(t.app, 'profile@example.com');
    const org = await createOrganization(t.app, owner.cookie, 'profile-org');
    siteId = (await createSite(t.app, owner, org, { domain: 'profile.example.com' })).siteId;
    await seedEvents(t, siteId, EVENTS);
    await t.services.analytics.insert('user_identities', IDENTITIES.map(({ at, ...row }) => ({
      site_id: siteId, anonymous_id: '', ...row, timestamp: new Date(at).toISOString().slice(0, 23).replace('T', ' '),
    })));
  });
  afterAll(async () => t.close());

  const get = (url: string) => call(t.app, owner, { method: 'GET', url: `/api/sites/${siteId}${url}` });

  it('describes an identified person across devices in Rybbit\'s shape', async () => {
    const res = await get(`/users/pat?${RANGE}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual(PAT);
  });

  it('keeps every figure when a filter matches one of their events, and 404s when none does', async () => {
    expect((await get(`/users/pat?${RANGE}&${filter('country', 'US')}`)).json().data).toEqual(PAT);
    const res = await get(`/users/pat?${RANGE}&${filter('country', 'FR')}`);
    expect([res.statusCode, res.json()]).toEqual([404, { error: 'User not found' }]);
  });

  it('describes one device of an identified person by its visitor id', async () => {
    const data = (await get(`/users/p2?${RANGE}`)).json().data;
    expect([data.sessions, data.user_id, data.identified_user_id, data.pageviews, data.events, data.duration, data.device_type]).toEqual([
      1, 'pat', 'pat', 1, 1, 600, 'Mobile',
    ]);
    expect(data.vitals).toEqual({ lcp_p75: 300, cls_p75: 0.3, inp_p75: null, fcp_p75: 70, ttfb_p75: 30, performance_events: 1 });
  });

  it('describes an anonymous visitor without traits, links or vitals', async () => {
    const data = (await get(`/users/q1?${RANGE}`)).json().data;
    expect(data).toMatchObject({
      sessions: 1, duration: 0, user_id: 'q1', identified_user_id: '', country: 'FR', pageviews: 1, events: 0,
      first_entry_page: '/', traits: null, linked_devices: [], vitals: null,
      locations: [{ country: 'FR', region: '', city: '', sessions: 1, last_seen: '2026-03-11 12:00:00' }],
      devices: [],
    });
  });

  it('narrows the figures to the time range', async () => {
    const data = (await get('/users/pat?start_date=2026-03-12&end_date=2026-03-12')).json().data;
    expect([data.sessions, data.first_entry_page, data.first_channel, data.timezone, data.locations.length]).toEqual([1, '/app', 'Direct', 'America/New_York', 1]);
  });

  it('counts every event of a person seen on more days than the profile reads as separate stretches', async () => {
    const data = (await get('/users/r1?start_date=2026-01-01&end_date=2026-03-15')).json().data;
    expect([data.sessions, data.pageviews, data.first_seen, data.last_seen, data.first_entry_page, data.locations]).toEqual([
      60, 60, '2026-01-01 06:00:00', '2026-03-01 06:59:00', '/day/0', [{ country: 'IT', region: '', city: '', sessions: 60, last_seen: '2026-03-01 06:59:00' }],
    ]);
    const week = (await get('/users/r1?start_date=2026-01-10&end_date=2026-01-16')).json().data;
    expect([week.sessions, week.first_seen, week.last_seen]).toEqual([7, '2026-01-10 06:09:00', '2026-01-16 06:15:00']);
  });

  it('lists the person\'s sessions through /sessions?user_id=', async () => {
    const rows = (await get(`/sessions?${RANGE}&user_id=pat`)).json().data as Array<{ session_id: string }>;
    expect(rows.map((row) => row.session_id)).toEqual(['3', '2', '1']);
  });
});
