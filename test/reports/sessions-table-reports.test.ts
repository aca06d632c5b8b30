// Reports without filters (overview, its series, /metric, /page-titles) read the sessions table; sessions
// crossing the range's edges, and sessions whose rows are not merged yet, must give the same figures as the
// per-event computation.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createOrganization, createSite, signUp } from '../helpers/auth-client.js';
import { seedEvents } from '../helpers/seed-events.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

describe('reports from the sessions table', () => {
  let t: TestApp;
  let owner: { cookie: string };
  let siteId: number;

  beforeAll(async () => {
    t = await createTestApp({ clock: () => Date.parse('2026-03-25T12:00:00Z') });
    owner = await signUp(t.app, 'overview-sessions@example.com');
    const org = await createOrganization(t.app, owner.cookie, 'overview-sessions-org');
    siteId = (await createSite(t.app, owner, org, { domain: 'ovs.example.com' })).siteId;
    const custom = { type: 'custom_event', event_name: 'click' };
    const dRow = (hm: string) => ({
      at: `2026-03-10T${hm}:00Z`, session_id: 'd', user_id: 'u1', pathname: `/d-${hm}`, country: 'GB', channel: 'Email',
      utm_source: 'newsletter', utm_medium: 'email', utm_campaign: 'spring', operating_system: 'Linux', browser: 'Firefox',
    });
    await seedEvents(t, siteId, [
      // A: wholly inside 10:00-12:00; Direct, then from Google (its channel is the first informative one).
      { at: '2026-03-10T10:30:00Z', session_id: 'a', user_id: 'u1', country: 'US', channel: 'Direct', pathname: '/a1', browser: 'Chrome' },
      { at: '2026-03-10T10:40:00Z', session_id: 'a', user_id: 'u1', country: 'US', channel: 'Organic Search', referrer: 'https://www.google.com/', utm_source: 'google', pathname: '/a2', browser: 'Chrome' },
      // B: began before the range (in France, from an ad); inside it one pageview and a custom event 15 min later.
      { at: '2026-03-10T09:50:00Z', session_id: 'b', user_id: 'u2', country: 'FR', channel: 'Paid Search', utm_source: 'ads', pathname: '/b0' },
      { at: '2026-03-10T10:05:00Z', session_id: 'b', user_id: 'u2', country: 'DE', channel: 'Direct', referrer: 'https://news.example/', pathname: '/b1' },
      { at: '2026-03-10T10:20:00Z', session_id: 'b', user_id: 'u2', country: 'DE', pathname: '/b1', ...custom },
      // C: runs past the range's end; one pageview inside.
      { at: '2026-03-10T11:50:00Z', session_id: 'c', user_id: 'u3', country: 'US', channel: 'Referral', referrer: 'https://blog.example/x', pathname: '/c1', device_type: 'Mobile' },
      { at: '2026-03-10T12:10:00Z', session_id: 'c', user_id: 'u3', pathname: '/c2' },
      // D: longer than the range on both sides; five pageviews inside, 10:20 to 11:59.
      ...['09:55', '10:20', '10:45', '11:10', '11:35', '11:59', '12:20'].map(dRow),
      // H: inside; a custom event before its first pageview.
      { at: '2026-03-10T10:10:00Z', session_id: 'h', user_id: 'u8', pathname: '/h0', ...custom },
      { at: '2026-03-10T10:11:00Z', session_id: 'h', user_id: 'u8', pathname: '/h1' },
      { at: '2026-03-10T10:12:00Z', session_id: 'h', user_id: 'u8', pathname: '/h2' },
      // J: inside; no pageview at all.
      { at: '2026-03-10T11:20:00Z', session_id: 'j', user_id: 'u10', pathname: '/j', ...custom },
      // F and G: before and after the range.
      { at: '2026-03-10T08:00:00Z', session_id: 'f', user_id: 'u6' },
      { at: '2026-03-10T13:00:00Z', session_id: 'g', user_id: 'u7' },
      // I: opened at 12:05 by one request while another, stamped 11:58, joined it.
      { at: '2026-03-10T11:58:00Z', session_id: 'i', user_id: 'u5', session_start: '2026-03-10 12:05:00.000', country: 'CA', channel: 'Social', pathname: '/i1' },
      { at: '2026-03-10T12:05:00Z', session_id: 'i', user_id: 'u5', session_start: '2026-03-10 12:05:00.000', country: 'CA', pathname: '/i2' },
    ].map((row) => ({ ...row, session_id: sessionNumber(row.session_id) })));
    // E: written in two inserts, so its rows sit in two parts until a merge: the first alone looks
    // wholly inside the range, the pair runs past its end. Its second event has no country, unlike its first,
    // so the ingestion marks it (attributes_changed) as the session store would.
    await seedEvents(t, siteId, [{ at: '2026-03-10T11:00:00Z', session_id: sessionNumber('e'), user_id: 'u4', country: 'US', channel: 'Direct', pathname: '/e1' }]);
    await seedEvents(t, siteId, [{ at: '2026-03-10T12:15:00Z', session_id: sessionNumber('e'), user_id: 'u4', session_start: '2026-03-10 11:00:00.000', pathname: '/e2', attributes_changed: 1 }]);
    // Z: written by a writer that does not know session starts (the column stays at its zero).
    await t.services.analytics.insert('events', ['2026-03-12 09:00:00.000', '2026-03-12 09:10:00.000'].map((timestamp) => ({
      site_id: siteId, timestamp, session_id: String(sessionNumber('z')), user_id: 'u9', type: 'pageview',
    })));
  });
  afterAll(async () => t.close());

  const get = (url: string) => call(t.app, owner, { method: 'GET', url: `/api/sites/${siteId}${url}` });
  const range = 'start_datetime=2026-03-10T10:00:00Z&end_datetime=2026-03-10T12:00:00Z';
  // Keeps every seeded event (their hostname is empty) but sends the report down the per-event path.
  const everything = `&filters=${encodeURIComponent(JSON.stringify([{ parameter: 'hostname', type: 'not_equals', value: ['none.invalid'] }]))}`;

  it('counts each session by its events inside the range, whichever side of an edge the rest fall', async () => {
    const expected = { sessions: 8, pageviews: 13, users: 7, pages_per_session: 1.63, bounce_rate: 50, session_duration: 945 };
    expect((await get(`/overview?${range}`)).json()).toEqual({ data: expected });
    expect((await get(`/overview?${range}${everything}`)).json()).toEqual({ data: expected });
  });

  it('buckets sessions by their first event inside the range, on both paths', async () => {
    const series = async (extra: string) =>
      ((await get(`/overview/time-series?${range}&bucket=hour${extra}`)).json().data as Array<{ time: string; sessions: number; pageviews: number; users: number }>)
        .map((bucket) => [bucket.time, bucket.sessions, bucket.pageviews, bucket.users]);
    const expected = [
      ['2026-03-10 10:00:00', 4, 10, 3],
      ['2026-03-10 11:00:00', 4, 3, 4],
    ];
    expect(await series('')).toEqual(expected);
    expect(await series(everything)).toEqual(expected);
  });

  it('counts a session whose events carry no start by its events', async () => {
    const expected = { sessions: 1, pageviews: 2, users: 1, pages_per_session: 2, bounce_rate: 0, session_duration: 600 };
    expect((await get('/overview?start_date=2026-03-12&end_date=2026-03-12')).json().data).toEqual(expected);
    expect((await get('/overview?start_date=2026-03-11&end_date=2026-03-13')).json().data).toEqual(expected);
  });

  it('agrees with the per-event path over all time and over whole days', async () => {
    for (const query of ['', 'start_date=2026-03-10&end_date=2026-03-10', 'start_datetime=2026-03-10T10:05:00Z&end_datetime=2026-03-10T12:10:00Z']) {
      const fast = (await get(`/overview?${query}`)).json();
      expect(fast.data.sessions).toBeGreaterThan(0);
      expect((await get(`/overview?${query}${everything}`)).json()).toEqual(fast);
    }
  });

  it.each([
    // B's custom event has no channel, and an empty channel is not Direct: B, H and J count under ''.
    ['channel', [['', 3], ['Direct', 1], ['Email', 1], ['Organic Search', 1], ['Referral', 1], ['Social', 1]]],
    ['entry_page', [['', 1], ['/a1', 1], ['/b1', 1], ['/c1', 1], ['/d-10:20', 1], ['/e1', 1], ['/h1', 1], ['/i1', 1]]],
    ['exit_page', [['', 1], ['/a2', 1], ['/b1', 1], ['/c1', 1], ['/d-11:59', 1], ['/e1', 1], ['/h2', 1], ['/i1', 1]]],
    ['country', [['US', 3], ['', 2], ['CA', 1], ['DE', 1], ['GB', 1]]],
    ['referrer', [['', 6], ['blog.example', 1], ['news.example', 1]]],
  ])('attributes each session to its %s inside the range, on both paths', async (parameter, expected) => {
    const breakdown = async (extra: string) =>
      ((await get(`/metric?${range}&parameter=${parameter}${extra}`)).json().data.data as Array<{ value: string; count: number }>)
        .map((entry) => [entry.value, entry.count]);
    expect(await breakdown('')).toEqual(expected);
    expect(await breakdown(everything)).toEqual(expected);
  });

  it('counts the sessions and pageviews of each path inside the range, on both paths', async () => {
    const pages = async (extra: string) => (await get(`/metric?${range}&parameter=pathname&limit=3${extra}`)).json();
    const fast = await pages('');
    // A (2), B, C, D (5 inside), E, H (2), I: thirteen paths viewed once each; B, C, E and I bounced.
    expect(fast.data.totalCount).toBe(13);
    expect(fast.data.data.map((entry: { value: string; count: number; pageviews: number; bounce_rate: number }) => [entry.value, entry.count, entry.pageviews, entry.bounce_rate])).toEqual([
      ['/a1', 1, 1, 0],
      ['/a2', 1, 1, 0],
      ['/b1', 1, 1, 100],
    ]);
    expect(await pages(everything)).toEqual(fast);
  });

  it('sums a path\'s views over sessions and repeats', async () => {
    await seedEvents(t, siteId, [
      { at: '2026-03-14T10:00:00Z', session_id: sessionNumber('k'), user_id: 'u11', pathname: '/x', page_title: 'X' },
      { at: '2026-03-14T10:01:00Z', session_id: sessionNumber('k'), user_id: 'u11', pathname: '/x', page_title: 'X' },
      { at: '2026-03-14T10:02:00Z', session_id: sessionNumber('k'), user_id: 'u11', pathname: '/y', page_title: 'Y' },
      { at: '2026-03-14T11:00:00Z', session_id: sessionNumber('l'), user_id: 'u12', pathname: '/x', page_title: 'X (old)' },
    ]);
    const pages = async (extra: string) =>
      ((await get(`/metric?start_date=2026-03-14&end_date=2026-03-14&parameter=pathname${extra}`)).json().data.data as Array<Record<string, unknown>>)
        .map((entry) => [entry.value, entry.count, entry.pageviews, entry.bounce_rate]);
    const expected = [['/x', 2, 3, 50], ['/y', 1, 1, 0]];
    expect(await pages('')).toEqual(expected);
    expect(await pages(everything)).toEqual(expected);

    const titles = async (extra: string) =>
      ((await get(`/page-titles?start_date=2026-03-14&end_date=2026-03-14${extra}`)).json().data.data as Array<Record<string, unknown>>)
        .map((entry) => [entry.value, entry.pathname, entry.count, entry.pageviews]);
    const expectedTitles = [['X', '/x', 1, 2], ['X (old)', '/x', 1, 1], ['Y', '/y', 1, 1]];
    expect(await titles('')).toEqual(expectedTitles);
    expect(await titles(everything)).toEqual(expectedTitles);
  });

  it('attributes sessions to their first hostname and language and counts custom events, on both paths', async () => {
    // M changes host and language after its first event (the ingestion marks those events); N sends two
    // events after its pageview; O only views a page.
    const m = sessionNumber('m');
    const n = sessionNumber('n');
    const later = { hostname: 'www.example.com', language: 'en-US' };
    await seedEvents(t, siteId, [
      { at: '2026-03-16T09:00:00Z', session_id: m, user_id: 'u13', hostname: 'docs.example.com', language: 'de-DE', city: 'Berlin', pathname: '/m1' },
      { at: '2026-03-16T09:01:00Z', session_id: m, user_id: 'u13', ...later, city: 'Munich', attributes_changed: 1, type: 'custom_event', event_name: 'signup' },
      { at: '2026-03-16T09:02:00Z', session_id: m, user_id: 'u13', ...later, city: 'Munich', attributes_changed: 1, type: 'custom_event', event_name: 'signup' },
      { at: '2026-03-16T10:00:00Z', session_id: n, user_id: 'u14', ...later, city: 'Boston', pathname: '/n1' },
      { at: '2026-03-16T10:05:00Z', session_id: n, user_id: 'u14', ...later, city: 'Boston', type: 'custom_event', event_name: 'download' },
      { at: '2026-03-16T10:06:00Z', session_id: n, user_id: 'u14', ...later, city: 'Boston', type: 'custom_event', event_name: 'signup' },
      { at: '2026-03-16T11:00:00Z', session_id: sessionNumber('o'), user_id: 'u15', hostname: 'www.example.com', language: 'fr-FR', city: 'Paris', pathname: '/o1' },
    ]);
    const breakdown = async (parameter: string, extra: string) =>
      (await get(`/metric?start_date=2026-03-16&end_date=2026-03-16&parameter=${parameter}${extra}`)).json().data as {
        data: Array<{ value: string; count: number; sessions: number; pageviews: number; bounce_rate: number; avg_session_duration?: number }>;
      };
    const expected: Record<string, unknown[][]> = {
      hostname: [['www.example.com', 2], ['docs.example.com', 1]],
      language: [['de-DE', 1], ['en-US', 1], ['fr-FR', 1]],
      city: [['Berlin', 1], ['Boston', 1], ['Paris', 1]],
    };
    for (const [parameter, rows] of Object.entries(expected)) {
      const fast = await breakdown(parameter, '');
      expect(fast.data.map((entry) => [entry.value, entry.count])).toEqual(rows);
      expect(await breakdown(parameter, everything)).toEqual(fast);
    }
    // signup: twice in M and once in N; both sessions viewed one page (bounced), lasting 120 s and 360 s.
    const events = await breakdown('event_name', '');
    expect(events.data.map((entry) => [entry.value, entry.count, entry.sessions, entry.pageviews, entry.bounce_rate, entry.avg_session_duration])).toEqual([
      ['signup', 3, 2, 2, 100, 240],
      ['download', 1, 1, 1, 100, 360],
    ]);
    expect(await breakdown('event_name', everything)).toEqual(events);
  });

  it('counts the custom events inside the range of sessions crossing its edges, on both paths', async () => {
    // B's click is inside the range though B began before it; H and J are wholly inside.
    const clicks = async (extra: string) => (await get(`/metric?${range}&parameter=event_name${extra}`)).json();
    const fast = await clicks('');
    expect(fast.data.data.map((entry: { value: string; count: number; sessions: number }) => [entry.value, entry.count, entry.sessions])).toEqual([['click', 3, 3]]);
    expect(await clicks(everything)).toEqual(fast);
  });

  it('gives the same page titles from the sessions table as from the events across the range\'s edges', async () => {
    const fast = (await get(`/page-titles?${range}`)).json();
    expect(fast.data.totalCount).toBe(13);
    expect((await get(`/page-titles?${range}${everything}`)).json()).toEqual(fast);
  });

  it.each([
    // Inside the range A, D and H viewed two pages or more (D's first and last fall outside it).
    [range, 2, [[['/a1', '/a2'], 1, 33.33], [['/d-10:20', '/d-10:45'], 1, 33.33], [['/h1', '/h2'], 1, 33.33]]],
    [range, 3, [[['/d-10:20', '/d-10:45', '/d-11:10'], 1, 100]]],
    // Over the whole day B, C, E and I count too; E's two pages sit in rows written by two inserts.
    ['start_date=2026-03-10&end_date=2026-03-10', 2, [
      [['/a1', '/a2'], 1, 14.29], [['/b0', '/b1'], 1, 14.29], [['/c1', '/c2'], 1, 14.29], [['/d-09:55', '/d-10:20'], 1, 14.29],
      [['/e1', '/e2'], 1, 14.29], [['/h1', '/h2'], 1, 14.29], [['/i1', '/i2'], 1, 14.29],
    ]],
  ])('ranks the journeys of %s with %i steps from the stored pageviews as from the events', async (query, steps, expected) => {
    const journeys = async (extra: string) =>
      ((await get(`/journeys?${query}&steps=${steps}${extra}`)).json().journeys as Array<{ path: string[]; count: number; percentage: number }>)
        .map((journey) => [journey.path, journey.count, journey.percentage]);
    expect(await journeys('')).toEqual(expected);
    expect(await journeys(everything)).toEqual(expected);
  });

  it.each(['utm_source', 'utm_medium', 'utm_campaign', 'browser', 'operating_system', 'device_type'])(
    'gives the same %s breakdown from the sessions table as from the events',
    async (parameter) => {
      const fast = (await get(`/metric?${range}&parameter=${parameter}`)).json();
      expect(fast.data.totalCount).toBeGreaterThan(1);
      expect((await get(`/metric?${range}&parameter=${parameter}${everything}`)).json()).toEqual(fast);
    },
  );

  it('counts goal conversions against the same sessions on both paths, edges included', async () => {
    const goals = [
      { name: 'D pages', goalType: 'path', config: { pathPattern: '/d-*' } },
      { name: 'Click', goalType: 'event', config: { eventName: 'click' } },
      { name: 'C after the range', goalType: 'path', config: { pathPattern: '/c2' } },
    ];
    for (const goal of goals) {
      expect((await call(t.app, owner, { method: 'POST', url: `/api/sites/${siteId}/goals`, payload: goal })).statusCode).toBe(200);
    }
    const figures = async (extra: string) =>
      ((await get(`/goals?${range}${extra}`)).json().data as Array<{ name: string; total_conversions: number; total_sessions: number; conversion_rate: number }>)
        .map((goal) => [goal.name, goal.total_conversions, goal.total_sessions, goal.conversion_rate]);
    // Sessions B, H and J clicked inside the range; C's /c2 came after it.
    const expected = [
      ['D pages', 1, 8, 0.125],
      ['Click', 3, 8, 0.375],
      ['C after the range', 0, 8, 0],
    ];
    expect(await figures('')).toEqual(expected);
    expect(await figures(everything)).toEqual(expected);
  });

  type FilterList = Array<{ parameter: string; type: string; value: string[] }>;
  const only = (...filters: FilterList): FilterList => filters;
  const param = (filters: FilterList) => `&filters=${encodeURIComponent(JSON.stringify(filters))}`;
  // The same filters plus one that keeps every event, so the per-event path answers.
  const perEvent = (filters: FilterList) => param([...filters, { parameter: 'hostname', type: 'not_equals', value: ['none.invalid'] }]);
  const whole = 'start_date=2026-03-10&end_date=2026-03-10';

  it.each([
    // US events: A (both), C (11:50 only; 12:10 has no country), E (11:00 only; its 12:15 row has none).
    // Over the whole day E lies inside the range but its two rows disagree, so its events decide.
    [range, only({ parameter: 'country', type: 'equals', value: ['US'] }), { sessions: 3, pageviews: 4, users: 3, pages_per_session: 1.33, bounce_rate: 66.67, session_duration: 200 }],
    [whole, only({ parameter: 'country', type: 'equals', value: ['US'] }), { sessions: 3, pageviews: 4, users: 3, pages_per_session: 1.33, bounce_rate: 66.67, session_duration: 200 }],
    // B began in France and went on in Germany: only its German pageview and click count.
    [whole, only({ parameter: 'country', type: 'equals', value: ['DE'] }), { sessions: 1, pageviews: 1, users: 1, pages_per_session: 1, bounce_rate: 100, session_duration: 900 }],
    // D's events all agree (GB, Firefox, Linux): its row answers, 09:55 to 12:20.
    [whole, only({ parameter: 'country', type: 'equals', value: ['GB'] }, { parameter: 'browser', type: 'contains', value: ['fire'] }), { sessions: 1, pageviews: 7, users: 1, pages_per_session: 7, bounce_rate: 0, session_duration: 8700 }],
    [whole, only({ parameter: 'browser', type: 'equals', value: ['Chrome'] }), { sessions: 1, pageviews: 2, users: 1, pages_per_session: 2, bounce_rate: 0, session_duration: 600 }],
    // Everything but US inside the range: B (its German part), D, H, J and I; C's and E's events there are US.
    [range, only({ parameter: 'country', type: 'not_equals', value: ['US'] }), { sessions: 5, pageviews: 9, users: 5, pages_per_session: 1.8, bounce_rate: 40, session_duration: 1392 }],
  ])('filters on visitor attributes over %s (%j) from agreeing session rows as from the events', async (query, filters, expected) => {
    expect((await get(`/overview?${query}${param(filters)}`)).json()).toEqual({ data: expected });
    expect((await get(`/overview?${query}${perEvent(filters)}`)).json()).toEqual({ data: expected });
  });

  it.each([
    '/overview/time-series?bucket=hour&',
    '/metric?parameter=pathname&',
    '/metric?parameter=channel&',
    '/metric?parameter=referrer&',
    '/page-titles?',
    '/journeys?steps=2&',
    '/goals?',
  ])('answers %s with a visitor-attribute filter as the per-event path does', async (report) => {
    for (const query of [range, whole]) {
      const attributeFilters = [
        only({ parameter: 'country', type: 'equals', value: ['US', 'GB'] }),
        only({ parameter: 'country', type: 'is_null', value: [] }),
        only({ parameter: 'browser', type: 'regex', value: ['^(Chrome|Firefox)$'] }, { parameter: 'operating_system', type: 'not_contains', value: ['win'] }),
        only({ parameter: 'country', type: 'greater_than', value: ['D'] }),
      ];
      for (const filters of attributeFilters) {
        const fast = (await get(`${report}${query}${param(filters)}`)).json();
        expect(fast.error).toBeUndefined();
        expect((await get(`${report}${query}${perEvent(filters)}`)).json()).toEqual(fast);
      }
    }
  });

  it('reads the sessions table: a session row with no events counts only without filters', async () => {
    await t.services.analytics.insert('sessions', [
      { site_id: siteId, session_start: '2026-03-20 10:00:00.000', session_id: '99', user_hash: '7', first_at: '2026-03-20 10:00:00.000', last_at: '2026-03-20 10:01:00.000', pageviews: 2 },
    ]);
    const day = 'start_date=2026-03-20&end_date=2026-03-20';
    expect((await get(`/overview?${day}`)).json().data).toMatchObject({ sessions: 1, pageviews: 2, session_duration: 60 });
    expect((await get(`/overview?${day}${everything}`)).json().data).toMatchObject({ sessions: 0, pageviews: 0 });
    // With its attributes agreeing (no row marked), a filter on them reads the row too; else its events decide.
    const stored = { site_id: siteId, user_hash: '9', pageviews: 4, country: 'NZ', browser: 'Safari' };
    await t.services.analytics.insert('sessions', [
      { ...stored, session_start: '2026-03-22 10:00:00.000', session_id: '97', first_at: '2026-03-22 10:00:00.000', last_at: '2026-03-22 10:03:00.000', attributes_low: '5', attributes_high: '5' },
      { ...stored, session_start: '2026-03-22 11:00:00.000', session_id: '96', first_at: '2026-03-22 11:00:00.000', last_at: '2026-03-22 11:03:00.000', attributes_low: '5', attributes_high: '6', attributes_changed: 1 },
    ]);
    // A session whose second row is marked disagrees as a whole: its first row no longer answers.
    await t.services.analytics.insert('sessions', [
      { ...stored, session_start: '2026-03-22 12:00:00.000', session_id: '95', first_at: '2026-03-22 12:00:00.000', last_at: '2026-03-22 12:03:00.000', attributes_low: '5', attributes_high: '5' },
    ]);
    await t.services.analytics.insert('sessions', [
      { ...stored, pageviews: 1, session_start: '2026-03-22 12:00:00.000', session_id: '95', first_at: '2026-03-22 12:04:00.000', last_at: '2026-03-22 12:04:00.000', attributes_low: '7', attributes_high: '7', attributes_changed: 1 },
    ]);
    const nz = only({ parameter: 'country', type: 'equals', value: ['NZ'] });
    const day22 = 'start_date=2026-03-22&end_date=2026-03-22';
    expect((await get(`/overview?${day22}${param(nz)}`)).json().data).toMatchObject({ sessions: 1, pageviews: 4, session_duration: 180 });
    expect((await get(`/overview?${day22}${perEvent(nz)}`)).json().data).toMatchObject({ sessions: 0, pageviews: 0 });
  });

  it('groups the matching events instead when too many sessions of the range disagree on their attributes', async () => {
    const row = (id: number, low: string) => ({
      site_id: siteId, session_start: '2026-03-23 10:00:00.000', session_id: String(1000 + id), user_hash: '9', pageviews: 1,
      first_at: '2026-03-23 10:00:00.000', last_at: '2026-03-23 10:00:00.000', country: 'NZ', attributes_low: low, attributes_high: '6',
      attributes_changed: low === '6' ? 0 : 1,
    });
    // One agreeing row (no events) and 10,001 disagreeing ones: past the limit the report reads events only.
    await t.services.analytics.insert('sessions', [row(0, '6'), ...Array.from({ length: 10_001 }, (_, index) => row(index + 1, '5'))]);
    const nz = param(only({ parameter: 'country', type: 'equals', value: ['NZ'] }));
    expect((await get(`/overview?start_date=2026-03-23&end_date=2026-03-23${nz}`)).json().data).toMatchObject({ sessions: 0, pageviews: 0 });
    expect((await get('/overview?start_date=2026-03-23&end_date=2026-03-23')).json().data).toMatchObject({ sessions: 10_002, pageviews: 10_002 });
  });

  it('reads journeys from the sessions table: a stored journey with no events counts only without filters', async () => {
    await t.services.analytics.insert('sessions', [
      {
        site_id: siteId, session_start: '2026-03-21 10:00:00.000', session_id: '98', user_hash: '8', first_at: '2026-03-21 10:00:00.000',
        last_at: '2026-03-21 10:02:00.000', pageviews: 3,
        journey: [['2026-03-21 10:02:00.000', '/third'], ['2026-03-21 10:00:00.000', '/first'], ['2026-03-21 10:01:00.000', '/second']],
      },
    ]);
    const day = 'start_date=2026-03-21&end_date=2026-03-21&steps=3';
    expect((await get(`/journeys?${day}`)).json().journeys).toEqual([{ path: ['/first', '/second', '/third'], count: 1, percentage: 100 }]);
    expect((await get(`/journeys?${day}${everything}`)).json().journeys).toEqual([]);
  });
});

/** Session ids are UInt64: letters name them here for readability. */
function sessionNumber(name: unknown): number {
  return String(name).charCodeAt(0);
}
