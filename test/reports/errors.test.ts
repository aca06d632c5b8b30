// /errors/names, /errors/events and /errors/time-series on hand-built error events: shares, details, ISO buckets.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createOrganization, createOrganizationKey, createSite, signUp } from '../helpers/auth-client.js';
import { seedEvents } from '../helpers/seed-events.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

const A = 'x is undefined';
const B = 'Network failed';
const C = 'Script error.';
const props = (fields: Record<string, unknown>) => JSON.stringify(fields);

describe('errors', () => {
  let t: TestApp;
  let owner: { cookie: string };
  let org: string;
  let siteId: number;

  beforeAll(async () => {
    t = await createTestApp({ clock: () => Date.parse('2026-03-20T12:00:00Z') });
    owner = await signUp(t.app, 'errors@example.com');
    org = await createOrganization(t.app, owner.cookie, 'errors-org');
    siteId = (await createSite(t.app, owner, org, { domain: 'err.example.com', public: true })).siteId;
    await seedEvents(t, siteId, [
      { at: '2026-03-10T10:00:00Z', session_id: 1, pathname: '/' },
      { at: '2026-03-10T10:05:00Z', session_id: 1, user_id: 'v1', type: 'error', event_name: 'Error', pathname: '/', browser: 'Chrome',
        props: props({ message: A, stack: 'at f (app.js:1:2)', filename: 'https://err.example.com/app.js', lineNumber: '42', columnNumber: 7 }) },
      { at: '2026-03-10T10:20:00Z', session_id: 1, user_id: 'v1', type: 'error', event_name: 'Error', pathname: '/', browser: 'Chrome', props: props({ message: B }) },
      { at: '2026-03-10T12:30:00Z', session_id: 2, user_id: 'v2', identified_user_id: 'alice', type: 'error', event_name: 'TypeError',
        pathname: '/pricing', hostname: 'err.example.com', browser: 'Firefox', operating_system: 'Linux', device_type: 'Desktop', country: 'DE',
        props: props({ message: A, stack: 'at g (vendor.js:9:1)', fileName: 'https://err.example.com/vendor.js', lineNumber: 9, columnNumber: 1, extra: true }) },
      { at: '2026-03-11T09:00:00Z', session_id: 3, user_id: 'v3', type: 'error', event_name: 'Error', browser: 'Chrome', props: props({ message: C }) },
      // Outside the range used below.
      { at: '2026-02-01T09:00:00Z', session_id: 4, type: 'error', event_name: 'Error', props: props({ message: C }) },
    ]);
  });
  afterAll(async () => t.close());

  const get = (url: string, credential: { cookie?: string; key?: string } | undefined = owner) =>
    call(t.app, credential, { method: 'GET', url: `/api/sites/${siteId}${url}` });
  const range = 'start_date=2026-03-01&end_date=2026-03-15';

  it('lists messages with counts, sessions and shares that sum to 100, count desc then message', async () => {
    const res = await get(`/errors/names?${range}`);
    expect(res.statusCode).toBe(200);
    const data = res.json().data as Array<{ percentage: number }>;
    expect(data).toEqual([
      { value: A, errorName: 'TypeError', count: 2, sessionCount: 2, percentage: 50 },
      { value: B, errorName: 'Error', count: 1, sessionCount: 1, percentage: 25 },
      { value: C, errorName: 'Error', count: 1, sessionCount: 1, percentage: 25 },
    ]);
    expect(data.reduce((sum, row) => sum + row.percentage, 0)).toBe(100);
  });

  it('rounds shares to 2 decimals (one day: 2 of 3 and 1 of 3)', async () => {
    const res = await get('/errors/names?start_date=2026-03-10&end_date=2026-03-10');
    expect(res.json().data.map((row: { value: string; percentage: number }) => [row.value, row.percentage])).toEqual([[A, 66.67], [B, 33.33]]);
  });

  // Ties go by message in byte order (upper case first).
  it('pages with shares of the whole range, and applies filters', async () => {
    expect((await get(`/errors/names?${range}&limit=1&page=2`)).json()).toEqual({
      data: { data: [{ value: B, errorName: 'Error', count: 1, sessionCount: 1, percentage: 25 }], totalCount: 3 },
    });
    const filters = encodeURIComponent(JSON.stringify([{ parameter: 'browser', type: 'equals', value: ['Chrome'] }]));
    const res = await get(`/errors/names?${range}&filters=${filters}`);
    expect(res.json().data.map((row: { value: string; count: number; percentage: number }) => [row.value, row.count, row.percentage])).toEqual([
      [B, 1, 33.33], [C, 1, 33.33], [A, 1, 33.33],
    ]);
  });

  it.each([
    ['page=1', { data: { data: [A, B, C], totalCount: 3 } }],
    ['page=1&limit=2', { data: { data: [A, B], totalCount: 3 } }],
    ['page=3&limit=1', { data: { data: [C], totalCount: 3 } }],
    ['page=4&limit=1', { data: { data: [], totalCount: 3 } }],
    ['limit=2', { data: [A, B] }],
  ])('answers {data: {data, totalCount}} with page and a bare list without it (%s)', async (qs, expected) => {
    const body = (await get(`/errors/names?${range}&${qs}`)).json();
    const values = (rows: Array<{ value: string }>) => rows.map((row) => row.value);
    expect(Array.isArray(body.data) ? { data: values(body.data) } : { data: { data: values(body.data.data), totalCount: body.data.totalCount } }).toEqual(expected);
  });

  it('covers all time without a range', async () => {
    const data = (await get('/errors/names')).json().data as Array<{ value: string; count: number }>;
    expect(data.map((row) => [row.value, row.count])).toEqual([[C, 2], [A, 2], [B, 1]]);
  });

  it('lists the occurrences of one message newest first with their details', async () => {
    const res = await get(`/errors/events?${range}&errorMessage=${encodeURIComponent(A)}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual([
      {
        timestamp: '2026-03-10 12:30:00.000', session_id: '2', user_id: 'v2', identified_user_id: 'alice', pathname: '/pricing',
        hostname: 'err.example.com', page_title: '', referrer: '', browser: 'Firefox', browser_version: '', operating_system: 'Linux',
        operating_system_version: '', device_type: 'Desktop', country: 'DE', region: '', city: '',
        message: A, stack: 'at g (vendor.js:9:1)', fileName: 'https://err.example.com/vendor.js', lineNumber: 9, columnNumber: 1, has_replay: 0,
      },
      {
        timestamp: '2026-03-10 10:05:00.000', session_id: '1', user_id: 'v1', identified_user_id: '', pathname: '/',
        hostname: '', page_title: '', referrer: '', browser: 'Chrome', browser_version: '', operating_system: '',
        operating_system_version: '', device_type: '', country: '', region: '', city: '',
        message: A, stack: 'at f (app.js:1:2)', fileName: 'https://err.example.com/app.js', lineNumber: 42, columnNumber: 7, has_replay: 0,
      },
    ]);
    expect((await get(`/errors/events?${range}&errorMessage=nope`)).json()).toEqual({ data: [] });
  });

  it.each([
    ['limit=1&page=1', ['2'], 2],
    ['limit=1&page=2', ['1'], 2],
    ['limit=1&page=3', [], 2],
    ['page=1', ['2', '1'], 2],
  ])('pages the occurrences as {data: {data, totalCount}} (%s)', async (qs, sessions, totalCount) => {
    const body = (await get(`/errors/events?${range}&errorMessage=${encodeURIComponent(A)}&${qs}`)).json();
    expect([body.data.data.map((row: { session_id: string }) => row.session_id), body.data.totalCount]).toEqual([sessions, totalCount]);
  });

  it('counts one message per hour, zero-filled, with UTC ISO bucket starts', async () => {
    const res = await get(`/errors/time-series?start_date=2026-03-10&end_date=2026-03-10&bucket=hour&errorMessage=${encodeURIComponent(A)}`);
    expect(res.statusCode).toBe(200);
    const body = res.json() as { success: boolean; data: Array<{ time: string; error_count: number }> };
    expect(body.success).toBe(true);
    expect(body.data).toHaveLength(24);
    expect(body.data[0]).toEqual({ time: '2026-03-10T00:00:00.000Z', error_count: 0 });
    expect(body.data.slice(9, 13)).toEqual([
      { time: '2026-03-10T09:00:00.000Z', error_count: 0 },
      { time: '2026-03-10T10:00:00.000Z', error_count: 1 },
      { time: '2026-03-10T11:00:00.000Z', error_count: 0 },
      { time: '2026-03-10T12:00:00.000Z', error_count: 1 },
    ]);
    expect(body.data.at(-1)).toEqual({ time: '2026-03-10T23:00:00.000Z', error_count: 0 });
  });

  it('uses hour buckets by default and local days of time_zone, still reporting UTC instants', async () => {
    const res = await get(`/errors/time-series?start_date=2026-03-10&end_date=2026-03-10&time_zone=America/New_York&errorMessage=${encodeURIComponent(A)}`);
    const data = res.json().data as Array<{ time: string; error_count: number }>;
    expect(data).toHaveLength(24);
    expect(data[0]?.time).toBe('2026-03-10T04:00:00.000Z');
    expect(data.at(-1)?.time).toBe('2026-03-11T03:00:00.000Z');
    expect(data.filter((row) => row.error_count > 0)).toEqual([
      { time: '2026-03-10T10:00:00.000Z', error_count: 1 },
      { time: '2026-03-10T12:00:00.000Z', error_count: 1 },
    ]);
  });

  it.each([
    ['/errors/time-series?bucket=hour', 'errorMessage'],
    ['/errors/time-series?errorMessage=', 'errorMessage'],
    ['/errors/events', 'errorMessage'],
    ['/errors/names?limit=0', 'limit'],
    ['/errors/names?page=abc', 'page'],
    ['/errors/names?filters=not-json', 'filters'],
    [`/errors/time-series?errorMessage=x&bucket=fortnight`, 'bucket'],
  ])('answers 400 naming the parameter for %s', async (url, parameter) => {
    const res = await get(url);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toContain(parameter);
  });

  it('shows a public site\'s error names without credentials, not its occurrences, and needs analytics:read on a key', async () => {
    // (A default parameter would turn an undefined credential into the owner's: call without one explicitly.)
    const signedOut = (url: string) => call(t.app, undefined, { method: 'GET', url: `/api/sites/${siteId}${url}` });
    const anonymous = await signedOut(`/errors/names?${range}`);
    expect(anonymous.statusCode).toBe(200);
    expect(anonymous.json().data).toHaveLength(3);
    // The occurrences (with stacks, sessions and user ids) are people-level: members only unless the site opts in.
    const occurrences = await signedOut(`/errors/events?${range}&errorMessage=${encodeURIComponent(A)}`);
    expect([occurrences.statusCode, occurrences.json()]).toEqual([401, { error: 'Authentication required' }]);
    const key = await createOrganizationKey(t.app, owner, org, { name: 'events only', permissions: { events: ['read'] } });
    const res = await get(`/errors/names?${range}`, { key: key.key });
    expect(res.statusCode).toBe(403);
  });
});
