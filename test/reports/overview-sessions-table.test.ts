// The overview without filters reads the sessions table; sessions crossing the range's edges, and sessions
// whose rows are not merged yet, must give the same figures as the per-event computation.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createOrganization, createSite, signUp } from '../helpers/auth-client.js';
import { seedEvents } from '../helpers/seed-events.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

describe('overview from the sessions table', () => {
  let t: TestApp;
  let owner: { cookie: string };
  let siteId: number;

  beforeAll(async () => {
    t = await createTestApp({ clock: () => Date.parse('2026-03-25T12:00:00Z') });
    owner = await signUp(t.app, 'overview-sessions@example.com');
    const org = await createOrganization(t.app, owner.cookie, 'overview-sessions-org');
    siteId = (await createSite(t.app, owner, org, { domain: 'ovs.example.com' })).siteId;
    const custom = { type: 'custom_event', event_name: 'click' };
    await seedEvents(t, siteId, [
      // A: wholly inside 10:00-12:00.
      { at: '2026-03-10T10:30:00Z', session_id: 'a', user_id: 'u1' },
      { at: '2026-03-10T10:40:00Z', session_id: 'a', user_id: 'u1' },
      // B: began before the range; inside it one pageview and a custom event 15 min later.
      { at: '2026-03-10T09:50:00Z', session_id: 'b', user_id: 'u2' },
      { at: '2026-03-10T10:05:00Z', session_id: 'b', user_id: 'u2' },
      { at: '2026-03-10T10:20:00Z', session_id: 'b', user_id: 'u2', ...custom },
      // C: runs past the range's end; one pageview inside.
      { at: '2026-03-10T11:50:00Z', session_id: 'c', user_id: 'u3' },
      { at: '2026-03-10T12:10:00Z', session_id: 'c', user_id: 'u3' },
      // D: longer than the range on both sides; five pageviews inside, 10:20 to 11:59.
      ...['09:55', '10:20', '10:45', '11:10', '11:35', '11:59', '12:20'].map((hm) => ({ at: `2026-03-10T${hm}:00Z`, session_id: 'd', user_id: 'u1' })),
      // F and G: before and after the range.
      { at: '2026-03-10T08:00:00Z', session_id: 'f', user_id: 'u6' },
      { at: '2026-03-10T13:00:00Z', session_id: 'g', user_id: 'u7' },
      // I: opened at 12:05 by one request while another, stamped 11:58, joined it.
      { at: '2026-03-10T11:58:00Z', session_id: 'i', user_id: 'u5', session_start: '2026-03-10 12:05:00.000' },
      { at: '2026-03-10T12:05:00Z', session_id: 'i', user_id: 'u5', session_start: '2026-03-10 12:05:00.000' },
    ].map((row) => ({ ...row, session_id: sessionNumber(row.session_id) })));
    // E: written in two inserts, so its rows sit in two parts until a merge: the first alone looks
    // wholly inside the range, the pair runs past its end.
    await seedEvents(t, siteId, [{ at: '2026-03-10T11:00:00Z', session_id: sessionNumber('e'), user_id: 'u4' }]);
    await seedEvents(t, siteId, [{ at: '2026-03-10T12:15:00Z', session_id: sessionNumber('e'), user_id: 'u4', session_start: '2026-03-10 11:00:00.000' }]);
    // Z: written by a writer that does not know session starts (the column stays at its zero).
    await t.services.analytics.insert('events', ['2026-03-12 09:00:00.000', '2026-03-12 09:10:00.000'].map((timestamp) => ({
      site_id: siteId, timestamp, session_id: String(sessionNumber('z')), user_id: 'u9', type: 'pageview',
    })));
  });
  afterAll(async () => t.close());

  const get = (url: string) => call(t.app, owner, { method: 'GET', url: `/api/sites/${siteId}${url}` });
  const range = 'start_datetime=2026-03-10T10:00:00Z&end_datetime=2026-03-10T12:00:00Z';
  // Keeps every seeded event (their hostname is empty) but sends the report down the per-event path.
  const everything = `&filters=${encodeURIComponent(JSON.stringify([{ parameter: 'hostname', type: 'not_equals', value: ['none.invalid'] }]))}`;

  it('counts each session by its events inside the range, whichever side of an edge the rest fall', async () => {
    const expected = { sessions: 6, pageviews: 11, users: 5, pages_per_session: 1.83, bounce_rate: 66.67, session_duration: 1240 };
    expect((await get(`/overview?${range}`)).json()).toEqual({ data: expected });
    expect((await get(`/overview?${range}${everything}`)).json()).toEqual({ data: expected });
  });

  it('buckets sessions by their first event inside the range, on both paths', async () => {
    const series = async (extra: string) =>
      ((await get(`/overview/time-series?${range}&bucket=hour${extra}`)).json().data as Array<{ time: string; sessions: number; pageviews: number; users: number }>)
        .map((bucket) => [bucket.time, bucket.sessions, bucket.pageviews, bucket.users]);
    const expected = [
      ['2026-03-10 10:00:00', 3, 8, 2],
      ['2026-03-10 11:00:00', 3, 3, 3],
    ];
    expect(await series('')).toEqual(expected);
    expect(await series(everything)).toEqual(expected);
  });

  it('counts a session whose events carry no start by its events', async () => {
    const expected = { sessions: 1, pageviews: 2, users: 1, pages_per_session: 2, bounce_rate: 0, session_duration: 600 };
    expect((await get('/overview?start_date=2026-03-12&end_date=2026-03-12')).json().data).toEqual(expected);
    expect((await get('/overview?start_date=2026-03-11&end_date=2026-03-13')).json().data).toEqual(expected);
  });

  it('agrees with the per-event path over all time and over whole days', async () => {
    for (const query of ['', 'start_date=2026-03-10&end_date=2026-03-10', 'start_datetime=2026-03-10T10:05:00Z&end_datetime=2026-03-10T12:10:00Z']) {
      const fast = (await get(`/overview?${query}`)).json();
      expect(fast.data.sessions).toBeGreaterThan(0);
      expect((await get(`/overview?${query}${everything}`)).json()).toEqual(fast);
    }
  });

  it('reads the sessions table: a session row with no events counts only without filters', async () => {
    await t.services.analytics.insert('sessions', [
      { site_id: siteId, session_start: '2026-03-20 10:00:00.000', session_id: '99', user_hash: '7', first_at: '2026-03-20 10:00:00.000', last_at: '2026-03-20 10:01:00.000', pageviews: 2 },
    ]);
    const day = 'start_date=2026-03-20&end_date=2026-03-20';
    expect((await get(`/overview?${day}`)).json().data).toMatchObject({ sessions: 1, pageviews: 2, session_duration: 60 });
    expect((await get(`/overview?${day}${everything}`)).json().data).toMatchObject({ sessions: 0, pageviews: 0 });
  });
});

/** Session ids are UInt64: letters name them here for readability. */
function sessionNumber(name: unknown): number {
  return String(name).charCodeAt(0);
}
