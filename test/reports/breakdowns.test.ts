// GET /breakdowns (several /metric breakdowns in one answer) on hand-built sessions: each entry equals GET /metric for
// the same parameter and limit, without filters (imported aggregates added), with a visitor-attribute filter and with
// a filter on events; the bounds of its lists.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createOrganization, createSite, signUp } from '../helpers/auth-client.js';
import { seedEvents, type SeedRow } from '../helpers/seed-events.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

const s1 = { session_id: 1, user_id: 'u1', browser: 'Chrome', country: 'US', channel: 'Organic Search', language: 'en-US', hostname: 'shop.example.com' };
const s2 = { session_id: 2, user_id: 'u2', browser: 'Firefox', country: 'DE', channel: 'Direct', language: 'de-DE', hostname: 'example.com' };
const s3 = { session_id: 3, user_id: 'u1', browser: 'Chrome', country: 'US', channel: 'Direct', language: 'en-US', hostname: 'example.com' };
const s4 = { session_id: 4, user_id: 'u3', browser: 'Safari', country: 'FR', channel: 'Referral', language: 'fr-FR', hostname: 'example.com' };
const s5 = { session_id: 5, user_id: 'u4', browser: 'Edge', channel: 'Direct', hostname: 'example.com' };
const s6 = { session_id: 6, user_id: 'u5', browser: 'Firefox', country: 'DE', channel: 'Direct', language: 'de-DE', hostname: 'shop.example.com' };

const SESSIONS: SeedRow[] = [
  { ...s1, at: '2026-03-10T10:00:00Z', pathname: '/' },
  { ...s1, at: '2026-03-10T10:01:00Z', pathname: '/pricing' },
  { ...s1, at: '2026-03-10T10:02:00Z', pathname: '/pricing', type: 'custom_event', event_name: 'signup' },
  { ...s2, at: '2026-03-10T11:00:00Z', pathname: '/' },
  { ...s3, at: '2026-03-11T09:00:00Z', pathname: '/blog' },
  { ...s3, at: '2026-03-11T09:00:10Z', pathname: '/blog' },
  { ...s4, at: '2026-03-12T08:00:00Z', pathname: '/pricing' },
  { ...s4, at: '2026-03-12T08:05:00Z', pathname: '/' },
  // Its events disagree on the visitor: Canada and French first, then the US and English (the first value counts).
  { ...s5, at: '2026-03-13T07:00:00Z', pathname: '/', country: 'CA', language: 'fr-CA' },
  { ...s5, at: '2026-03-13T07:01:00Z', pathname: '/docs', country: 'US', language: 'en-US' },
  // Its custom event counts once under its name, though its language is read from its events and the rest from its row.
  { ...s5, at: '2026-03-13T07:00:30Z', pathname: '/', country: 'US', language: 'en-US', type: 'custom_event', event_name: 'signup' },
  // Crosses the range's start: only its events inside the range count.
  { ...s6, at: '2026-02-28T23:55:00Z', pathname: '/old' },
  { ...s6, at: '2026-03-01T00:05:00Z', pathname: '/' },
  { ...s6, at: '2026-03-01T00:09:00Z', pathname: '/docs' },
];

/** Imported days (a tool without raw events): visits by country and by browser, one value new to the tracked data. */
const IMPORTED = [
  { report: 'locations', country: 'DE', visits: 4, visitors: 3, pageviews: 9, bounces: 1, visit_duration: 400 },
  { report: 'locations', country: 'JP', visits: 2, visitors: 2, pageviews: 2, bounces: 2, visit_duration: 0 },
  { report: 'browsers', browser: 'Firefox', visits: 3, visitors: 3, pageviews: 5, bounces: 2, visit_duration: 90 },
];

const RANGE = 'start_date=2026-03-01&end_date=2026-03-15';
const SESSION_BREAKDOWNS = ['channel', 'country', 'browser', 'language', 'hostname'];
const filtersOf = (parameter: string, value: string, type = 'equals') => encodeURIComponent(JSON.stringify([{ parameter, type, value: [value] }]));

