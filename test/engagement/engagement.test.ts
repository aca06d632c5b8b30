// Engagement over HTTP: what POST /api/track accepts, that an engagement event never opens a visit, the reports'
// exact figures on hand-built page visits, and the optional Do Not Track / Global Privacy Control setting.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../helpers/analytics-rows.js';
import { call, type Credential } from '../helpers/auth-client.js';
import { frozenClock, MINUTE_MS } from '../helpers/frozen-clock.js';
import { seedEvents } from '../helpers/seed-events.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { browserHeaders, track } from '../helpers/track-client.js';
import { addSite, createTrackingFixture, type TrackingFixture } from '../helpers/tracking-fixture.js';

const ORIGIN = 'https://www.example.com';
const RANGE = 'start_date=2026-03-01&end_date=2026-03-15';

describe('engagement', () => {
  const clock = frozenClock('2026-03-20T12:00:00.000Z');
  let t: TestApp;
  let f: TrackingFixture;
  let owner: Credential;
  let reports: number;

  beforeAll(async () => {
    t = await createTestApp({ clock: clock.now });
    f = await createTrackingFixture(t.app, 'engagement', 'example.com');
    owner = { cookie: f.owner.cookie };
    reports = (await addSite(t.app, f, 'reports.example.com')).siteId;
    // Three sessions on 03-10: S1 reads /a (12 s, 80 %, in two reports: 5 s + 7 s), then /b (3 s, 30 %);
    // S2 reads /a for 20 s to the end (100 %); S3 only views /c and sends no engagement (an old tracker).
    await seedEvents(t, reports, [
      { at: '2026-03-10T10:00:00Z', session_id: 1, pathname: '/a', country: 'DE' },
      { at: '2026-03-10T10:00:05Z', session_id: 1, type: 'engagement', pathname: '/a', engaged_ms: 5000, scroll_depth: 40, country: 'DE' },
      { at: '2026-03-10T10:05:00Z', session_id: 1, type: 'engagement', pathname: '/a', engaged_ms: 7000, scroll_depth: 80, country: 'DE' },
      { at: '2026-03-10T10:05:01Z', session_id: 1, pathname: '/b', country: 'DE' },
      { at: '2026-03-10T10:05:04Z', session_id: 1, type: 'engagement', pathname: '/b', engaged_ms: 3000, scroll_depth: 30, country: 'DE' },
      { at: '2026-03-10T11:00:00Z', session_id: 2, pathname: '/a', country: 'US' },
      { at: '2026-03-10T11:00:20Z', session_id: 2, type: 'engagement', pathname: '/a', engaged_ms: 20000, scroll_depth: 100, country: 'US' },
      { at: '2026-03-10T12:00:00Z', session_id: 3, pathname: '/c', country: 'US' },
    ]);
  });
  afterAll(async () => t.close());

  const get = (url: string) => call(t.app, owner, { method: 'GET', url: `/api/sites/${reports}${url}` });
  const send = (body: Record<string, unknown>, headers: Record<string, string> = browserHeaders({ origin: ORIGIN })) =>
    track(t.app, { site_id: f.site.id, hostname: 'www.example.com', ...body }, { headers });

  describe('tracking', () => {
    it.each([
      ['without engaged_ms', { type: 'engagement', scroll_depth: 10 }, 'engaged_ms'],
      ['with a negative time', { type: 'engagement', engaged_ms: -1 }, 'engaged_ms'],
      ['with more than a day', { type: 'engagement', engaged_ms: 86_400_001 }, 'engaged_ms'],
      ['scrolled past 100 %', { type: 'engagement', engaged_ms: 1, scroll_depth: 101 }, 'scroll_depth'],
      ['a fractional depth', { type: 'engagement', engaged_ms: 1, scroll_depth: 50.5 }, 'scroll_depth'],
      ['engaged_ms on a pageview', { engaged_ms: 1000 }, 'engaged_ms'],
      ['scroll_depth on a custom event', { type: 'custom_event', event_name: 'x', scroll_depth: 5 }, 'scroll_depth'],
    ])('answers 400 for an engagement %s', async (_label, body, field) => {
      const res = await send({ pathname: '/bad', ...body });
      expect(res.statusCode).toBe(400);
      expect(JSON.stringify(res.json())).toContain(field);
    });

    it('stores an engagement event within a running visit, and none that would open one', async () => {
      // A visitor with no session yet: the engagement is acknowledged (the browser cannot act on a refusal) but not stored.
      const orphan = await send({ type: 'engagement', pathname: '/late', engaged_ms: 4000, scroll_depth: 10 }, browserHeaders({ origin: ORIGIN, userAgent: 'Mozilla/5.0 (X11; Linux x86_64; rv:127.0) Gecko/20100101 Firefox/127.0' }));
      expect(orphan.statusCode).toBe(200);
      expect((await send({ pathname: '/read' })).statusCode).toBe(200);
      clock.advance(MINUTE_MS);
      expect((await send({ type: 'engagement', pathname: '/read', engaged_ms: 61_000, scroll_depth: 55 })).statusCode).toBe(200);
      const stored = await rows<{ type: string; pathname: string; engaged_ms: number; scroll_depth: number; same_session: number }>(
        t,
        `SELECT type, pathname, engaged_ms, scroll_depth, toUInt8(uniqExact(session_id) OVER ()) AS same_session FROM events
         WHERE site_id = {site:UInt32} ORDER BY timestamp, type`,
        { site: f.site.siteId },
      );
      expect(stored).toEqual([
        { type: 'pageview', pathname: '/read', engaged_ms: 0, scroll_depth: 0, same_session: 1 },
        { type: 'engagement', pathname: '/read', engaged_ms: 61_000, scroll_depth: 55, same_session: 1 },
      ]);
      // The visit's row counts the engaged time; the engagement is not a pageview.
      const [session] = await rows<{ pageviews: string; engaged_ms: string }>(
        t,
        'SELECT sum(pageviews) AS pageviews, sum(engaged_ms) AS engaged_ms FROM sessions WHERE site_id = {site:UInt32}',
        { site: f.site.siteId },
      );
      expect(session).toEqual({ pageviews: '1', engaged_ms: '61000' });
    });
  });

  describe('reports', () => {
    it('/engagement: time on page and scroll depth per page visit, and the visit duration from engaged time', async () => {
      const res = await get(`/engagement?${RANGE}`);
      expect(res.statusCode).toBe(200);
      // Page visits: S1 /a (12 s, 80), S1 /b (3 s, 30), S2 /a (20 s, 100). Sessions: 3 (S3 counts, 0 s).
      expect(res.json()).toEqual({ data: {
        visits: 3, time_on_page_seconds: 11.67, scroll_depth: 70, scroll_reach: { 25: 100, 50: 66.67, 75: 66.67, 100: 33.33 },
        sessions: 3, engaged_session_duration: 11.67,
      } });
    });

    it('/engagement/pages: per path, most visited first, paged', async () => {
      const res = await get(`/engagement/pages?${RANGE}`);
      expect(res.json()).toEqual({ data: { totalCount: 2, data: [
        { value: '/a', visits: 2, time_on_page_seconds: 16, scroll_depth: 90, scroll_reach: { 25: 100, 50: 100, 75: 100, 100: 50 } },
        { value: '/b', visits: 1, time_on_page_seconds: 3, scroll_depth: 30, scroll_reach: { 25: 100, 50: 0, 75: 0, 100: 0 } },
      ] } });
      const second = await get(`/engagement/pages?${RANGE}&limit=1&page=2`);
      expect(second.json().data).toMatchObject({ totalCount: 2, data: [{ value: '/b' }] });
      const beyond = await get(`/engagement/pages?${RANGE}&limit=1&page=9`);
      expect(beyond.json().data).toEqual({ totalCount: 2, data: [] });
    });

    it('/metric?parameter=pathname: each path carries its time_on_page_seconds (mean engaged seconds per page visit; 0 without engagement)', async () => {
      const res = await get(`/metric?parameter=pathname&${RANGE}`);
      expect(res.statusCode).toBe(200);
      const figures = (res.json() as { data: { data: Array<{ value: string; count: number; time_on_page_seconds?: number }> } }).data.data
        .map((row) => [row.value, row.count, row.time_on_page_seconds]);
      // /a: S1 12 s and S2 20 s; /b: S1 3 s; /c: S3 sent none.
      expect(figures).toEqual([['/a', 2, 16], ['/b', 1, 3], ['/c', 1, 0]]);
      const us = encodeURIComponent(JSON.stringify([{ parameter: 'country', type: 'equals', value: ['US'] }]));
      const filtered = await get(`/metric?parameter=pathname&${RANGE}&filters=${us}`);
      expect((filtered.json() as { data: { data: Array<{ value: string; time_on_page_seconds?: number }> } }).data.data.map((row) => [row.value, row.time_on_page_seconds]))
        .toEqual([['/a', 20], ['/c', 0]]);
      const paged = await get(`/metric?parameter=pathname&${RANGE}&limit=1&page=2`);
      expect((paged.json() as { data: { data: unknown[] } }).data.data).toMatchObject([{ value: '/b', time_on_page_seconds: 3 }]);
      // Other dimensions carry no such field.
      const countries = await get(`/metric?parameter=country&${RANGE}`);
      expect((countries.json() as { data: { data: Array<Record<string, unknown>> } }).data.data.every((row) => !('time_on_page_seconds' in row))).toBe(true);
    });

    it('applies the filters', async () => {
      const us = encodeURIComponent(JSON.stringify([{ parameter: 'country', type: 'equals', value: ['US'] }]));
      const res = await get(`/engagement?${RANGE}&filters=${us}`);
      expect(res.json().data).toMatchObject({ visits: 1, time_on_page_seconds: 20, scroll_depth: 100, sessions: 2, engaged_session_duration: 10 });
      const empty = await get('/engagement?start_date=2026-02-01&end_date=2026-02-02');
      expect(empty.json().data).toEqual({ visits: 0, time_on_page_seconds: 0, scroll_depth: 0, scroll_reach: { 25: 0, 50: 0, 75: 0, 100: 0 }, sessions: 0, engaged_session_duration: 0 });
    });

    it('leaves engagement out of pageviews, bounce rate and the events list', async () => {
      const overview = await get(`/overview?${RANGE}`);
      expect(overview.json().data).toMatchObject({ sessions: 3, pageviews: 4, bounce_rate: 66.67 });
      const listed = await get(`/events?${RANGE}&page_size=50`);
      expect(listed.json().data.map((event: { type: string }) => event.type)).toEqual(['pageview', 'pageview', 'pageview', 'pageview']);
    });
  });

  describe('MCP', () => {
    it('get_engagement answers the figures, and per page with per_page', async () => {
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      const address = t.app.server.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      const tool = async (args: Record<string, unknown>): Promise<unknown> => {
        const response = await fetch(`http://127.0.0.1:${port}/api/mcp`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', authorization: `Bearer ${f.key}` },
          body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'get_engagement', arguments: { siteId: reports, start_date: '2026-03-01', end_date: '2026-03-15', ...args } } }),
        });
        const body = (await response.json()) as { result: { content: Array<{ text: string }> } };
        return JSON.parse(body.result.content[0]?.text ?? 'null');
      };
      expect(await tool({})).toMatchObject({ data: { visits: 3, time_on_page_seconds: 11.67, engaged_session_duration: 11.67 } });
      expect(await tool({ per_page: true, limit: 1 })).toMatchObject({ data: { totalCount: 2, data: [{ value: '/a', time_on_page_seconds: 16 }] } });
    });
  });

  describe('site settings', () => {
    it('validates the download extensions and hands them to the tracker', async () => {
      const put = (payload: Record<string, unknown>) => call(t.app, owner, { method: 'PUT', url: `/api/sites/${reports}/config`, payload });
      expect((await put({ downloadExtensions: ['.pdf'] })).statusCode).toBe(400);
      expect((await put({ downloadExtensions: ['a'.repeat(11)] })).statusCode).toBe(400);
      expect((await put({ trackDownloads: 'yes' })).statusCode).toBe(400);
      const ok = await put({ downloadExtensions: ['PDF', 'epub'], trackDownloads: true });
      expect(ok.json()).toMatchObject({ downloadExtensions: ['pdf', 'epub'], trackDownloads: true });
      const config = await t.app.inject({ method: 'GET', url: `/api/site/tracking-config/${reports}`, headers: { origin: 'https://reports.example.com' } });
      expect(config.json()).toMatchObject({ trackDownloads: true, downloadExtensions: ['pdf', 'epub'] });
    });
  });

  describe('Do Not Track and Global Privacy Control', () => {
    it('are ignored by default, and honoured for browser calls once the site asks', async () => {
      const dnt = { ...browserHeaders({ origin: ORIGIN, userAgent: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/125.0.0.0 Safari/537.36' }), dnt: '1' };
      const gpc = { ...browserHeaders({ origin: ORIGIN, userAgent: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:127.0) Gecko/20100101 Firefox/127.0' }), 'sec-gpc': '1' };
      const count = async () => (await rows<{ n: string }>(t, "SELECT toString(count()) AS n FROM events WHERE site_id = {site:UInt32} AND pathname LIKE '/dnt%'", { site: f.site.siteId }))[0]?.n;
      expect((await send({ pathname: '/dnt-default' }, dnt)).json()).toEqual({ success: true });
      expect(await count()).toBe('1');
      const put = await call(t.app, owner, { method: 'PUT', url: `/api/sites/${f.site.siteId}/config`, payload: { respectDoNotTrack: true } });
      expect(put.json().respectDoNotTrack).toBe(true);
      expect((await send({ pathname: '/dnt-on' }, dnt)).json()).toEqual({ success: true, message: 'Event not tracked - Do Not Track or Global Privacy Control' });
      expect((await send({ pathname: '/dnt-gpc' }, gpc)).json()).toEqual({ success: true, message: 'Event not tracked - Do Not Track or Global Privacy Control' });
      // DNT: 0 is no request; a server call with the key decides for itself.
      expect((await send({ pathname: '/dnt-zero' }, { ...dnt, dnt: '0' })).json()).toEqual({ success: true });
      const keyed = await track(t.app, { site_id: f.site.id, pathname: '/dnt-keyed', user_agent: 'Mozilla/5.0 Chrome/126.0', ip_address: '203.0.113.9' }, { headers: { authorization: `Bearer ${f.key}`, dnt: '1' } });
      expect(keyed.statusCode).toBe(200);
      expect(await count()).toBe('3');
    });
  });
});
