// The users list and retention read people's whole UTC days from the `user_days` table (migration 0030) and the
// partial days at a range's ends by quarter hours: exact figures in a time zone whose days are not UTC days, a
// person's UTC day spanning two local days, pages read from the last or first days first, and the table kept equal to the events after erasing a visitor who
// shared a session, a retention sweep cutting a day in two, and deleting the site.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createOrganization, createSite, signUp } from '../helpers/auth-client.js';
import { seedEvents } from '../helpers/seed-events.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { until } from '../helpers/until.js';
import { userDaysFromEvents, userDaysOf } from '../helpers/user-days-rows.js';

// Now is 2026-04-01 12:00 UTC: a retention of 30 days keeps what happened from 2026-03-02 12:00 on.
const NOW = Date.parse('2026-04-01T12:00:00Z');
// 9-12 March in New York (EDT since 8 March): from 04:00 UTC on the 9th to 04:00 UTC on the 13th.
const RANGE = 'start_date=2026-03-09&end_date=2026-03-12&time_zone=America/New_York';

describe('user days table', () => {
  let t: TestApp;
  let owner: { cookie: string };
  let site: number;

  const get = async (url: string) => {
    const res = await call(t.app, owner, { method: 'GET', url: `/api/sites/${site}${url}` });
    expect(res.statusCode).toBe(200);
    return res.json() as Record<string, unknown>;
  };
  /** `user pageviews events first_seen last_seen` per row of the users list, and the total. */
  const users = async () => {
    const body = (await get(`/users?${RANGE}`)) as { data: Array<Record<string, string | number>>; totalCount: number };
    return { rows: body.data.map((row) => `${row.user_id} ${row.pageviews} ${row.events} ${row.first_seen} ${row.last_seen}`), total: body.totalCount };
  };
  const cohorts = async () => ((await get(`/retention?mode=day&range=7&${RANGE}`)) as { data: { cohorts: unknown } }).data.cohorts;

  beforeAll(async () => {
    t = await createTestApp({ clock: () => NOW });
    owner = await signUp(t.app, 'user-days-owner@example.com');
    const org = await createOrganization(t.app, owner.cookie, 'user-days-org');
    site = (await createSite(t.app, owner, org, { domain: 'user-days.example.com' })).siteId;
    await seedEvents(t, site, [
      // old is gone after the retention sweep; ann's 2 March is cut in two by it.
      { at: '2026-02-20T10:00:00Z', session_id: 1, user_id: 'old' },
      { at: '2026-03-02T10:00:00Z', session_id: 2, user_id: 'ann' },
      { at: '2026-03-02T14:00:00Z', session_id: 3, user_id: 'ann' },
      // eve: 23:00 on 8 March in New York (before the range), then 01:00 on the 9th; one UTC day.
      { at: '2026-03-09T03:00:00Z', session_id: 4, user_id: 'eve' },
      { at: '2026-03-09T05:00:00Z', session_id: 5, user_id: 'eve' },
      // ben and cat in one session (a shared device), ben again the next day.
      { at: '2026-03-10T09:00:00Z', session_id: 6, user_id: 'ben' },
      { at: '2026-03-10T09:05:00Z', session_id: 6, user_id: 'cat', type: 'custom_event', event_name: 'signup' },
      { at: '2026-03-11T15:00:00Z', session_id: 7, user_id: 'ben' },
      // gus: one UTC day, two New York days (22:00 on the 10th, 16:00 on the 11th).
      { at: '2026-03-11T02:00:00Z', session_id: 8, user_id: 'gus' },
      { at: '2026-03-11T20:00:00Z', session_id: 9, user_id: 'gus' },
      { at: '2026-03-12T10:00:00Z', session_id: 10, user_id: 'dee' },
      // fay: 23:30 on 12 March in New York (inside the range), then 01:00 on the 13th (after it).
      { at: '2026-03-13T03:30:00Z', session_id: 11, user_id: 'fay' },
      { at: '2026-03-13T05:00:00Z', session_id: 12, user_id: 'fay' },
    ]);
    // A later insert of dee's session: its own row of the day until the rows merge.
    await seedEvents(t, site, [{ at: '2026-03-12T10:20:00Z', session_id: 10, user_id: 'dee', session_start: '2026-03-12 10:00:00.000' }]);
  }, 60_000);
  afterAll(async () => t.close());

  it('keeps a row per person and UTC day, fed by the inserts', async () => {
    expect(await userDaysOf(t, site)).toEqual([
      '2026-02-20 old 2026-02-20 10:00:00.000 2026-02-20 10:00:00.000 1 0',
      '2026-03-02 ann 2026-03-02 10:00:00.000 2026-03-02 14:00:00.000 2 0',
      '2026-03-09 eve 2026-03-09 03:00:00.000 2026-03-09 05:00:00.000 2 0',
      '2026-03-10 ben 2026-03-10 09:00:00.000 2026-03-10 09:00:00.000 1 0',
      '2026-03-10 cat 2026-03-10 09:05:00.000 2026-03-10 09:05:00.000 0 1',
      '2026-03-11 ben 2026-03-11 15:00:00.000 2026-03-11 15:00:00.000 1 0',
      '2026-03-11 gus 2026-03-11 02:00:00.000 2026-03-11 20:00:00.000 2 0',
      '2026-03-12 dee 2026-03-12 10:00:00.000 2026-03-12 10:20:00.000 2 0',
      '2026-03-13 fay 2026-03-13 03:30:00.000 2026-03-13 05:00:00.000 2 0',
    ]);
    expect(await userDaysOf(t, site)).toEqual(await userDaysFromEvents(t, site));
  });

  it('lists the people of a range in another time zone with the events of its partial days only', async () => {
    expect(await users()).toEqual({
      rows: [
        'fay 1 0 2026-03-13 03:30:00 2026-03-13 03:30:00',
        'dee 2 0 2026-03-12 10:00:00 2026-03-12 10:20:00',
        'gus 2 0 2026-03-11 02:00:00 2026-03-11 20:00:00',
        'ben 2 0 2026-03-10 09:00:00 2026-03-11 15:00:00',
        'cat 0 1 2026-03-10 09:05:00 2026-03-10 09:05:00',
        'eve 1 0 2026-03-09 05:00:00 2026-03-09 05:00:00',
      ],
      total: 6,
    });
  });

  it('pages the people newest or oldest first from the fewest days that hold the page, as the events order them', async () => {
    const page = async (query: string) => {
      const body = (await get(`/users?${RANGE}&page_size=2&${query}`)) as { data: Array<Record<string, string>>; totalCount: number };
      return `${body.data.map((row) => row.user_id).join(' ')} / ${body.totalCount}`;
    };
    // The range's last UTC day (13 March, to 04:00) holds fay alone: the first page reads 3 days more.
    expect(await page('sort_by=last_seen&sort_order=desc')).toBe('fay dee / 6');
    expect(await page('sort_by=last_seen&sort_order=desc&page=2')).toBe('gus ben / 6');
    expect(await page('sort_by=first_seen&sort_order=asc')).toBe('eve ben / 6');
    expect(await page('sort_by=first_seen&sort_order=asc&page=3')).toBe('dee fay / 6');
    expect(await page('sort_by=last_seen&sort_order=desc&page=4')).toBe(' / 6');
    // A filter every event matches lists the same people from their events.
    const everyEvent = `filters=${encodeURIComponent(JSON.stringify([{ parameter: 'pathname', type: 'not_equals', value: ['/nowhere'] }]))}`;
    for (const query of ['sort_by=last_seen&sort_order=desc', 'sort_by=last_seen&sort_order=desc&page=3', 'sort_by=first_seen&sort_order=asc&page=2', 'sort_by=pageviews&sort_order=desc']) {
      expect(await page(query)).toBe(await page(`${query}&${everyEvent}`));
    }
  });

  it('takes the days of the zone a UTC day spans from its first and last event', async () => {
    // Labels 5-12 March; gus is first seen on the 10th and back on the 11th, like ben.
    expect(await cohorts()).toEqual({
      '2026-03-09': { size: 1, percentages: [100, 0] },
      '2026-03-10': { size: 3, percentages: [100, 66.67] },
      '2026-03-12': { size: 2, percentages: [100, null] },
    });
  });

  it('writes again the days of everyone in a session shared with an erased visitor', async () => {
    const erased = await call(t.app, owner, { method: 'DELETE', url: `/api/sites/${site}/visitors/ben` });
    expect(erased.statusCode).toBe(200);
    const days = await userDaysOf(t, site);
    expect(days.filter((row) => row.includes(' ben ') || row.includes(' cat '))).toEqual(['2026-03-10 cat 2026-03-10 09:05:00.000 2026-03-10 09:05:00.000 0 1']);
    expect(days).toEqual(await userDaysFromEvents(t, site));
    expect((await users()).total).toBe(5);
    expect(await cohorts()).toEqual({
      '2026-03-09': { size: 1, percentages: [100, 0] },
      '2026-03-10': { size: 2, percentages: [100, 50] },
      '2026-03-12': { size: 2, percentages: [100, null] },
    });
  });

  it('deletes the days before the retention cutoff and writes the cutoff\'s day again from its later events', async () => {
    const updated = await call(t.app, owner, { method: 'PUT', url: `/api/sites/${site}/config`, payload: { retentionDays: 30 } });
    expect(updated.statusCode).toBe(200);
    await t.services.retention.sweepNow();
    const days = await userDaysOf(t, site);
    expect(days.slice(0, 2)).toEqual([
      '2026-03-02 ann 2026-03-02 14:00:00.000 2026-03-02 14:00:00.000 1 0',
      '2026-03-09 eve 2026-03-09 03:00:00.000 2026-03-09 05:00:00.000 2 0',
    ]);
    expect(days).toEqual(await userDaysFromEvents(t, site));
  });

  it('removes the site\'s days with the site', async () => {
    const deleted = await call(t.app, owner, { method: 'DELETE', url: `/api/sites/${site}` });
    expect(deleted.statusCode).toBeLessThan(300);
    await until(() => userDaysOf(t, site), (left) => left.length === 0);
  });
});
