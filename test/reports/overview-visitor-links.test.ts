// The overview's visitors from the links between each visitor's sessions (decision 0085): the same answers as the
// sort of every visitor hash before and after a link run, the sort again while a session is not linked as it now
// stands (a late session, a changed visitor hash, a delete), and every other report unchanged by the link rows.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createOrganization, createSite, signUp } from '../helpers/auth-client.js';
import { seedEvents } from '../helpers/seed-events.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { linkedSessionTotals, takeSitesToRelink } from '../../src/stats/linked-visitors.query.js';
import { linkSiteSessions } from '../../src/stats/visitor-links.js';
import { resolveTimeRange } from '../../src/stats/time-range.js';
import { eraseEvents } from '../../src/user-data/index.js';

describe('overview visitors from session links', () => {
  let t: TestApp;
  let owner: { cookie: string };
  let siteId: number;

  beforeAll(async () => {
    t = await createTestApp({ clock: () => Date.parse('2026-03-20T12:00:00Z') });
    owner = await signUp(t.app, 'links@example.com');
    const org = await createOrganization(t.app, owner.cookie, 'links-org');
    siteId = (await createSite(t.app, owner, org, { domain: 'links.example.com' })).siteId;
    const session = (id: number, user: string, times: string[], extra: Record<string, unknown> = {}) =>
      times.map((at, index) => ({ at, session_id: id, user_id: user, pathname: `/p${index}`, ...extra }));
    await seedEvents(t, siteId, session(1, 'u1', ['2026-02-01T09:00:00Z']));
    await seedEvents(t, siteId, session(2, 'u1', ['2026-03-10T10:00:00Z', '2026-03-10T10:02:00Z']));
    await seedEvents(t, siteId, session(3, 'u1', ['2026-03-11T09:00:00Z']));
    await seedEvents(t, siteId, session(4, 'u2', ['2026-03-10T11:00:00Z']));
    // u3: a session across the range's start (28 February to 1 March), and another inside.
    await seedEvents(t, siteId, session(5, 'u3', ['2026-02-28T23:50:00Z', '2026-03-01T00:10:00Z']));
    await seedEvents(t, siteId, session(6, 'u3', ['2026-03-05T08:00:00Z']));
    // u4: only the session across the range's start.
    await seedEvents(t, siteId, session(7, 'u4', ['2026-02-28T23:55:00Z', '2026-03-01T00:05:00Z']));
    // u5: a session inside, and one across the range's end (15 to 16 March).
    await seedEvents(t, siteId, session(8, 'u5', ['2026-03-12T14:00:00Z']));
    await seedEvents(t, siteId, session(9, 'u5', ['2026-03-15T23:50:00Z', '2026-03-16T00:20:00Z']));
    // u6: two sessions the same day, and u7 after the range.
    await seedEvents(t, siteId, session(10, 'u6', ['2026-03-13T08:00:00Z']));
    await seedEvents(t, siteId, session(11, 'u6', ['2026-03-13T12:00:00Z', '2026-03-13T12:01:00Z']));
    await seedEvents(t, siteId, session(12, 'u7', ['2026-03-18T10:00:00Z']));
  });
  afterAll(async () => t.close());

  const get = async (url: string) => {
    const res = await call(t.app, owner, { method: 'GET', url: `/api/sites/${siteId}${url}` });
    expect(res.statusCode).toBe(200);
    return res.json() as { data: unknown };
  };
  const overview = async (range: string) => (await get(`/overview${range}`)).data;
  /** Whether the links answer the range, and their figures. */
  const linked = (start: string, end: string) =>
    linkedSessionTotals(t.services.analytics, {
      siteId,
      range: resolveTimeRange({ start_date: start, end_date: end, time_zone: 'UTC' }, new Date('2026-03-20T12:00:00Z')),
      filters: [],
    });

  const RANGES = ['?start_date=2026-03-01&end_date=2026-03-15', '?start_date=2026-03-11&end_date=2026-03-13', '?start_date=2026-03-16&end_date=2026-03-20', ''];
  /** Other reports over the whole seeded span: their answers must not change when link rows are written. */
  const OTHER_REPORTS = [
    '/metric?parameter=pathname&start_date=2026-02-01&end_date=2026-03-20',
    '/metric?parameter=entry_page&start_date=2026-02-01&end_date=2026-03-20',
    '/metric?parameter=channel&start_date=2026-02-01&end_date=2026-03-20',
    '/sessions?start_date=2026-02-01&end_date=2026-03-20',
    '/overview/time-series?start_date=2026-02-27&end_date=2026-03-20&bucket=day',
    '/retention?start_date=2026-02-01&end_date=2026-03-20',
    '/journeys?start_date=2026-02-01&end_date=2026-03-20',
  ];

  it('answers as the sort does once the sessions are linked, over ranges cutting through visitors, and all time', async () => {
    const before = await Promise.all(RANGES.map(overview));
    const others = await Promise.all(OTHER_REPORTS.map(get));
    expect(before[0]).toEqual({ sessions: 10, pageviews: 12, users: 6, pages_per_session: 1.2, bounce_rate: 80, session_duration: 18 });
    expect(await linked('2026-03-01', '2026-03-15')).toBeUndefined();

    await t.services.visitorLinks.runNow();
    expect(await linked('2026-03-01', '2026-03-15')).toMatchObject({ sessions: '10', users: '6' });
    expect(await linked('2026-03-11', '2026-03-13')).toMatchObject({ sessions: '4', users: '3' });
    expect(await Promise.all(RANGES.map(overview))).toEqual(before);
    expect(await Promise.all(OTHER_REPORTS.map(get))).toEqual(others);
  });

  it('counts by the sort while a late session is not linked, then by the links again', async () => {
    await seedEvents(t, siteId, [{ at: '2026-03-09T07:00:00Z', session_id: 13, user_id: 'u2', pathname: '/late' }]);
    takeSitesToRelink();
    expect(await linked('2026-03-01', '2026-03-15')).toBeUndefined();
    // The job's next run on this node recomputes the site's links, not only the new sessions'.
    expect(takeSitesToRelink()).toEqual(new Set([siteId]));
    const answer = { sessions: 11, pageviews: 13, users: 6, pages_per_session: 1.18, bounce_rate: 81.82, session_duration: 16.36 };
    expect(await overview(RANGES[0] ?? '')).toEqual(answer);
    await t.services.visitorLinks.runNow();
    expect(await linked('2026-03-01', '2026-03-15')).toMatchObject({ sessions: '11', users: '6' });
    expect(await overview(RANGES[0] ?? '')).toEqual(answer);
    // From 10 March, u2's session of the 9th is before the range: the one of the 10th is u2's first in it.
    expect(await linked('2026-03-10', '2026-03-15')).toMatchObject({ users: '4' });
  });

  it('counts by the sort once a session of a linked visitor gets a smaller visitor hash', async () => {
    // A second device joins u6's session of the 13th (12:00); its hash decides the session's visitor when smaller.
    const [hashes] = await t.services.analytics.query<{ smaller: number }>(`SELECT sipHash64('u6-phone') < sipHash64('u6') AS smaller`);
    const joining = hashes?.smaller === 1 ? 'u6-phone' : 'u6-tablet';
    const [checked] = await t.services.analytics.query<{ smaller: number }>(`SELECT sipHash64({id:String}) < sipHash64('u6') AS smaller`, { id: joining });
    if (checked?.smaller !== 1) throw new Error('no smaller hash among the two device ids: pick others');
    await seedEvents(t, siteId, [{ at: '2026-03-13T12:05:00Z', session_id: 11, user_id: joining, pathname: '/p2', session_start: '2026-03-13 12:00:00.000' }]);
    expect(await linked('2026-03-01', '2026-03-15')).toBeUndefined();
    // u6's two sessions now belong to two visitors.
    expect(await overview(RANGES[0] ?? '')).toMatchObject({ sessions: 11, pageviews: 14, users: 7 });
    await t.services.visitorLinks.runNow();
    expect(await linked('2026-03-01', '2026-03-15')).toMatchObject({ sessions: '11', users: '7' });
  });

  it('counts by the sort after a delete until a run after it, and never counts a visitor whose previous session went', async () => {
    // u1's session of 10 March goes: the session of the 11th is u1's first in a range from the 10th.
    await eraseEvents(t.services.analytics, { where: 'site_id = {siteId:UInt32} AND session_id = 2', params: { siteId } });
    expect(await linked('2026-03-10', '2026-03-15')).toBeUndefined();
    const answer = await overview('?start_date=2026-03-10&end_date=2026-03-15');
    expect(answer).toMatchObject({ sessions: 6, users: 5 });
    await t.services.visitorLinks.runNow();
    expect(await linked('2026-03-10', '2026-03-15')).toMatchObject({ sessions: '6', users: '5' });
    expect(await overview('?start_date=2026-03-10&end_date=2026-03-15')).toEqual(answer);
  });

  it('links the sessions since the last run, each after its visitor\'s latest earlier session, without reading the others again', async () => {
    const store = t.services.analytics;
    const engineNow = async () => Number((await store.query<{ now: string }>('SELECT toString(toUnixTimestamp64Milli(now64(3))) AS now'))[0]?.now);
    expect(await linkSiteSessions(store, siteId, { full: true, marginMs: 0 })).toMatchObject({ full: true });
    // Two sessions after that run's watermark: one of u1 (back after March), one of a new visitor.
    const since = new Date(await engineNow()).toISOString();
    await seedEvents(t, siteId, [{ at: since, session_id: 14, user_id: 'u1', pathname: '/back' }]);
    await seedEvents(t, siteId, [{ at: since, session_id: 15, user_id: 'u9', pathname: '/new' }]);
    while ((await engineNow()) <= Date.parse(since)) await store.query('SELECT 1');
    expect(await linkSiteSessions(store, siteId, { full: false, marginMs: 0 })).toMatchObject({ full: false, linked: 2 });
    const [prev] = await store.query<{ prev: string }>(
      `SELECT toString(tupleElement(visitor_link, 3)) AS prev FROM sessions FINAL WHERE site_id = {siteId:UInt32} AND session_id = 14`,
      { siteId },
    );
    expect(prev?.prev).toBe('2026-03-11 09:00:00.000');
    const range = resolveTimeRange({ start_date: '2026-03-11', end_date: since.slice(0, 10), time_zone: 'UTC' }, new Date(Date.parse(since) + 1000));
    const [truth] = await store.query<{ users: string; sessions: string }>(
      `SELECT toString(uniqExact(user_id)) AS users, toString(uniqExact(session_id)) AS sessions FROM events
       WHERE site_id = {siteId:UInt32} AND timestamp >= '2026-03-11 00:00:00' AND timestamp <= {to:DateTime64(3, 'UTC')}`,
      { siteId, to: since.slice(0, 23).replace('T', ' ') },
    );
    expect(await linkedSessionTotals(store, { siteId, range, filters: [] })).toMatchObject({ users: truth?.users, sessions: truth?.sessions });
  });
});
