// Recording over HTTP against the real stores: a batch joins the session its visitor's pageviews opened, the
// four routes answer in Rybbit's shapes, and every bad batch gets a clear 4xx.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../helpers/analytics-rows.js';
import { call } from '../helpers/auth-client.js';
import { frozenClock } from '../helpers/frozen-clock.js';
import { eventually } from '../helpers/until.js';
import { clicks, pageStart, recordReplay, type RrwebTestEvent } from '../helpers/replay-batches.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { browserHeaders, track } from '../helpers/track-client.js';
import { addSite, createTrackingFixture, type TrackingFixture } from '../helpers/tracking-fixture.js';

// Near the real time: the replay tables' TTL is measured against the store's own clock.
const START = Math.floor(Date.now() / 60_000) * 60_000 - 60 * 60_000;
const ORIGIN = 'https://replay.example';

describe('session replay recording', () => {
  const clock = frozenClock(START);
  let t: TestApp;
  let f: TrackingFixture;

  beforeAll(async () => {
    t = await createTestApp({ clock: clock.now, env: { TRUST_PROXY: 'true' } });
    f = await createTrackingFixture(t.app, 'replay', 'replay.example', { sessionReplay: true });
  });
  afterAll(async () => t.close());

  const headersOf = (ip: string) => browserHeaders({ origin: ORIGIN, forwardedFor: ip });

  async function pageview(ip: string, pathname: string): Promise<void> {
    const response = await track(t.app, { site_id: f.site.id, pathname, hostname: 'replay.example' }, { headers: headersOf(ip) });
    expect(response.statusCode).toBe(200);
  }

  async function send(ip: string, body: Record<string, unknown>): Promise<void> {
    const response = await recordReplay(t.app, f.site.siteId, body, { headers: headersOf(ip) });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ success: true });
  }

  async function owner(url: string, method: 'GET' | 'DELETE' = 'GET') {
    return call(t.app, f.owner, { method, url });
  }

  it('stores two batches in the pageview\'s session and plays them back in order', async () => {
    const ip = '8.8.4.10';
    await pageview(ip, '/pricing');
    const first: RrwebTestEvent[] = [...pageStart(START + 100, `${ORIGIN}/pricing`, 'Plans and prices'), ...clicks(START + 1_000)];
    const second = clicks(START + 4_000, START + 9_000);
    await send(ip, { userId: '', events: first, metadata: { pageUrl: `${ORIGIN}/pricing`, viewportWidth: 1280, viewportHeight: 720, language: 'en-US' }, batchId: 'load-a.0', sequence: 0 });
    clock.advance(10_000);
    await send(ip, { userId: '', events: second, metadata: { pageUrl: `${ORIGIN}/pricing` }, batchId: 'load-a.1', sequence: 1 });
    await t.services.ingestion.flush();

    const [event] = await rows<{ session_id: string; user_id: string; country: string; browser: string; operating_system: string; device_type: string }>(
      t, "SELECT toString(session_id) AS session_id, user_id, country, browser, operating_system, device_type FROM events WHERE site_id = {s:UInt32} AND pathname = '/pricing'", { s: f.site.siteId },
    );
    expect(event).toBeDefined();
    const list = await owner(`/api/sites/${f.site.siteId}/session-replay/list?start_date=2000-01-01&end_date=2100-01-01&time_zone=UTC`);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json()).toEqual({
      data: [{
        session_id: event?.session_id,
        user_id: event?.user_id,
        identified_user_id: '',
        traits: null,
        start_time: new Date(START + 100).toISOString().replace('T', ' ').replace('Z', ''),
        end_time: new Date(START + 9_000).toISOString().replace('T', ' ').replace('Z', ''),
        duration_ms: 8_900,
        page_url: `${ORIGIN}/pricing`,
        event_count: 5,
        entry_page: '/pricing',
        channel: 'Direct',
        country: event?.country,
        region: '',
        city: '',
        browser: event?.browser,
        browser_version: '126',
        operating_system: event?.operating_system,
        operating_system_version: '10',
        device_type: event?.device_type,
        screen_width: 1280,
        screen_height: 720,
      }],
    });

    const recording = await owner(`/api/sites/${f.site.siteId}/session-replay/${event?.session_id}`);
    expect(recording.statusCode, recording.body).toBe(200);
    const body = recording.json() as { events: RrwebTestEvent[]; metadata: Record<string, unknown> };
    expect(body.events).toEqual([...first, ...second]);
    expect(body.metadata).toMatchObject({ session_id: event?.session_id, event_count: 5, user_agent: headersOf(ip)['user-agent'], language: 'en-US', hostname: 'replay.example', has_replay_data: true });
  });

  it('a batch the browser sent twice is stored once', async () => {
    const ip = '8.8.4.11';
    await pageview(ip, '/twice');
    const batch = { userId: '', events: pageStart(START + 20_000, `${ORIGIN}/twice`, 'Twice'), metadata: { pageUrl: `${ORIGIN}/twice` }, batchId: 'load-b.0', sequence: 0 };
    await send(ip, batch);
    await send(ip, batch);
    await t.services.ingestion.flush();
    const [session] = await rows<{ id: string }>(t, "SELECT toString(session_id) AS id FROM events WHERE pathname = '/twice'");
    const recording = await owner(`/api/sites/${f.site.siteId}/session-replay/${session?.id}`);
    expect((recording.json() as { events: unknown[] }).events).toEqual(batch.events);
    expect((recording.json() as { metadata: { event_count: number } }).metadata.event_count).toBe(2);
  });

  it('lists by user, minimum duration and page, and an identified user\'s recording carries the id', async () => {
    const ip = '8.8.4.12';
    clock.set(START + 110_000);
    await pageview(ip, '/identified');
    await send(ip, { userId: 'ada@example.com', events: [...pageStart(START + 30_000, `${ORIGIN}/identified`, 'Hi Ada'), ...clicks(START + 100_000)], metadata: { pageUrl: `${ORIGIN}/identified` } });
    await t.services.ingestion.flush();
    const range = 'start_date=2000-01-01&end_date=2100-01-01&time_zone=UTC';
    const ids = async (query: string) => ((await owner(`/api/sites/${f.site.siteId}/session-replay/list?${range}&${query}`)).json() as { data: Array<{ page_url: string }> }).data.map((item) => item.page_url);
    expect(await ids('userId=ada%40example.com')).toEqual([`${ORIGIN}/identified`]);
    expect(await ids('user_id=ada%40example.com')).toEqual([`${ORIGIN}/identified`]);
    expect(await ids('minDuration=60')).toEqual([`${ORIGIN}/identified`]);
    expect(await ids('min_duration=5')).toEqual([`${ORIGIN}/identified`, `${ORIGIN}/pricing`]);
    expect(await ids('limit=1&offset=1')).toEqual([`${ORIGIN}/twice`]);
    const filters = encodeURIComponent(JSON.stringify([{ parameter: 'pathname', type: 'equals', value: ['/twice'] }]));
    expect(await ids(`filters=${filters}`)).toEqual([`${ORIGIN}/twice`]);
  });

  const BAD_BATCHES: ReadonlyArray<readonly [string, string | Record<string, unknown>, number, string]> = [
    ['not JSON', '{"events": [', 400, 'Request body is not valid JSON'],
    ['an array', '[]', 400, 'Expected a JSON object'],
    ['no events', { userId: '', events: [] }, 400, 'events'],
    ['an unknown event type', { userId: '', events: [{ type: 9, data: {}, timestamp: START }] }, 400, 'events'],
    ['event data that is not an object', { userId: '', events: [{ type: 3, data: 'x', timestamp: START }] }, 400, 'events'],
    ['a timestamp that is not a number', { userId: '', events: [{ type: 3, data: {}, timestamp: 'now' }] }, 400, 'events'],
    ['a bad batch id', { userId: '', events: clicks(START), batchId: 'a b' }, 400, 'batchId'],
  ];

  it.each(BAD_BATCHES)('%s: answered %s', async (_label, body, status, problem) => {
    const response = await recordReplay(t.app, f.site.siteId, body, { headers: headersOf('8.8.4.13') });
    expect(response.statusCode).toBe(status);
    const answer = response.json() as { success: boolean; details: { fieldErrors: Record<string, string[]>; formErrors: string[] } };
    expect(answer.success).toBe(false);
    expect([...answer.details.formErrors, ...Object.keys(answer.details.fieldErrors)]).toContain(problem);
  });

  it('refuses an oversized batch (413), a site without replay (403), an unknown site (404) and another origin (403)', async () => {
    const big = { userId: '', events: [{ type: 3, data: { blob: 'x'.repeat(10 * 1024 * 1024) }, timestamp: START }] };
    const tooLarge = await recordReplay(t.app, f.site.siteId, big, { headers: headersOf('8.8.4.14') });
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json()).toEqual({ success: false, error: 'Invalid payload', details: { fieldErrors: {}, formErrors: [`Request body exceeds ${10 * 1024 * 1024} bytes`] } });
    const off = await addSite(t.app, f, 'off.example');
    const disabled = await recordReplay(t.app, off.siteId, { userId: '', events: clicks(START) }, { headers: browserHeaders({ origin: 'https://off.example', forwardedFor: '8.8.4.14' }) });
    expect([disabled.statusCode, disabled.json()]).toEqual([403, { success: false, error: 'Session replay is not enabled for this site' }]);
    const unknown = await recordReplay(t.app, 999_999, { userId: '', events: clicks(START) }, { headers: headersOf('8.8.4.14') });
    expect([unknown.statusCode, unknown.json()]).toEqual([404, { success: false, error: 'Site not found' }]);
    const foreign = await recordReplay(t.app, f.site.siteId, { userId: '', events: clicks(START) }, { headers: browserHeaders({ origin: 'https://evil.example', forwardedFor: '8.8.4.14' }) });
    expect([foreign.statusCode, foreign.json()]).toEqual([403, { success: false, error: 'Origin mismatch' }]);
  });

  it('reads need replay:read (or a member), deletion an admin; a deleted recording is gone', async () => {
    const ip = '8.8.4.15';
    await pageview(ip, '/delete-me');
    await send(ip, { userId: '', events: pageStart(START + 40_000, `${ORIGIN}/delete-me`, 'Bye'), metadata: { pageUrl: `${ORIGIN}/delete-me` } });
    await t.services.ingestion.flush();
    const [session] = await rows<{ id: string }>(t, "SELECT toString(session_id) AS id FROM events WHERE pathname = '/delete-me'");
    const url = `/api/sites/${f.site.siteId}/session-replay/${session?.id}`;
    expect((await call(t.app, undefined, { method: 'GET', url })).statusCode).toBe(401);
    const analyticsOnly = await call(t.app, f.owner, { method: 'POST', url: `/api/organizations/${f.organizationId}/api-keys`, payload: { name: 'analytics', permissions: { analytics: ['read'] } } });
    const replayReader = await call(t.app, f.owner, { method: 'POST', url: `/api/organizations/${f.organizationId}/api-keys`, payload: { name: 'replay', permissions: { replay: ['read'] } } });
    const keyOf = (response: { json(): unknown }) => ({ key: (response.json() as { key: string }).key });
    expect((await call(t.app, keyOf(analyticsOnly), { method: 'GET', url })).statusCode).toBe(403);
    expect((await call(t.app, keyOf(replayReader), { method: 'GET', url })).statusCode).toBe(200);
    expect((await call(t.app, keyOf(replayReader), { method: 'DELETE', url })).statusCode).toBe(403);
    const deleted = await owner(url, 'DELETE');
    expect([deleted.statusCode, deleted.json()]).toEqual([200, { success: true }]);
    expect((await owner(url)).statusCode).toBe(404);
    expect((await owner(url, 'DELETE')).statusCode).toBe(404);
    expect((await owner(`/api/sites/${f.site.siteId}/session-replay/not-a-session`)).statusCode).toBe(404);
  });

  it('erasing the session removes its recording', async () => {
    const ip = '8.8.4.16';
    await pageview(ip, '/erase-me');
    await send(ip, { userId: '', events: pageStart(START + 50_000, `${ORIGIN}/erase-me`, 'Erase'), metadata: { pageUrl: `${ORIGIN}/erase-me` } });
    await t.services.ingestion.flush();
    const [session] = await rows<{ id: string }>(t, "SELECT toString(session_id) AS id FROM events WHERE pathname = '/erase-me'");
    expect((await owner(`/api/sites/${f.site.siteId}/session-replay/${session?.id}`)).statusCode).toBe(200);
    const erased = await call(t.app, f.owner, { method: 'DELETE', url: `/api/sites/${f.site.siteId}/sessions/${session?.id}` });
    expect(erased.statusCode, erased.body).toBe(200);
    expect((await owner(`/api/sites/${f.site.siteId}/session-replay/${session?.id}`)).statusCode).toBe(404);
    const left = await rows<{ n: string }>(t, 'SELECT count() AS n FROM session_replay_batches WHERE session_id = {id:UInt64}', { id: session?.id });
    expect(left).toEqual([{ n: '0' }]);
  });

  it('the store\'s TTL deletes a recording older than the site\'s replay retention', async () => {
    // Held until both rows are seen stored, so a background merge cannot expire the old one before the first check.
    for (const table of ['session_replay_metadata', 'session_replay_batches']) await t.services.analytics.command(`SYSTEM STOP TTL MERGES ${table}`);
    const shortLived = await addSite(t.app, f, 'short.example', { sessionReplay: true, replayRetentionDays: 1 });
    const headers = browserHeaders({ origin: 'https://short.example', forwardedFor: '8.8.4.17' });
    const kept = { userId: '', events: pageStart(START, 'https://short.example/', 'Kept'), metadata: { pageUrl: 'https://short.example/' } };
    expect((await recordReplay(t.app, shortLived.siteId, kept, { headers })).statusCode).toBe(200);
    const oldClock = START - 3 * 86_400_000;
    clock.set(oldClock);
    const old = { userId: '', events: pageStart(oldClock, 'https://short.example/old', 'Old'), metadata: { pageUrl: 'https://short.example/old' } };
    expect((await recordReplay(t.app, shortLived.siteId, old, { headers: browserHeaders({ origin: 'https://short.example', forwardedFor: '8.8.4.18' }) })).statusCode).toBe(200);
    clock.set(START);
    await t.services.ingestion.flush();
    const pages = async () => rows<{ page: string }>(t, 'SELECT substring(first_page, 24) AS page FROM session_replay_metadata WHERE site_id = {s:UInt32} ORDER BY page', { s: shortLived.siteId });
    expect(await pages()).toEqual([{ page: 'https://short.example/' }, { page: 'https://short.example/old' }]);
    for (const table of ['session_replay_metadata', 'session_replay_batches']) await t.services.analytics.command(`SYSTEM START TTL MERGES ${table}`);
    await t.services.analytics.command('OPTIMIZE TABLE session_replay_metadata FINAL');
    await t.services.analytics.command('OPTIMIZE TABLE session_replay_batches FINAL');
    expect(await pages()).toEqual([{ page: 'https://short.example/' }]);
    const batches = await rows<{ n: string }>(t, 'SELECT count() AS n FROM session_replay_batches WHERE site_id = {s:UInt32}', { s: shortLived.siteId });
    expect(batches).toEqual([{ n: '1' }]);
  });

  it('deleting the site removes its recordings', async () => {
    const doomed = await addSite(t.app, f, 'doomed.example', { sessionReplay: true });
    const headers = browserHeaders({ origin: 'https://doomed.example', forwardedFor: '8.8.4.19' });
    expect((await recordReplay(t.app, doomed.siteId, { userId: '', events: pageStart(START, 'https://doomed.example/', 'Doomed') }, { headers })).statusCode).toBe(200);
    await t.services.ingestion.flush();
    const count = async () => rows<{ n: string }>(t, 'SELECT (SELECT count() FROM session_replay_batches WHERE site_id = {s:UInt32}) + (SELECT count() FROM session_replay_metadata WHERE site_id = {s:UInt32}) AS n', { s: doomed.siteId });
    expect(await count()).toEqual([{ n: '2' }]);
    expect((await call(t.app, f.owner, { method: 'DELETE', url: `/api/sites/${doomed.siteId}` })).statusCode).toBe(200);
    await eventually(count, (found) => found[0]?.n === '0');
  });
});
