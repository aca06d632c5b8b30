// The Rybbit web app's chart and map routes: /events/time-series, /goals/time-series?goal_ids=, /users/session-count, /sessions/locations.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createOrganization, createSite, signUp } from '../helpers/auth-client.js';
import { seedEvents, type SeedRow } from '../helpers/seed-events.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

const berlin = { country: 'DE', city: 'Berlin', lat: 52.52, lon: 13.4 };
const s1 = { session_id: 1, user_id: 'v1', identified_user_id: 'alice', ...berlin };
const s2 = { session_id: 2, user_id: 'v2', country: 'US', city: 'New York', lat: 40.71, lon: -74 };
const s3 = { session_id: 3, user_id: 'v1', identified_user_id: 'alice', ...berlin };
const s4 = { session_id: 4, user_id: 'v3' };

const EVENTS: SeedRow[] = [
  { ...s1, at: '2026-03-10T10:00:00Z', pathname: '/' },
  { ...s1, at: '2026-03-10T10:05:00Z', pathname: '/', type: 'custom_event', event_name: 'signup' },
  { ...s1, at: '2026-03-10T10:10:00Z', pathname: '/', type: 'custom_event', event_name: 'signup' },
  { ...s2, at: '2026-03-10T11:30:00Z', pathname: '/pricing' },
  { ...s2, at: '2026-03-10T11:31:00Z', pathname: '/pricing', type: 'custom_event', event_name: 'download' },
  { ...s3, at: '2026-03-11T09:00:00Z', pathname: '/thanks' },
  { ...s3, at: '2026-03-11T09:01:00Z', pathname: '/thanks', type: 'custom_event', event_name: 'signup' },
  // 00:30 on the 12th in Berlin.
  { ...s4, at: '2026-03-11T23:30:00Z', pathname: '/' },
];

const RANGE = 'start_date=2026-03-10&end_date=2026-03-11';
const DAY10 = '2026-03-10 00:00:00';
const DAY11 = '2026-03-11 00:00:00';

