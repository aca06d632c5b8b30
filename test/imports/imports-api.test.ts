// The import API with each fixture format: exact report values afterwards, importing twice changes
// nothing, deleting an import restores the figures from before it, bad batches are refused whole.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createOrganization, createOrganizationKey, createSite, signUp, inviteAndAccept } from '../helpers/auth-client.js';
import { rows } from '../helpers/analytics-rows.js';
import { seedEvents } from '../helpers/seed-events.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { userDaysFromEvents, userDaysOf } from '../helpers/user-days-rows.js';
import { importOverHttp, reportValues } from './import-reports.js';

const NOW = Date.parse('2026-03-10T12:00:00Z');
const range = (from: string, to: string) => `start_date=${from}&end_date=${to}&time_zone=UTC`;

describe('imports over HTTP', () => {
  let t: TestApp;
  let owner: { cookie: string };
  let key: { key: string };
  let org: string;

  const newSite = async (domain: string) => (await createSite(t.app, owner, org, { domain })).siteId;
  const stored = async (site: number) => {
    const [row] = await rows<{ events: string; sessions: string; aggregates: string; actions: string; pages: string }>(t, `SELECT
      (SELECT count() FROM events WHERE site_id = {site:UInt32}) AS events,
      (SELECT count() FROM sessions FINAL WHERE site_id = {site:UInt32}) AS sessions,
      (SELECT count() FROM imported_aggregates WHERE site_id = {site:UInt32}) AS aggregates,
      (SELECT count() FROM action_events WHERE site_id = {site:UInt32}) AS actions,
      (SELECT count() FROM page_views_by_kind FINAL WHERE site_id = {site:UInt32}) AS pages`, { site });
    return {
      events: Number(row?.events), sessions: Number(row?.sessions), aggregates: Number(row?.aggregates), actions: Number(row?.actions), pages: Number(row?.pages),
    };
  };

  beforeAll(async () => {
    t = await createTestApp({ clock: () => NOW });
    owner = await signUp(t.app, 'imports-owner@example.com');
    org = await createOrganization(t.app, owner.cookie, 'imports');
    key = await createOrganizationKey(t.app, owner, org);
  }, 60_000);
  afterAll(async () => t.close());

  it('imports an Umami CSV export: figures, top pages and sources as the file holds them', async () => {
    const site = await newSite('umami.example.com');
    const { total } = await importOverHttp(t.app, key, site, 'umami', 'umami.csv');
    expect(total).toEqual({ importedEvents: 8, skippedEvents: 0, skipped: {} });
    const values = await reportValues(t.app, key, site, range('2026-03-02', '2026-03-03'));
    expect(values.overview).toEqual({ sessions: 4, pageviews: 7, users: 3, pages_per_session: 1.75, bounce_rate: 50, session_duration: 75 });
    expect(values.pages).toEqual([['/docs', 3, 3], ['/', 2, 2], ['/pricing', 2, 2]]);
    expect(values.sources).toEqual([['', 2], ['google.com', 1], ['news.ycombinator.com', 1]]);
    const [signup] = await rows<{ title: string; browser: string; os: string; country: string; region: string; screen: string; utm: string }>(t, `SELECT page_title AS title, browser, operating_system AS os, country, region,
      concat(toString(screen_width), 'x', toString(screen_height)) AS screen, utm_source AS utm FROM events WHERE site_id = {site:UInt32} AND pathname = '/pricing' ORDER BY timestamp DESC LIMIT 1`, { site });
    expect(signup).toEqual({ title: 'Pricing, plans "2026"', browser: 'Mobile Safari', os: 'iOS', country: 'GB', region: '', screen: '390x844', utm: 'newsletter' });
  });

  it('imports a Simple Analytics CSV export', async () => {
    const site = await newSite('sa.example.com');
    const { total } = await importOverHttp(t.app, key, site, 'simple_analytics', 'simple-analytics.csv', 2);
    expect(total).toEqual({ importedEvents: 5, skippedEvents: 0, skipped: {} });
    const values = await reportValues(t.app, key, site, range('2026-03-05', '2026-03-06'));
    expect(values.overview).toMatchObject({ sessions: 3, pageviews: 4, users: 3, bounce_rate: 66.67 });
    expect(values.pages).toEqual([['/', 2, 2], ['/posts/first', 2, 2]]);
    expect(values.sources).toEqual([['', 1], ['google.com', 1], ['twitter.com', 1]]);
    const browsers = await call(t.app, key, { method: 'GET', url: `/api/sites/${site}/metric?parameter=browser&${range('2026-03-05', '2026-03-06')}` });
    expect((browsers.json() as { data: { data: Array<{ value: string; count: number }> } }).data.data.map((entry) => [entry.value, entry.count]))
      .toEqual([['Chrome', 1], ['Firefox', 1], ['Mobile Safari', 1]]);
  });

  it("imports Loupe's own NDJSON export, skipping its bot events", async () => {
    const site = await newSite('ndjson.example.com');
    const { total } = await importOverHttp(t.app, key, site, 'loupe', 'loupe.ndjson');
    expect(total).toEqual({ importedEvents: 4, skippedEvents: 1, skipped: { bot_event: 1 } });
    const values = await reportValues(t.app, key, site, range('2026-03-04', '2026-03-04'));
    expect(values.overview).toEqual({ sessions: 2, pageviews: 3, users: 2, pages_per_session: 1.5, bounce_rate: 50, session_duration: 35 });
    expect(values.pages).toEqual([['/about', 2, 2], ['/', 1, 1]]);
    expect(values.sources).toEqual([['', 1], ['duckduckgo.com', 1]]);
    expect(await stored(site)).toEqual({ events: 4, sessions: 2, aggregates: 0, actions: 1, pages: 10 });
  });

  it('imports a Plausible CSV export (ZIP) as daily aggregates the reports add', async () => {
    const site = await newSite('plausible.example.com');
    const { total } = await importOverHttp(t.app, key, site, 'plausible_csv', 'plausible.zip', 4);
    expect(total).toEqual({ importedEvents: 14, skippedEvents: 0, skipped: {} });
    const values = await reportValues(t.app, key, site, range('2026-02-01', '2026-02-02'));
    expect(values.overview).toEqual({ sessions: 21, pageviews: 45, users: 18, pages_per_session: 2.14, bounce_rate: 33.33, session_duration: 50 });
    expect(values.pages).toEqual([['/', 14, 21], ['/blog', 9, 24]]);
    expect(values.sources).toEqual([['google.com', 16], ['', 5]]);
    const series = await call(t.app, key, { method: 'GET', url: `/api/sites/${site}/overview/time-series?bucket=day&${range('2026-01-31', '2026-02-02')}` });
    expect((series.json() as { data: Array<{ time: string; sessions: number; pageviews: number }> }).data.map((b) => [b.time, b.sessions, b.pageviews]))
      .toEqual([['2026-01-31 00:00:00', 0, 0], ['2026-02-01 00:00:00', 12, 25], ['2026-02-02 00:00:00', 9, 20]]);
    // One day only, and a filter: aggregates cannot be filtered, so they are left out.
    expect((await reportValues(t.app, key, site, range('2026-02-02', '2026-02-02'))).overview).toMatchObject({ sessions: 9, pageviews: 20, users: 8 });
    const filtered = await call(t.app, key, { method: 'GET', url: `/api/sites/${site}/overview?${range('2026-02-01', '2026-02-02')}&filters=${encodeURIComponent('[{"parameter":"country","type":"equals","value":["FR"]}]')}` });
    expect((filtered.json() as { data: { sessions: number } }).data.sessions).toBe(0);
    const events = await call(t.app, key, { method: 'GET', url: `/api/sites/${site}/metric?parameter=event_name&${range('2026-02-01', '2026-02-02')}` });
    expect((events.json() as { data: { data: Array<{ value: string; count: number }> } }).data.data.map((e) => [e.value, e.count])).toEqual([['Signup', 5]]);
  });

  it("takes Rybbit's plausible raw event rows, in a batch larger than the default 1 MB body limit", async () => {
    const site = await newSite('plausible-raw.example.com');
    const created = await call(t.app, key, { method: 'POST', url: `/api/sites/${site}/imports`, payload: { platform: 'plausible' } });
    const importId = (created.json() as { data: { importId: string } }).data.importId;
    const row = (n: number) => ({
      timestamp: `2026-03-07 10:${String(Math.floor(n / 60) % 60).padStart(2, '0')}:${String(n % 60).padStart(2, '0')}`,
      session_id: `s${n % 2}`, user_id: `u${n % 2}`, hostname: 'raw.example.com', pathname: n === 0 ? '/' : `/long/${'x'.repeat(1900)}/${n}`,
      querystring: '', referrer: n === 0 ? 'https://www.bing.com/search' : '', browser: 'Chrome', browser_version: '126', operating_system: 'Windows',
      operating_system_version: '10', device_type: 'Desktop', country: 'FR', region: '', city: '', type: 'pageview', event_name: '', props: '',
    });
    const events = [...Array.from({ length: 600 }, (_, n) => row(n)), { ...row(600), type: 'custom_event', event_name: 'buy', props: '{"amount":3}' }];
    const res = await call(t.app, key, { method: 'POST', url: `/api/sites/${site}/imports/${importId}/events`, payload: { events, isLastBatch: true } });
    expect(JSON.stringify({ events }).length).toBeGreaterThan(1024 * 1024);
    expect([res.statusCode, res.json()]).toEqual([200, { data: { importedEvents: 601, skippedEvents: 0, skipped: {} } }]);
    const values = await reportValues(t.app, key, site, range('2026-03-07', '2026-03-07'));
    expect(values.overview).toMatchObject({ sessions: 2, pageviews: 600, users: 2 });
    expect(values.sources).toEqual([['', 1], ['bing.com', 1]]);
    const [buy] = await rows<{ props: string }>(t, "SELECT props FROM events WHERE site_id = {site:UInt32} AND event_name = 'buy'", { site });
    expect(buy).toEqual({ props: '{"amount":3}' });
  });

  it('importing the same file twice changes nothing; deleting an import restores the figures from before it', async () => {
    const site = await newSite('twice.example.com');
    await seedEvents(t, site, [
      { session_id: 1, user_id: 'live', at: '2026-03-02T08:00:00Z', pathname: '/docs' },
      { session_id: 1, user_id: 'live', at: '2026-03-02T08:05:00Z', pathname: '/' },
    ]);
    const window = range('2026-02-01', '2026-03-03');
    const before = await reportValues(t.app, key, site, window);
    const storedBefore = await stored(site);
    const first = await importOverHttp(t.app, key, site, 'umami', 'umami.csv');
    const plausible = await importOverHttp(t.app, key, site, 'plausible_csv', 'plausible.zip', 50);
    const after = await reportValues(t.app, key, site, window);
    expect(after.overview).toMatchObject({ sessions: 1 + 4 + 21, pageviews: 2 + 7 + 45, users: 1 + 3 + 18 });
    expect(after.pages).toEqual([['/', 1 + 2 + 14, 1 + 2 + 21], ['/blog', 9, 24], ['/docs', 1 + 3, 1 + 3], ['/pricing', 2, 2]]);

    const again = await importOverHttp(t.app, key, site, 'umami', 'umami.csv', 5);
    expect(again.total).toEqual({ importedEvents: 0, skippedEvents: 8, skipped: { already_imported: 8 } });
    const plausibleAgain = await importOverHttp(t.app, key, site, 'plausible_csv', 'plausible.zip', 50);
    expect(plausibleAgain.total).toEqual({ importedEvents: 0, skippedEvents: 14, skipped: { already_imported: 14 } });
    // The same rows posted again to a running import are skipped too.
    const created = await call(t.app, key, { method: 'POST', url: `/api/sites/${site}/imports`, payload: { platform: 'umami' } });
    const openId = (created.json() as { data: { importId: string } }).data.importId;
    const repost = await call(t.app, key, { method: 'POST', url: `/api/sites/${site}/imports/${openId}/events`, payload: { events: first.rows.slice(0, 2) } });
    expect(repost.json()).toEqual({ data: { importedEvents: 0, skippedEvents: 2, skipped: { already_imported: 2 } } });
    expect(await reportValues(t.app, key, site, window)).toEqual(after);

    const list = await call(t.app, key, { method: 'GET', url: `/api/sites/${site}/imports` });
    const listed = (list.json() as { data: Array<{ importId: string; status: string; importedEvents: number; skippedEvents: number; platform: string }> }).data;
    expect(listed.map((item) => [item.platform, item.status, item.importedEvents, item.skippedEvents]).sort()).toEqual([
      ['plausible_csv', 'completed', 0, 14], ['plausible_csv', 'completed', 14, 0], ['umami', 'completed', 0, 8], ['umami', 'completed', 8, 0], ['umami', 'running', 0, 2],
    ]);

    for (const importId of [first.importId, plausible.importId]) {
      const deleted = await call(t.app, key, { method: 'DELETE', url: `/api/sites/${site}/imports/${importId}` });
      expect([deleted.statusCode, deleted.json()]).toEqual([200, { success: true }]);
    }
    expect(await reportValues(t.app, key, site, window)).toEqual(before);
    expect(await stored(site)).toEqual(storedBefore);
    const gone = await call(t.app, key, { method: 'DELETE', url: `/api/sites/${site}/imports/${first.importId}` });
    expect(gone.statusCode).toBe(404);
  });

  it("deleting an import writes again the days of people also seen live on them, from their live events", async () => {
    const site = await newSite('live-and-imported.example.com');
    // The Umami file's first visitor (its session id is its visitor id), seen live later the same day.
    const visitor = '0a6e9c1e-aaaa-4000-8000-00000000000a';
    await seedEvents(t, site, [{ session_id: 1, user_id: visitor, at: '2026-03-02T12:00:00Z', pathname: '/live' }]);
    const { importId } = await importOverHttp(t.app, key, site, 'umami', 'umami.csv');
    const imported = await userDaysOf(t, site);
    expect(imported.filter((row) => row.startsWith(`2026-03-02 ${visitor} `))).toHaveLength(1);
    expect(imported.length).toBeGreaterThan(1);
    expect(imported).toEqual(await userDaysFromEvents(t, site));
    const deleted = await call(t.app, key, { method: 'DELETE', url: `/api/sites/${site}/imports/${importId}` });
    expect(deleted.statusCode).toBe(200);
    expect(await userDaysOf(t, site)).toEqual([`2026-03-02 ${visitor} 2026-03-02 12:00:00.000 2026-03-02 12:00:00.000 1 0`]);
  });

  it('refuses a batch with bad rows whole, naming each row and field', async () => {
    const site = await newSite('bad.example.com');
    const created = await call(t.app, key, { method: 'POST', url: `/api/sites/${site}/imports`, payload: { platform: 'umami' } });
    const importId = (created.json() as { data: { importId: string } }).data.importId;
    const good = { session_id: 's1', created_at: '2026-03-02 10:00:00', url_path: '/', event_type: '1' };
    const res = await call(t.app, key, {
      method: 'POST', url: `/api/sites/${site}/imports/${importId}/events`,
      payload: { events: [good, { ...good, created_at: '2026-02-30 10:00:00' }, { ...good, event_type: '2' }, 'text', { ...good, created_at: '1969-12-31 10:00:00' }] },
    });
    expect(res.statusCode).toBe(400);
    const body = res.json() as { error: string; details: { fieldErrors: Record<string, string[]> } };
    expect(body.error).toMatch(/^Invalid event at row 1, field 'created_at': Expected a time/);
    expect(body.error).toContain('4 bad rows in all; nothing from this batch was stored');
    expect(Object.keys(body.details.fieldErrors)).toEqual(['events.1.created_at', 'events.2.event_name', 'events.3', 'events.4.created_at']);
    expect(await stored(site)).toMatchObject({ events: 0 });
    // A row dated after now is skipped, not refused; a lone surrogate (JSON allows it, the store does not) is stored as U+FFFD.
    const future = await call(t.app, key, {
      method: 'POST', url: `/api/sites/${site}/imports/${importId}/events`,
      payload: `{"isLastBatch":true,"events":[${JSON.stringify(good).replace('"url_path":"/"', '"url_path":"/\\ud800"')},${JSON.stringify({ ...good, created_at: '2026-03-11 10:00:00' })}]}`,
      headers: { 'content-type': 'application/json' },
    });
    expect(future.json()).toEqual({ data: { importedEvents: 1, skippedEvents: 1, skipped: { future_timestamp: 1 } } });
    expect(await rows(t, 'SELECT pathname FROM events WHERE site_id = {site:UInt32}', { site })).toEqual([{ pathname: '/\uFFFD' }]);
    const late = await call(t.app, key, { method: 'POST', url: `/api/sites/${site}/imports/${importId}/events`, payload: { events: [good] } });
    expect([late.statusCode, late.json()]).toEqual([400, { error: 'Import is already complete' }]);
  });

  it.each([
    ['an unknown platform', 'POST', '', { platform: 'mixpanel' }, 400],
    ['an import id that is not a UUID', 'POST', '/not-a-uuid/events', { events: [] }, 400],
    ['an unknown import', 'POST', '/6f1c2a30-1111-4a00-8000-00000000ffff/events', { events: [] }, 404],
    ['events that are not an array', 'POST', '/6f1c2a30-1111-4a00-8000-00000000ffff/events', { events: 'x' }, 400],
  ])('answers %s with %s', async (_name, method, path, payload, status) => {
    const site = await newSite(`status-${status}-${path.length}.example.com`);
    const res = await call(t.app, key, { method: method as 'POST', url: `/api/sites/${site}/imports${path}`, payload });
    expect(res.statusCode).toBe(status);
  });

  it('lets only admins list or start imports: a member and a stranger are refused', async () => {
    const site = await newSite('access.example.com');
    const member = await signUp(t.app, 'imports-member@example.com');
    const accept = await inviteAndAccept(t.app, owner, member, org, 'imports-member@example.com', 'member');
    expect(accept.statusCode).toBe(200);
    const stranger = await signUp(t.app, 'imports-stranger@example.com');
    const statuses = [];
    for (const who of [member, stranger]) {
      for (const [method, path] of [['GET', ''], ['POST', '']] as const) {
        const res = await call(t.app, who, { method, url: `/api/sites/${site}/imports${path}`, ...(method === 'POST' ? { payload: { platform: 'umami' } } : {}) });
        statuses.push(res.statusCode);
      }
    }
    expect(statuses).toEqual([403, 403, 403, 403]);
    const scoped = await createOrganizationKey(t.app, owner, org, { name: 'imports only', permissions: { imports: ['read', 'write'] } });
    const readOnly = await createOrganizationKey(t.app, owner, org, { name: 'analytics only', permissions: { analytics: ['read'] } });
    const start = (credential: { key: string }) => call(t.app, credential, { method: 'POST', url: `/api/sites/${site}/imports`, payload: { platform: 'loupe' } });
    expect([(await start(scoped)).statusCode, (await start(readOnly)).statusCode]).toEqual([200, 403]);
  });
});
