// /overview and /overview/time-series on hand-built sessions: bounce rate, duration, filters, buckets, errors.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createOrganization, createSite, signUp } from '../helpers/auth-client.js';
import { seedEvents } from '../helpers/seed-events.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

describe('overview', () => {
  let t: TestApp;
  let owner: { cookie: string };
  let siteId: number;

  beforeAll(async () => {
    t = await createTestApp({ clock: () => Date.parse('2026-03-20T12:00:00Z') });
    owner = await signUp(t.app, 'overview@example.com');
    const org = await createOrganization(t.app, owner.cookie, 'overview-org');
    siteId = (await createSite(t.app, owner, org, { domain: 'ov.example.com' })).siteId;
    await seedEvents(t, siteId, [
      // Session 1: three pageviews over 120 s, from Google.
      { at: '2026-03-10T10:00:00Z', session_id: 1, user_id: 'u1', pathname: '/', channel: 'Organic Search', browser: 'Chrome' },
      { at: '2026-03-10T10:01:00Z', session_id: 1, user_id: 'u1', pathname: '/pricing', channel: 'Organic Search', browser: 'Chrome' },
      { at: '2026-03-10T10:02:00Z', session_id: 1, user_id: 'u1', pathname: '/signup', channel: 'Organic Search', browser: 'Chrome' },
      // Session 2: one pageview plus a custom event 30 s later (a bounce: exactly one pageview).
      { at: '2026-03-10T11:00:00Z', session_id: 2, user_id: 'u2', pathname: '/', channel: 'Direct', browser: 'Firefox' },
      { at: '2026-03-10T11:00:30Z', session_id: 2, user_id: 'u2', type: 'custom_event', event_name: 'signup', pathname: '/', channel: 'Direct', browser: 'Firefox' },
      // Session 3: same visitor as session 1, one pageview, next day.
      { at: '2026-03-11T09:00:00Z', session_id: 3, user_id: 'u1', pathname: '/blog', channel: 'Direct', browser: 'Chrome' },
      // Outside the range used below.
      { at: '2026-02-01T09:00:00Z', session_id: 4, user_id: 'u4', pathname: '/old', channel: 'Direct' },
    ]);
  });
  afterAll(async () => t.close());

  const get = (url: string) => call(t.app, owner, { method: 'GET', url: `/api/sites/${siteId}${url}` });

  it('computes sessions, pageviews, users, bounce rate and duration', async () => {
    const res = await get('/overview?start_date=2026-03-01&end_date=2026-03-15');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      data: { sessions: 3, pageviews: 5, users: 2, pages_per_session: 1.67, bounce_rate: 66.67, session_duration: 50 },
    });
  });

  it('narrows by a channel filter (a session-level filter)', async () => {
    const filters = encodeURIComponent(JSON.stringify([{ parameter: 'channel', type: 'equals', value: ['Organic Search'] }]));
    const res = await get(`/overview?start_date=2026-03-01&end_date=2026-03-15&filters=${filters}`);
    expect(res.json().data).toEqual({ sessions: 1, pageviews: 3, users: 1, pages_per_session: 3, bounce_rate: 0, session_duration: 120 });
  });

  it('answers zeros, no visitor among them, for a range without sessions', async () => {
    const res = await get('/overview?start_date=2026-01-01&end_date=2026-01-31');
    expect(res.json().data).toEqual({ sessions: 0, pageviews: 0, users: 0, pages_per_session: 0, bounce_rate: 0, session_duration: 0 });
  });

  it('counts the distinct visitors of each bucket: the visitor back on the next day counts in both', async () => {
    const res = await get('/overview/time-series?start_date=2026-03-09&end_date=2026-03-12&bucket=day');
    const data = res.json().data as Array<{ time: string; users: number }>;
    expect(data.map((d) => [d.time, d.users])).toEqual([
      ['2026-03-09 00:00:00', 0],
      ['2026-03-10 00:00:00', 2],
      ['2026-03-11 00:00:00', 1],
      ['2026-03-12 00:00:00', 0],
    ]);
  });

  it('covers all time without a range', async () => {
    expect((await get('/overview')).json().data.sessions).toBe(4);
  });

  it('returns zero-filled day buckets', async () => {
    const res = await get('/overview/time-series?start_date=2026-03-09&end_date=2026-03-12&bucket=day');
    expect(res.statusCode).toBe(200);
    const data = res.json().data as Array<{ time: string; sessions: number; pageviews: number }>;
    expect(data.map((d) => [d.time, d.sessions, d.pageviews])).toEqual([
      ['2026-03-09 00:00:00', 0, 0],
      ['2026-03-10 00:00:00', 2, 4],
      ['2026-03-11 00:00:00', 1, 1],
      ['2026-03-12 00:00:00', 0, 0],
    ]);
  });

  it.each([
    ['start_date=2026-13-01&end_date=2026-13-02', 'start_date'],
    ['start_date=2026-03-01', 'end_date'],
    ['time_zone=Mars/Olympus', 'time_zone'],
    ['filters=not-json', 'filters'],
    ['filters=' + encodeURIComponent('[{"parameter":"nope","type":"equals","value":["x"]}]'), 'filters'],
    ['bucket=fortnight', 'bucket'],
    ['segment_id=77', 'segment_id'],
  ])('answers 400 naming the parameter for %s', async (qs, parameter) => {
    const res = await get(`/overview/time-series?${qs}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toContain(parameter);
  });
});