describe('breakdowns', () => {
  let t: TestApp;
  let owner: { cookie: string };
  let siteId: number;

  beforeAll(async () => {
    t = await createTestApp({ clock: () => Date.parse('2026-03-20T12:00:00Z') });
    owner = await signUp(t.app, 'breakdowns@example.com');
    const org = await createOrganization(t.app, owner.cookie, 'breakdowns-org');
    siteId = (await createSite(t.app, owner, org, { domain: 'example.com' })).siteId;
    await seedEvents(t, siteId, SESSIONS);
    await t.services.analytics.insert(
      'imported_aggregates',
      IMPORTED.map((row, index) => ({ site_id: siteId, import_id: 'imp-1', row_key: String(index), date: '2026-03-05', ...row })),
    );
  });
  afterAll(async () => t.close());

  const get = (url: string) => call(t.app, owner, { method: 'GET', url: `/api/sites/${siteId}${url}` });
  const answer = async (url: string) => {
    const res = await get(url);
    expect(res.statusCode).toBe(200);
    return res.json() as { data: unknown };
  };

  it.each([
    ['no filter (imported aggregates added)', ''],
    ['a visitor-attribute filter', `&filters=${filtersOf('browser', 'Chrome', 'not_equals')}`],
    ['a filter on the events', `&filters=${filtersOf('pathname', '/pricing', 'not_equals')}`],
  ])('answers as GET /metric does, breakdown by breakdown, with %s', async (_, filters) => {
    const parameters = [...SESSION_BREAKDOWNS, 'pathname', 'user_id', 'event_name'];
    const limits = [10, 300, 2, 10, 1, 10, 10, 10];
    const combined = await answer(`/breakdowns?${RANGE}${filters}&parameters=${parameters.join(',')}&limits=${limits.join(',')}`);
    const one = await Promise.all(
      parameters.map(async (parameter, index) => ({ parameter, ...((await answer(`/metric?${RANGE}${filters}&parameter=${parameter}&limit=${limits[index]}`)).data as object) })),
    );
    expect(combined.data).toEqual(one);
  });

  it('adds the imported visits to the tracked sessions value by value', async () => {
    const { data } = (await answer(`/breakdowns?${RANGE}&parameters=country,browser,language&limits=3`)) as { data: Array<{ parameter: string; data: Array<Record<string, unknown>>; totalCount: number }> };
    expect(data.map((entry) => [entry.parameter, entry.totalCount, entry.data.map((row) => [row.value, row.count, row.bounce_rate, row.avg_session_duration])])).toEqual([
      // DE: sessions 2 and 6 (one bounce, 0 s and 240 s inside the range) and 4 imported visits (one bounce, 400 s).
      ['country', 5, [['DE', 6, 33.33, 106.67], ['JP', 2, 100, 0], ['US', 2, 0, 65]]],
      ['browser', 4, [['Firefox', 5, 60, 66], ['Chrome', 2, 0, 65], ['Edge', 1, 0, 60]]],
      // Nothing imported by language; session 5 counts under its first language.
      ['language', 4, [['de-DE', 2, 50, 120], ['en-US', 2, 0, 65], ['fr-CA', 1, 0, 60]]],
    ]);
  });

  it('counts the custom events of a session whose events disagree once, in the same pass as its language', async () => {
    const { data } = (await answer(`/breakdowns?${RANGE}&parameters=language,event_name,country&limits=10`)) as { data: Array<{ parameter: string; data: Array<Record<string, unknown>> }> };
    expect(data.map((entry) => [entry.parameter, entry.data.map((row) => [row.value, row.count, row.sessions, row.pageviews])])).toEqual([
      ['language', [['de-DE', 2, 2, 3], ['en-US', 2, 2, 4], ['fr-CA', 1, 1, 2], ['fr-FR', 1, 1, 2]]],
      // Sessions 1 and 5, each once; the imported days have no custom events.
      ['event_name', [['signup', 2, 2, 4]]],
      ['country', [['DE', 6, 6, 12], ['JP', 2, 2, 2], ['US', 2, 2, 4], ['CA', 1, 1, 2], ['FR', 1, 1, 2]]],
    ]);
  });

  it.each([
    ['parameters=nope', 'parameters'],
    ['parameters=country,country', 'parameters'],
    ['parameters=country,,browser', 'parameters'],
    ['parameters=a,b,c,d,e,f,g,h,i,j,k', 'parameters'],
    ['parameters=country,browser&limits=1,2,3', 'limits'],
    ['parameters=country&limits=0', 'limits'],
    ['parameters=country&limits=ten', 'limits'],
  ])('refuses %s (400 naming %s)', async (qs, name) => {
    const res = await get(`/breakdowns?${RANGE}&${qs}`);
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain(name);
  });
});
