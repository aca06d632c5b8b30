// /metric and /page-titles on hand-built sessions: first values, page and event breakdowns, paging, filters, access.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createOrganization, createOrganizationKey, createSite, signUp } from '../helpers/auth-client.js';
import { seedEvents, type SeedRow } from '../helpers/seed-events.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

const s1 = { session_id: 1, user_id: 'u1', browser: 'Chrome', country: 'US', channel: 'Organic Search', referrer: 'https://www.google.com/search' };
const s2 = { session_id: 2, user_id: 'u2', browser: 'Firefox', country: 'DE', channel: 'Direct', referrer: '' };
const s3 = { session_id: 3, user_id: 'u1', browser: 'Chrome', country: 'US', channel: 'Direct', referrer: '' };
const s4 = { session_id: 4, user_id: 'u3', browser: 'Safari', country: 'FR', channel: 'Referral', referrer: 'https://news.example.org/a' };
const s5 = { session_id: 5, user_id: 'u4', browser: 'Edge', channel: 'Direct', referrer: '' };

const SESSIONS: SeedRow[] = [
  // Session 1: 3 pageviews and 2 signups over 240 s.
  { ...s1, at: '2026-03-10T10:00:00Z', pathname: '/', page_title: 'Home' },
  { ...s1, at: '2026-03-10T10:01:00Z', pathname: '/pricing', page_title: 'Pricing' },
  { ...s1, at: '2026-03-10T10:02:00Z', pathname: '/pricing', type: 'custom_event', event_name: 'signup' },
  { ...s1, at: '2026-03-10T10:03:00Z', pathname: '/signup', page_title: 'Sign up' },
  { ...s1, at: '2026-03-10T10:04:00Z', pathname: '/signup', type: 'custom_event', event_name: 'signup' },
  // Session 2: a bounce (one pageview) with a click 30 s later.
  { ...s2, at: '2026-03-10T11:00:00Z', pathname: '/', page_title: 'Home' },
  { ...s2, at: '2026-03-10T11:00:30Z', pathname: '/', type: 'custom_event', event_name: 'click' },
  // Session 3: one page viewed twice, 10 s apart.
  { ...s3, at: '2026-03-11T09:00:00Z', pathname: '/blog', page_title: 'Blog' },
  { ...s3, at: '2026-03-11T09:00:10Z', pathname: '/blog', page_title: 'Blog' },
  // Session 4: lands on /pricing with ?ref=hn, 300 s.
  { ...s4, at: '2026-03-12T08:00:00Z', pathname: '/pricing', page_title: 'Pricing', url_parameters: { ref: 'hn' } },
  { ...s4, at: '2026-03-12T08:05:00Z', pathname: '/', page_title: 'Home' },
  // Session 5: its first event comes from Canada, its second from the US (the first value counts).
  { ...s5, at: '2026-03-13T07:00:00Z', pathname: '/', page_title: 'Home', country: 'CA' },
  { ...s5, at: '2026-03-13T07:01:00Z', pathname: '/docs', page_title: 'Docs', country: 'US' },
  // Outside the range used below.
  { at: '2026-02-01T09:00:00Z', session_id: 6, browser: 'Chrome', pathname: '/old', page_title: 'Old' },
];

const RANGE = 'start_date=2026-03-01&end_date=2026-03-15';

