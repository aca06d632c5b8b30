// GET /api/sites/{site}/export: exact NDJSON and CSV of hand-built events, range and site scoping, bots on
// request, access and 400s; and a round trip: the export stored into a fresh site gives identical reports.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createOrganization, createOrganizationKey, createSite, signUp } from '../helpers/auth-client.js';
import { seedBotEvents, seedEvents, type SeedRow } from '../helpers/seed-events.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { storeExport } from '../helpers/store-export.js';
import { EVENT_COLUMNS } from '../../src/exports/export-columns.js';

const RANGE = 'start_date=2026-03-01&end_date=2026-03-15';
const EVENTS: SeedRow[] = [
  { session_id: 1, user_id: 'u1', at: '2026-03-10T10:00:00.250Z', pathname: '/', page_title: 'Home', channel: 'Organic Search', referrer: 'https://www.google.com/', browser: 'Chrome', country: 'FR', screen_width: 1920 },
  { session_id: 1, user_id: 'u1', at: '2026-03-10T10:01:00Z', pathname: '/pricing', page_title: '=HYPERLINK("x")', channel: 'Organic Search', browser: 'Chrome', country: 'FR', url_parameters: { ref: 'a,b' } },
  { session_id: 1, user_id: 'u1', at: '2026-03-10T10:02:00Z', type: 'custom_event', event_name: 'signup', props: '{"plan":"pro"}', pathname: '/pricing', channel: 'Organic Search', browser: 'Chrome', country: 'FR' },
  { session_id: 1, user_id: 'u1', at: '2026-03-10T10:03:00Z', type: 'performance', lcp: 1200.5, cls: 0.05, pathname: '/pricing', channel: 'Organic Search', browser: 'Chrome', country: 'FR' },
  { session_id: 2, user_id: 'u2', identified_user_id: 'bob', at: '2026-03-11T09:00:00Z', pathname: '/blog', channel: 'Direct', browser: 'Firefox', country: 'DE' },
  { session_id: '18446744073709551615', user_id: 'u3', at: '2026-03-12T23:59:59.999Z', pathname: '/', channel: 'Referral', referrer: 'https://news.example.org/a', browser: 'Safari', country: 'US' },
  // Outside the range.
  { session_id: 4, user_id: 'u4', at: '2026-02-01T09:00:00Z', pathname: '/old' },
];

