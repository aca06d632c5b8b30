// GET /sessions/{sessionId}?minutes=: a live view of one session, only its events of the last N minutes before now.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createOrganization, createSite, signUp } from '../helpers/auth-client.js';
import { seedEvents } from '../helpers/seed-events.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

interface Detail {
  session: { session_start: string; session_end: string; pageviews: number; entry_page: string };
  events: Array<{ timestamp: string; pathname: string }>;
  pagination: { total: number; limit: number; offset: number; hasMore: boolean };
}

describe('one session in its last minutes', () => {
  let t: TestApp;
  let owner: { cookie: string };
  let siteId: number;

  beforeAll(async () => {
    t = await createTestApp({ clock: () => Date.parse('2026-03-20T12:00:00Z') });
    owner = await signUp(t.app, 'session-minutes@example.com');
    const org = await createOrganization(t.app, owner.cookie, 'session-minutes-org');
    siteId = (await createSite(t.app, owner, org, { domain: 'minutes.example.com' })).siteId;
    await seedEvents(t, siteId, [
      { at: '2026-03-20T11:00:00Z', session_id: 7, pathname: '/' },
      { at: '2026-03-20T11:49:59Z', session_id: 7, pathname: '/a' },
      { at: '2026-03-20T11:50:01Z', session_id: 7, pathname: '/b' },
      { at: '2026-03-20T11:55:00Z', session_id: 7, pathname: '/c' },
      { at: '2026-03-20T11:59:30.250Z', session_id: 7, pathname: '/d' },
    ]);
    await seedEvents(t, siteId, [{ at: '2026-03-20T10:00:00Z', session_id: 8, pathname: '/old' }]);
  });
  afterAll(async () => t.close());

  const get = (qs: string, session = 7) => call(t.app, owner, { method: 'GET', url: `/api/sites/${siteId}/sessions/${session}?${qs}` });
  const detail = async (qs: string) => {
    const res = await get(qs);
    expect(res.statusCode).toBe(200);
    return (res.json() as { data: Detail }).data;
  };

  it('lists every event of the session without minutes', async () => {
    const data = await detail('limit=100&offset=0');
    expect(data.events.map((event) => event.pathname)).toEqual(['/', '/a', '/b', '/c', '/d']);
    expect(data.pagination).toEqual({ total: 5, limit: 100, offset: 0, hasMore: false });
  });

  it('keeps only the events of the last minutes, the session fields and total computed over them', async () => {
    const data = await detail('limit=100&offset=0&minutes=10');
    expect(data.events.map((event) => [event.timestamp, event.pathname])).toEqual([
      ['2026-03-20 11:50:01.000', '/b'],
      ['2026-03-20 11:55:00.000', '/c'],
      ['2026-03-20 11:59:30.250', '/d'],
    ]);
    expect(data.session).toMatchObject({ session_start: '2026-03-20 11:50:01', session_end: '2026-03-20 11:59:30', pageviews: 3, entry_page: '/b' });
    expect(data.pagination).toEqual({ total: 3, limit: 100, offset: 0, hasMore: false });
    const page = await detail('limit=1&offset=1&minutes=10');
    expect(page.events.map((event) => event.pathname)).toEqual(['/c']);
    expect(page.pagination).toEqual({ total: 3, limit: 1, offset: 1, hasMore: true });
    expect((await detail('minutes=1')).events.map((event) => event.pathname)).toEqual(['/d']);
  });

  it('answers 404 for a session without events in the last minutes, or a range that ends before them', async () => {
    expect((await get('minutes=30', 8)).statusCode).toBe(404);
    expect((await get('minutes=30&start_date=2026-03-01&end_date=2026-03-19')).statusCode).toBe(404);
  });

  it.each(['minutes=0', 'minutes=1441', 'minutes=abc', 'minutes=-5', 'minutes=2.5'])('answers 400 to %s', async (qs) => {
    const res = await get(qs);
    expect(res.statusCode).toBe(400);
    expect((res.json() as { error: string }).error).toContain('minutes');
  });
});