describe('metric and page titles', () => {
  let t: TestApp;
  let owner: { cookie: string };
  let org: string;
  let siteId: number;

  beforeAll(async () => {
    t = await createTestApp({ clock: () => Date.parse('2026-03-20T12:00:00Z') });
    owner = await signUp(t.app, 'metric@example.com');
    org = await createOrganization(t.app, owner.cookie, 'metric-org');
    siteId = (await createSite(t.app, owner, org, { domain: 'metric.example.com' })).siteId;
    await seedEvents(t, siteId, SESSIONS);
  });
  afterAll(async () => t.close());

  const get = (url: string) => call(t.app, owner, { method: 'GET', url: `/api/sites/${siteId}${url}` });
  const metric = async (qs: string) => {
    const res = await get(`/metric?${RANGE}&${qs}`);
    expect(res.statusCode).toBe(200);
    return res.json().data as { data: Array<Record<string, unknown>>; totalCount: number };
  };
  const pick = (rows: Array<Record<string, unknown>>, ...keys: string[]) => rows.map((row) => keys.map((key) => row[key]));

  it('counts sessions by their first browser, with pageviews, bounce rate and duration', async () => {
    expect(await metric('parameter=browser')).toEqual({
      data: [
        { value: 'Chrome', count: 2, percentage: 40, sessions: 2, pageviews: 5, pageviews_percentage: 50, bounce_rate: 0, avg_session_duration: 125 },
        { value: 'Edge', count: 1, percentage: 20, sessions: 1, pageviews: 2, pageviews_percentage: 20, bounce_rate: 0, avg_session_duration: 60 },
        { value: 'Firefox', count: 1, percentage: 20, sessions: 1, pageviews: 1, pageviews_percentage: 10, bounce_rate: 100, avg_session_duration: 30 },
        { value: 'Safari', count: 1, percentage: 20, sessions: 1, pageviews: 2, pageviews_percentage: 20, bounce_rate: 0, avg_session_duration: 300 },
      ],
      totalCount: 4,
    });
  });

  it.each([
    ['country', [['US', 2, 40], ['CA', 1, 20], ['DE', 1, 20], ['FR', 1, 20]]],
    ['referrer', [['', 3, 60], ['google.com', 1, 20], ['news.example.org', 1, 20]]],
    ['channel', [['Direct', 3, 60], ['Organic Search', 1, 20], ['Referral', 1, 20]]],
    ['entry_page', [['/', 3, 60], ['/blog', 1, 20], ['/pricing', 1, 20]]],
    ['exit_page', [['/', 2, 40], ['/blog', 1, 20], ['/docs', 1, 20], ['/signup', 1, 20]]],
    ['url_param:ref', [['', 4, 80], ['hn', 1, 20]]],
    ['user_id', [['u1', 2, 40], ['u2', 1, 20], ['u3', 1, 20], ['u4', 1, 20]]],
  ])('attributes each session once by %s (the empty value kept)', async (parameter, expected) => {
    expect(pick((await metric(`parameter=${encodeURIComponent(parameter)}`)).data, 'value', 'count', 'percentage')).toEqual(expected);
  });

  it('counts the sessions that viewed each pathname, and its own pageviews', async () => {
    const page = await metric('parameter=pathname');
    expect(pick(page.data, 'value', 'count', 'percentage', 'pageviews', 'pageviews_percentage', 'bounce_rate')).toEqual([
      ['/', 4, 44.44, 4, 40, 25],
      ['/pricing', 2, 22.22, 2, 20, 0],
      ['/blog', 1, 11.11, 2, 20, 0],
      ['/docs', 1, 11.11, 1, 10, 0],
      ['/signup', 1, 11.11, 1, 10, 0],
    ]);
    expect(page.totalCount).toBe(5);
    // Page breakdowns carry no session duration, but the engaged time on the page (these rows have no engagement events).
    expect(page.data[0]).toEqual({ value: '/', count: 4, percentage: 44.44, sessions: 4, pageviews: 4, pageviews_percentage: 40, bounce_rate: 25, time_on_page_seconds: 0 });
  });

  it('counts custom event occurrences by event_name', async () => {
    expect(pick((await metric('parameter=event_name')).data, 'value', 'count', 'percentage', 'sessions', 'pageviews', 'pageviews_percentage', 'bounce_rate')).toEqual([
      ['signup', 2, 66.67, 1, 3, 75, 0],
      ['click', 1, 33.33, 1, 1, 25, 100],
    ]);
  });

  it.each([
    ['limit=2&page=1', ['/', '/pricing']],
    ['limit=2&page=2', ['/blog', '/docs']],
    ['limit=2&page=3', ['/signup']],
    ['limit=2&page=4', []],
    ['limit=3', ['/', '/pricing', '/blog']],
  ])('pages with %s and keeps totalCount and percentages of the whole', async (qs, values) => {
    const page = await metric(`parameter=pathname&${qs}`);
    expect(page.data.map((row) => row.value)).toEqual(values);
    expect(page.totalCount).toBe(5);
    if (values.includes('/blog')) expect(page.data.find((row) => row.value === '/blog')?.percentage).toBe(11.11);
  });

  it('applies filters before breaking down', async () => {
    const filters = encodeURIComponent(JSON.stringify([{ parameter: 'browser', type: 'equals', value: ['Chrome'] }]));
    const page = await metric(`parameter=pathname&filters=${filters}`);
    expect(pick(page.data, 'value', 'count', 'percentage')).toEqual([['/', 1, 25], ['/blog', 1, 25], ['/pricing', 1, 25], ['/signup', 1, 25]]);
    const byChannel = encodeURIComponent(JSON.stringify([{ parameter: 'channel', type: 'equals', value: ['Direct'] }]));
    expect(pick((await metric(`parameter=browser&filters=${byChannel}`)).data, 'value', 'count')).toEqual([['Chrome', 1], ['Edge', 1], ['Firefox', 1]]);
  });

  it('applies a saved segment', async () => {
    const created = await call(t.app, owner, {
      method: 'POST',
      url: `/api/sites/${siteId}/segments`,
      payload: { name: 'Firefox and Safari', filters: [{ parameter: 'browser', type: 'equals', value: ['Firefox', 'Safari'] }] },
    });
    expect(created.statusCode).toBe(200);
    const page = await metric(`parameter=entry_page&segment_id=${created.json().segmentId as number}`);
    expect(pick(page.data, 'value', 'count', 'percentage')).toEqual([['/', 1, 50], ['/pricing', 1, 50]]);
  });

  it('covers all time without a range', async () => {
    const res = await get('/metric?parameter=browser');
    expect(pick(res.json().data.data, 'value', 'count')).toEqual([['Chrome', 3], ['Edge', 1], ['Firefox', 1], ['Safari', 1]]);
  });

  it('lists page titles with their pathname, sessions, pageviews, bounce rate and time on page', async () => {
    const res = await get(`/page-titles?${RANGE}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      data: {
        data: [
          // These seeds carry no engagement events, so no page has engaged time (test/rybbit/rybbit-field-forms.test.ts has some).
          { value: 'Home', pathname: '/', count: 4, percentage: 44.44, pageviews: 4, bounce_rate: 25, time_on_page_seconds: 0 },
          { value: 'Pricing', pathname: '/pricing', count: 2, percentage: 22.22, pageviews: 2, bounce_rate: 0, time_on_page_seconds: 0 },
          { value: 'Blog', pathname: '/blog', count: 1, percentage: 11.11, pageviews: 2, bounce_rate: 0, time_on_page_seconds: 0 },
          { value: 'Docs', pathname: '/docs', count: 1, percentage: 11.11, pageviews: 1, bounce_rate: 0, time_on_page_seconds: 0 },
          { value: 'Sign up', pathname: '/signup', count: 1, percentage: 11.11, pageviews: 1, bounce_rate: 0, time_on_page_seconds: 0 },
        ],
        totalCount: 5,
      },
    });
    const second = (await get(`/page-titles?${RANGE}&limit=2&page=2`)).json().data;
    expect([second.data.map((row: { value: string }) => row.value), second.totalCount]).toEqual([['Blog', 'Docs'], 5]);
  });

  it.each([
    ['/metric?parameter=nope', "Invalid parameter: unknown dimension 'nope'"],
    ['/metric?parameter=url_param:', "Invalid parameter: unknown dimension 'url_param:'"],
    ['/metric', "Invalid query parameter 'parameter'"],
    ['/metric?parameter=browser&limit=0', "Invalid query parameter 'limit'"],
    ['/metric?parameter=browser&limit=10001', "Invalid query parameter 'limit'"],
    ['/metric?parameter=browser&limit=ten', "Invalid query parameter 'limit'"],
    ['/metric?parameter=browser&page=0', "Invalid query parameter 'page'"],
    ['/metric?parameter=browser&start_date=2026-03-01', 'end_date'],
    ['/page-titles?limit=2.5', "Invalid query parameter 'limit'"],
  ])('answers 400 for %s', async (url, message) => {
    const res = await get(url);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toContain(message);
  });

  it('serves a public site without credentials and refuses a key without analytics:read', async () => {
    const open = await createSite(t.app, owner, org, { domain: 'open-metric.example.com', public: true });
    await seedEvents(t, open.siteId, [{ at: '2026-03-10T10:00:00Z', session_id: 9, browser: 'Opera' }]);
    const anonymous = await call(t.app, undefined, { method: 'GET', url: `/api/sites/${open.siteId}/metric?parameter=browser` });
    expect(anonymous.statusCode).toBe(200);
    expect(pick(anonymous.json().data.data, 'value', 'count')).toEqual([['Opera', 1]]);
    expect((await call(t.app, undefined, { method: 'GET', url: `/api/sites/${siteId}/metric?parameter=browser` })).statusCode).toBe(401);
    const key = await createOrganizationKey(t.app, owner, org, { name: 'sites only', permissions: { sites: ['read'] } });
    for (const path of ['/metric?parameter=browser', '/page-titles']) {
      const res = await call(t.app, { key: key.key }, { method: 'GET', url: `/api/sites/${siteId}${path}` });
      expect(res.statusCode).toBe(403);
    }
  });
});