describe('raw event export', () => {
  let t: TestApp;
  let owner: { cookie: string };
  let stranger: { cookie: string };
  let org: string;
  let site: number;
  let other: number;
  let copy: number;

  beforeAll(async () => {
    t = await createTestApp({ clock: () => Date.parse('2026-03-20T12:00:00Z') });
    owner = await signUp(t.app, 'export-owner@example.com');
    stranger = await signUp(t.app, 'export-stranger@example.com');
    org = await createOrganization(t.app, owner.cookie, 'export-org');
    site = (await createSite(t.app, owner, org, { domain: 'export.example.com', public: true })).siteId;
    other = (await createSite(t.app, owner, org, { domain: 'other.example.com' })).siteId;
    copy = (await createSite(t.app, owner, org, { domain: 'copy.example.com' })).siteId;
    await seedEvents(t, site, EVENTS);
    await seedEvents(t, other, [{ session_id: 1, at: '2026-03-10T10:00:00Z', pathname: '/other' }]);
    await seedBotEvents(t, site, [{ at: '2026-03-10T08:00:00Z', bot_name: 'Googlebot', bot_category: 'search', user_agent: 'Googlebot/2.1', pathname: '/', asn: 15169, ua_pattern: 1 }]);
  }, 60_000);
  afterAll(async () => t.close());

  const exportOf = (query: string, headers: Record<string, string> = {}) =>
    call(t.app, owner, { method: 'GET', url: `/api/sites/${site}/export?${query}`, headers });
  const lines = (body: string) => body.split('\n').filter((line) => line.length > 0).map((line) => JSON.parse(line) as Record<string, unknown>);

  it('streams the range\'s human events as NDJSON, one stored row per line, by time', async () => {
    const res = await exportOf(RANGE);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/x-ndjson; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="loupe-site-${site}-2026-03-01-to-2026-03-15.ndjson"`);
    expect(res.body.endsWith('\n')).toBe(true);
    const rows = lines(res.body);
    expect(rows.map((row) => [row.table, row.timestamp, row.type, row.pathname])).toEqual([
      ['events', '2026-03-10 10:00:00.250', 'pageview', '/'],
      ['events', '2026-03-10 10:01:00.000', 'pageview', '/pricing'],
      ['events', '2026-03-10 10:02:00.000', 'custom_event', '/pricing'],
      ['events', '2026-03-10 10:03:00.000', 'performance', '/pricing'],
      ['events', '2026-03-11 09:00:00.000', 'pageview', '/blog'],
      ['events', '2026-03-12 23:59:59.999', 'pageview', '/'],
    ]);
    const first = rows[0] ?? {};
    expect(Object.keys(first)).toEqual(['table', ...EVENT_COLUMNS]);
    expect(first).toMatchObject({
      site_id: site, session_id: '1', session_start: '2026-03-10 10:00:00.250', user_id: 'u1', identified_user_id: '', page_title: 'Home',
      channel: 'Organic Search', referrer: 'https://www.google.com/', browser: 'Chrome', country: 'FR', screen_width: 1920, lcp: null, url_parameters: {}, feature_flags: {},
    });
    expect(rows[1]).toMatchObject({ url_parameters: { ref: 'a,b' }, page_title: '=HYPERLINK("x")' });
    expect(rows[2]).toMatchObject({ event_name: 'signup', props: '{"plan":"pro"}' });
    expect(rows[3]).toMatchObject({ lcp: 1200.5, cls: 0.05, inp: null });
    expect(rows[4]).toMatchObject({ identified_user_id: 'bob', session_id: '2' });
    expect(rows[5]).toMatchObject({ session_id: '18446744073709551615' });
  });

  it('adds the bot events after the human ones with bots=true; without a range it exports all time', async () => {
    const rows = lines((await exportOf('bots=true')).body);
    expect(rows.map((row) => [row.table, row.timestamp])).toEqual([
      ['events', '2026-02-01 09:00:00.000'],
      ...EVENTS.slice(0, 6).map((event) => ['events', new Date(event.at).toISOString().slice(0, 23).replace('T', ' ')]),
      ['bot_events', '2026-03-10 08:00:00.000'],
    ]);
    expect(rows.at(-1)).toMatchObject({ site_id: site, bot_name: 'Googlebot', bot_category: 'search', user_agent: 'Googlebot/2.1', asn: 15169, ua_pattern: 1, header_heuristics: 0 });
  });

  it('reads the range in time_zone: a day in Tokyo starts 9 hours before UTC\'s', async () => {
    const rows = lines((await exportOf('start_date=2026-03-13&end_date=2026-03-13&time_zone=Asia/Tokyo')).body);
    expect(rows.map((row) => row.timestamp)).toEqual(['2026-03-12 23:59:59.999']);
  });

  it('writes CSV with format=csv or Accept: text/csv, formula cells guarded', async () => {
    const byParam = await exportOf(`${RANGE}&format=csv&bots=true`);
    const byAccept = await exportOf(`${RANGE}&bots=true`, { accept: 'text/csv' });
    expect(byParam.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(byParam.headers['content-disposition']).toBe(`attachment; filename="loupe-site-${site}-2026-03-01-to-2026-03-15.csv"`);
    expect(byAccept.body).toBe(byParam.body);
    const records = byParam.body.split('\r\n');
    expect(records).toHaveLength(1 + 7 + 1);
    expect(records[0]).toBe(['table', ...EVENT_COLUMNS, 'user_agent', 'asn', 'bot_name', 'bot_category', 'ai_operator', 'ai_purpose', 'ua_pattern', 'header_heuristics', 'client_signals', 'bot_asn', 'rate_anomaly'].join(','));
    expect(records[2]).toContain(`,"{""ref"":""a,b""}","'=HYPERLINK(""x"")",`);
    expect(records[3]).toContain(',"{""plan"":""pro""}",');
    expect(records[7]?.startsWith(`bot_events,${site},2026-03-10 08:00:00.000,`)).toBe(true);
    expect(records[7]?.endsWith(',Googlebot/2.1,15169,Googlebot,search,,,1,0,0,0,0')).toBe(true);
  });

  it('exports one site only', async () => {
    const rows = lines((await call(t.app, owner, { method: 'GET', url: `/api/sites/${other}/export` })).body);
    expect(rows.map((row) => [row.site_id, row.pathname])).toEqual([[other, '/other']]);
  });

  it.each([
    ['format=xml', "Invalid query parameter 'format'"],
    ['bots=yes', "Invalid query parameter 'bots'"],
    ['start_date=2026-03-01', 'start_date and end_date must be given together'],
    ['start_date=2026-03-05&end_date=2026-03-01', 'start_date must not be after end_date'],
    ['start_date=2026-02-30&end_date=2026-03-01', 'Invalid start_date: expected YYYY-MM-DD'],
    ['time_zone=Mars/Olympus', 'Invalid time_zone'],
    ['filters=[]', 'Invalid query parameter'],
  ])('answers 400 to %s', async (query, message) => {
    const res = await exportOf(query);
    expect(res.statusCode).toBe(400);
    expect((res.json() as { error: string }).error).toContain(message);
  });

  it('is for the site\'s organization only, even when the site is public', async () => {
    const reader = await createOrganizationKey(t.app, owner, org, { name: 'users-only', permissions: { users: ['read'] } });
    const url = `/api/sites/${site}/export`;
    const answers = [];
    for (const who of [undefined, stranger, { key: reader.key }]) {
      const res = await call(t.app, who, { method: 'GET', url });
      answers.push([res.statusCode, res.json()]);
    }
    expect(answers).toEqual([
      [401, { error: 'Authentication required' }],
      [403, { error: 'No access to this site' }],
      [403, { error: 'API key lacks the analytics:read scope', required: 'analytics:read' }],
    ]);
  });

  it('stored into a fresh site, the export gives that site the same reports', async () => {
    const exported = (await exportOf('bots=true')).body;
    await storeExport(t.services.analytics, exported, copy);
    const reports = [
      `/overview?${RANGE}`, `/overview/time-series?${RANGE}&bucket=day`, `/metric?${RANGE}&parameter=pathname`, `/metric?${RANGE}&parameter=channel`,
      `/metric?${RANGE}&parameter=referrer`, `/metric?${RANGE}&parameter=country`, `/page-titles?${RANGE}`, `/events/names?${RANGE}`,
      `/performance/overview?${RANGE}`, `/users?${RANGE}`, `/bots/overview?${RANGE}`, '/overview',
    ];
    for (const report of reports) {
      const original = await call(t.app, owner, { method: 'GET', url: `/api/sites/${site}${report}` });
      const copied = await call(t.app, owner, { method: 'GET', url: `/api/sites/${copy}${report}` });
      expect([report, copied.statusCode, copied.json()]).toEqual([report, 200, original.json()]);
    }
    const sessions = (id: number) => call(t.app, owner, { method: 'GET', url: `/api/sites/${id}/sessions?${RANGE}` });
    const strip = (body: unknown) => JSON.stringify(body);
    expect(strip((await sessions(copy)).json())).toBe(strip((await sessions(site)).json()));
    expect((await exportOf('bots=true')).body.replaceAll(`"site_id":${site},`, `"site_id":${copy},`)).toBe(
      (await call(t.app, owner, { method: 'GET', url: `/api/sites/${copy}/export?bots=true` })).body,
    );
  });
});
