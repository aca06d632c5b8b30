// Every report answers CSV with format=csv or Accept: text/csv: exact text for the common shapes, and each
// report's CSV holds the rows of its JSON answer (the list of reports is read from the OpenAPI document).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createOrganization, createSite, signUp } from '../helpers/auth-client.js';
import { seedBotEvents, seedEvents } from '../helpers/seed-events.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { reportRequests } from '../helpers/report-requests.js';
import { reportCsv, reportRows } from '../../src/reports/report-csv.js';

const RANGE = 'start_date=2026-03-01&end_date=2026-03-15';

describe('reports as CSV', () => {
  let t: TestApp;
  let owner: { cookie: string };
  let site: number;
  let goalId: number;

  beforeAll(async () => {
    t = await createTestApp({ clock: () => Date.parse('2026-03-20T12:00:00Z') });
    owner = await signUp(t.app, 'csv-owner@example.com');
    const org = await createOrganization(t.app, owner.cookie, 'csv-org');
    site = (await createSite(t.app, owner, org, { domain: 'csv.example.com', public: true })).siteId;
    await seedEvents(t, site, [
      { at: '2026-03-10T10:00:00Z', session_id: 1, user_id: 'u1', identified_user_id: 'alice', pathname: '/', page_title: 'Home', channel: 'Organic Search', browser: 'Chrome' },
      { at: '2026-03-10T10:01:00Z', session_id: 1, user_id: 'u1', identified_user_id: 'alice', pathname: '/=cmd|calc', page_title: '-2+3', channel: 'Organic Search', browser: 'Chrome' },
      { at: '2026-03-10T10:02:00Z', session_id: 1, user_id: 'u1', type: 'custom_event', event_name: 'signup', props: '{"plan":"pro"}' },
      { at: '2026-03-10T10:03:00Z', session_id: 1, user_id: 'u1', type: 'error', event_name: 'TypeError', props: '{"message":"x is undefined","stack":"at a (b.js:1:2)"}' },
      { at: '2026-03-10T10:04:00Z', session_id: 1, user_id: 'u1', type: 'performance', lcp: 1000, cls: 0.1 },
      { at: '2026-03-10T10:05:00Z', session_id: 1, user_id: 'u1', type: 'outbound', props: '{"url":"https://a.org/"}' },
      { at: '2026-03-11T09:00:00Z', session_id: 2, user_id: 'u2', pathname: '/', channel: 'Direct', browser: 'Firefox' },
    ]);
    await seedBotEvents(t, site, [{ at: '2026-03-10T08:00:00Z', bot_name: 'Googlebot', bot_category: 'search' }]);
    await t.services.analytics.insert('user_identities', [{ site_id: site, timestamp: '2026-03-10 10:00:00.000', identified_user_id: 'alice', user_id: 'u1', anonymous_id: '', traits: '{"plan":"pro"}' }]);
    const goal = await call(t.app, owner, { method: 'POST', url: `/api/sites/${site}/goals`, payload: { name: 'Home', goalType: 'path', config: { pathPattern: '/' } } });
    goalId = (goal.json() as { goalId: number }).goalId;
  }, 60_000);
  afterAll(async () => t.close());

  const get = (path: string, headers: Record<string, string> = {}) => call(t.app, owner, { method: 'GET', url: `/api/sites/${site}${path}`, headers });

  it('overview: one row of figures', async () => {
    const res = await get(`/overview?${RANGE}&format=csv`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="overview.csv"');
    expect(res.body).toBe('sessions,pageviews,users,pages_per_session,bounce_rate,session_duration\r\n2,3,2,1.5,50,150\r\n');
  });

  it('a breakdown by Accept: text/csv: its data rows; a formula-like title is guarded', async () => {
    const res = await get(`/metric?${RANGE}&parameter=pathname`, { accept: 'text/csv' });
    expect(res.headers['content-disposition']).toBe('attachment; filename="metric.csv"');
    expect(res.body).toBe(
      'value,count,percentage,sessions,pageviews,pageviews_percentage,bounce_rate,time_on_page_seconds\r\n' +
      '/,2,66.67,2,2,66.67,50,0\r\n' +
      '/=cmd|calc,1,33.33,1,1,33.33,0,0\r\n',
    );
    const titles = await get(`/page-titles?${RANGE}&format=csv`);
    expect(titles.body).toContain("'-2+3,/=cmd|calc,");
  });

  it('retention: a row per cohort, named in the key column', async () => {
    const res = await get(`/retention?${RANGE}&format=csv&mode=day`);
    const json = (await get(`/retention?${RANGE}&mode=day`)).json() as { data: { cohorts: Record<string, { size: number; percentages: number[] }> } };
    expect(json.data.cohorts).toEqual({ '2026-03-10': { size: 2, percentages: [100] }, '2026-03-11': { size: 1, percentages: [100] } });
    expect(res.body).toBe('key,size,percentages\r\n2026-03-10,2,[100]\r\n2026-03-11,1,[100]\r\n');
  });

  it('format=json keeps JSON even with Accept: text/csv; a bad format is a 400', async () => {
    const json = await get(`/overview?${RANGE}&format=json`, { accept: 'text/csv' });
    expect(json.json()).toEqual({ data: { sessions: 2, pageviews: 3, users: 2, pages_per_session: 1.5, bounce_rate: 50, session_duration: 150 } });
    const bad = await get(`/overview?${RANGE}&format=xlsx`);
    expect(bad.statusCode).toBe(400);
    expect((bad.json() as { error: string }).error).toContain("Invalid query parameter 'format'");
  });

  it('every report answers its rows as CSV', async () => {
    const requests = await reportRequests(t.app, site, RANGE, { goalId, sessionId: '1', userId: 'alice', eventName: 'signup', errorMessage: 'x is undefined' });
    expect(requests.length).toBeGreaterThanOrEqual(36);
    const counts: Record<string, number> = {};
    for (const url of requests) {
      const report = url.slice(`/api/sites/${site}`.length, url.indexOf('?'));
      const json = await call(t.app, owner, { method: 'GET', url });
      const csv = await call(t.app, owner, { method: 'GET', url: `${url}&format=csv` });
      expect([report, json.statusCode, csv.statusCode, csv.headers['content-type']]).toEqual([report, 200, 200, 'text/csv; charset=utf-8']);
      expect([report, csv.body]).toEqual([report, reportCsv(json.json())]);
      counts[report] = reportRows(json.json()).length;
    }
    expect(counts).toMatchObject({ '/overview': 1, '/metric': 2, '/sessions': 2, '/sessions/1': 5, '/events/names': 1, '/errors/names': 1, '/bots/by-dimension': 1, '/users': 3, '/retention': 1 });
  });
});