describe('Rybbit chart and map routes', () => {
  let t: TestApp;
  let owner: { cookie: string };
  let siteId: number;
  let thanks: number;
  let signup: number;

  beforeAll(async () => {
    t = await createTestApp({ clock: () => Date.parse('2026-03-20T12:00:00Z') });
    owner = await signUp(t.app, 'rybbit-routes@example.com');
    const org = await createOrganization(t.app, owner.cookie, 'rybbit-routes-org');
    siteId = (await createSite(t.app, owner, org, { domain: 'rybbit-routes.example.com' })).siteId;
    await seedEvents(t, siteId, EVENTS);
    const goal = async (body: Record<string, unknown>) =>
      ((await call(t.app, owner, { method: 'POST', url: `/api/sites/${siteId}/goals`, payload: body })).json() as { goalId: number }).goalId;
    thanks = await goal({ goalType: 'path', config: { pathPattern: '/thanks' } });
    signup = await goal({ goalType: 'event', config: { eventName: 'signup' } });
  });
  afterAll(async () => t.close());

  const get = (url: string) => call(t.app, owner, { method: 'GET', url: `/api/sites/${siteId}${url}` });
  const data = async (url: string) => {
    const res = await get(url);
    expect(res.statusCode).toBe(200);
    return res.json().data as unknown;
  };

  it('counts the most frequent custom events per bucket, zero-filled, by time then rank', async () => {
    expect(await data(`/events/time-series?${RANGE}&bucket=day`)).toEqual([
      { time: DAY10, event_name: 'signup', event_count: 2 },
      { time: DAY10, event_name: 'download', event_count: 1 },
      { time: DAY11, event_name: 'signup', event_count: 1 },
      { time: DAY11, event_name: 'download', event_count: 0 },
    ]);
    expect(await data(`/events/time-series?${RANGE}&bucket=day&limit=1`)).toEqual([
      { time: DAY10, event_name: 'signup', event_count: 2 },
      { time: DAY11, event_name: 'signup', event_count: 1 },
    ]);
    const hours = (await data(`/events/time-series?${RANGE}&limit=1`)) as Array<{ time: string; event_count: number }>;
    expect(hours).toHaveLength(48);
    expect(hours.filter((point) => point.event_count > 0)).toEqual([
      { time: '2026-03-10 10:00:00', event_name: 'signup', event_count: 2 },
      { time: '2026-03-11 09:00:00', event_name: 'signup', event_count: 1 },
    ]);
    expect(await data('/events/time-series?start_date=2026-03-01&end_date=2026-03-02')).toEqual([]);
  });

  it("reports the chosen goals' conversions per bucket, in goal_ids order", async () => {
    const expected = [
      { time: DAY10, goal_id: signup, conversions: 1, total_sessions: 2, conversion_rate: 0.5 },
      { time: DAY10, goal_id: thanks, conversions: 0, total_sessions: 2, conversion_rate: 0 },
      { time: DAY11, goal_id: signup, conversions: 1, total_sessions: 2, conversion_rate: 0.5 },
      { time: DAY11, goal_id: thanks, conversions: 1, total_sessions: 2, conversion_rate: 0.5 },
    ];
    expect(await data(`/goals/time-series?${RANGE}&bucket=day&goal_ids=${encodeURIComponent(JSON.stringify([signup, thanks]))}`)).toEqual(expected);
    expect(await data(`/goals/time-series?${RANGE}&bucket=day&goal_ids=${signup},${thanks},99999`)).toEqual(expected);
    expect(await data(`/goals/time-series?${RANGE}&goal_ids=${encodeURIComponent(`[${thanks}]`)}`)).toEqual(expected.filter((point) => point.goal_id === thanks));
    expect(await data(`/goals/time-series?${RANGE}&goal_ids=%5B%5D`)).toEqual([]);
  });

  it("counts one user's sessions per local day, matched by identified id or visitor id", async () => {
    expect(await get('/users/session-count?user_id=alice')).toMatchObject({ statusCode: 200 });
    expect(await data('/users/session-count?user_id=alice')).toEqual([
      { date: '2026-03-10', sessions: 1 },
      { date: '2026-03-11', sessions: 1 },
    ]);
    expect(await data('/users/session-count?user_id=v3')).toEqual([{ date: '2026-03-11', sessions: 1 }]);
    expect(await data('/users/session-count?user_id=v3&time_zone=Europe/Berlin')).toEqual([{ date: '2026-03-12', sessions: 1 }]);
    expect(await data('/users/session-count?user_id=v2&start_date=2026-03-11&end_date=2026-03-11')).toEqual([]);
    expect(await data('/users/session-count?user_id=nobody')).toEqual([]);
  });

  it('counts sessions per place of their first event, most first (not a session called "locations")', async () => {
    expect(await data(`/sessions/locations?${RANGE}`)).toEqual([
      { lat: 52.52, lon: 13.4, city: 'Berlin', country: 'DE', count: 2 },
      { lat: 0, lon: 0, city: '', country: '', count: 1 },
      { lat: 40.71, lon: -74, city: 'New York', country: 'US', count: 1 },
    ]);
    const us = encodeURIComponent(JSON.stringify([{ parameter: 'country', type: 'equals', value: ['US'] }]));
    expect(await data(`/sessions/locations?${RANGE}&filters=${us}`)).toEqual([{ lat: 40.71, lon: -74, city: 'New York', country: 'US', count: 1 }]);
    expect(await data('/sessions/locations?start_date=2026-03-01&end_date=2026-03-02')).toEqual([]);
  });

  it.each([
    ['/events/time-series?limit=11', "Invalid query parameter 'limit'"],
    ['/events/time-series?bucket=fortnight', 'bucket'],
    ['/goals/time-series', "Invalid query parameter 'goal_ids': goal_ids is required"],
    ['/goals/time-series?goal_ids=abc', "Invalid query parameter 'goal_ids'"],
    ['/goals/time-series?goal_ids=%5B1%2Cnull%5D', "Invalid query parameter 'goal_ids'"],
    ['/users/session-count', "Invalid query parameter 'user_id': user_id is required"],
    ['/users/session-count?user_id=', "Invalid query parameter 'user_id'"],
  ])('answers 400 for %s', async (url, message) => {
    const res = await get(url);
    expect(res.statusCode).toBe(400);
    expect((res.json() as { error: string }).error).toContain(message);
  });

  it('needs a credential with access, like the other reports', async () => {
    for (const url of ['/events/time-series', `/goals/time-series?goal_ids=${signup}`, '/users/session-count?user_id=alice', '/sessions/locations']) {
      const res = await call(t.app, undefined, { method: 'GET', url: `/api/sites/${siteId}${url}` });
      expect(res.statusCode).toBe(401);
    }
  });

  it('says the form of each timestamp in the OpenAPI document', async () => {
    const paths = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json().paths as Record<string, { get?: { description?: string } }>;
    expect(paths['/api/sites/{site}/events']?.get?.description).toBe(
      'Timestamps: `timestamp` and `cursor.oldestTimestamp`: `YYYY-MM-DD HH:MM:SS.mmm` in UTC. Timestamp parameters accept both this form and ISO 8601.',
    );
    expect(paths['/api/sites/{site}/sessions']?.get?.description).toContain('`session_start`, `session_end`: `YYYY-MM-DD HH:MM:SS` in UTC');
    expect(paths['/api/sites/{site}/users']?.get?.description).toContain('`first_seen`, `last_seen`: `YYYY-MM-DD HH:MM:SS` in UTC');
    for (const path of ['events/time-series', 'goals/time-series', 'users/session-count', 'sessions/locations']) {
      expect(paths[`/api/sites/{site}/${path}`]?.get).toBeDefined();
    }
  });
});
