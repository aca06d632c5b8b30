// /retention on hand-built users: a window of `range` days, weekly cohorts (identified ids join devices), daily and monthly cohorts in a time zone, defaults, 400s.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createOrganization, createSite, signUp } from '../helpers/auth-client.js';
import { seedEvents } from '../helpers/seed-events.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

describe('retention', () => {
  let t: TestApp;
  let owner: { cookie: string };
  let weekly: number;
  let daily: number;
  let monthly: number;

  beforeAll(async () => {
    // Friday 20 March 2026: the weeks (Mondays) are 2 Mar, 9 Mar and 16 Mar.
    t = await createTestApp({ clock: () => Date.parse('2026-03-20T12:00:00Z') });
    owner = await signUp(t.app, 'retention@example.com');
    const org = await createOrganization(t.app, owner.cookie, 'retention-org');
    weekly = (await createSite(t.app, owner, org, { domain: 'weekly.example.com' })).siteId;
    daily = (await createSite(t.app, owner, org, { domain: 'daily.example.com' })).siteId;
    monthly = (await createSite(t.app, owner, org, { domain: 'monthly.example.com' })).siteId;
    await seedEvents(t, weekly, [
      // alice on two devices, joined by her identified id: weeks 0, 1 and 2 of the 2 March cohort.
      { at: '2026-03-03T10:00:00Z', session_id: 1, user_id: 'device-a1', identified_user_id: 'alice' },
      { at: '2026-03-10T10:00:00Z', session_id: 2, user_id: 'device-a2', identified_user_id: 'alice' },
      { at: '2026-03-17T10:00:00Z', session_id: 3, user_id: 'device-a1', identified_user_id: 'alice' },
      { at: '2026-03-04T10:00:00Z', session_id: 4, user_id: 'b' },
      { at: '2026-03-08T23:59:59Z', session_id: 5, user_id: 'c' },
      { at: '2026-03-16T00:00:00Z', session_id: 6, user_id: 'c' },
      // g was first seen before the window; inside it, 2 March is the first week g is seen in.
      { at: '2026-02-24T10:00:00Z', session_id: 7, user_id: 'g' },
      { at: '2026-03-05T10:00:00Z', session_id: 8, user_id: 'g' },
      { at: '2026-03-09T00:00:00Z', session_id: 9, user_id: 'd' },
      { at: '2026-03-18T10:00:00Z', session_id: 10, user_id: 'd' },
      { at: '2026-03-12T10:00:00Z', session_id: 11, user_id: 'e' },
      { at: '2026-03-19T10:00:00Z', session_id: 12, user_id: 'f' },
      { at: '2026-03-19T11:00:00Z', session_id: 12, user_id: 'f' },
    ]);
    await seedEvents(t, daily, [
      // 03:00 UTC on 9 March is 23:00 on 8 March in New York.
      { at: '2026-03-09T03:00:00Z', session_id: 21, user_id: 'h' },
      { at: '2026-03-10T15:00:00Z', session_id: 22, user_id: 'h' },
      { at: '2026-03-09T12:00:00Z', session_id: 23, user_id: 'i' },
      { at: '2026-03-10T03:30:00Z', session_id: 24, user_id: 'i' },
      { at: '2026-03-12T10:00:00Z', session_id: 25, user_id: 'j' },
    ]);
    await seedEvents(t, monthly, [
      { at: '2025-12-22T10:00:00Z', session_id: 31, user_id: 'k' },
      { at: '2026-01-15T10:00:00Z', session_id: 32, user_id: 'k' },
      { at: '2026-03-02T10:00:00Z', session_id: 33, user_id: 'k' },
      // 03:00 UTC on 1 February is 22:00 on 31 January in New York.
      { at: '2025-12-31T23:30:00Z', session_id: 34, user_id: 'l' },
      { at: '2026-02-01T03:00:00Z', session_id: 35, user_id: 'l' },
      // m's visit of 10 December is before the window (which starts on 20 December): January is m's first month in it.
      { at: '2025-12-10T10:00:00Z', session_id: 36, user_id: 'm' },
      { at: '2026-01-20T10:00:00Z', session_id: 37, user_id: 'm' },
      { at: '2026-02-10T10:00:00Z', session_id: 38, user_id: 'm' },
      { at: '2026-03-19T10:00:00Z', session_id: 39, user_id: 'n' },
    ]);
  });
  afterAll(async () => t.close());

  const get = (site: number, qs: string) => call(t.app, owner, { method: 'GET', url: `/api/sites/${site}/retention?${qs}` });

  it('builds weekly cohorts of the users first seen in the last `range` days, ending with the current week', async () => {
    // The window starts on Friday 6 March: b and g are seen only before it, alice's first visit there is on 10 March.
    const res = await get(weekly, 'mode=week&range=14');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      data: {
        cohorts: {
          '2026-03-02': { size: 1, percentages: [100, 0, 100] },
          '2026-03-09': { size: 3, percentages: [100, 66.67, null] },
          '2026-03-16': { size: 1, percentages: [100, null, null] },
        },
        maxPeriods: 2,
        mode: 'week',
        range: 14,
      },
    });
  });

  it('lists only the cohorts with users, and maxPeriods is the latest period anyone returned in', async () => {
    // From Friday 13 March: alice, c, d and f are all first seen in the week of 16 March; nobody in the week of 9 March.
    expect((await get(weekly, 'range=7')).json().data).toEqual({
      cohorts: { '2026-03-16': { size: 4, percentages: [100] } },
      maxPeriods: 0,
      mode: 'week',
      range: 7,
    });
  });

  it('applies filters to the users counted', async () => {
    const filters = encodeURIComponent('[{"parameter":"user_id","type":"equals","value":["alice","b"]}]');
    const res = await get(weekly, `range=14&filters=${filters}`);
    expect(res.json().data).toMatchObject({ cohorts: { '2026-03-09': { size: 1, percentages: [100, 100] } }, maxPeriods: 1 });
  });

  it.each([
    ['time_zone=America/New_York', { '2026-03-08': { size: 1, percentages: [100, 0, 100] }, '2026-03-09': { size: 1, percentages: [100, 0, null] } }, 2],
    ['time_zone=UTC', { '2026-03-09': { size: 2, percentages: [100, 100] } }, 1],
  ])('builds daily cohorts in local days ending with the range end (%s)', async (zone, cohorts, maxPeriods) => {
    const res = await get(daily, `mode=day&range=7&start_date=2026-03-01&end_date=2026-03-10&${zone}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ cohorts, maxPeriods, mode: 'day', range: 7 });
  });

  it.each([
    [
      'UTC',
      {
        '2025-12-01': { size: 2, percentages: [100, 50, 50, 50] },
        '2026-01-01': { size: 1, percentages: [100, 100, 0, null] },
        '2026-03-01': { size: 1, percentages: [100, null, null, null] },
      },
    ],
    [
      'America/New_York',
      {
        '2025-12-01': { size: 2, percentages: [100, 100, 0, 50] },
        '2026-01-01': { size: 1, percentages: [100, 100, 0, null] },
        '2026-03-01': { size: 1, percentages: [100, null, null, null] },
      },
    ],
  ])('builds monthly cohorts of calendar months in the time zone (%s), periods counted in months', async (zone, cohorts) => {
    const res = await get(monthly, `mode=month&range=90&time_zone=${zone}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ cohorts, maxPeriods: 3, mode: 'month', range: 90 });
  });

  it.each(['63', '64', '365'])('gives the same daily table whether the days fit one bitmask or not (range=%s)', async (range) => {
    expect((await get(daily, `mode=day&range=${range}`)).json().data).toEqual({
      cohorts: { '2026-03-09': { size: 2, percentages: [100, 100] }, '2026-03-12': { size: 1, percentages: [100, 0] } },
      maxPeriods: 1,
      mode: 'day',
      range: Number(range),
    });
  });

  it.each([
    ['', 'week'],
    ['mode=day', 'day'],
    ['range=', 'week'],
  ])('defaults the range to 90 days (%s)', async (qs, mode) => {
    const data = (await get(weekly, qs)).json().data;
    expect([data.mode, data.range]).toEqual([mode, 90]);
  });

  it.each([
    ['mode=year', 'mode'],
    ['mode=MONTH', 'mode'],
    ['range=6', 'range'],
    ['range=366', 'range'],
    ['range=x', 'range'],
  ])('answers 400 for %s', async (qs, parameter) => {
    const res = await get(weekly, qs);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toContain(`'${parameter}'`);
  });
});
