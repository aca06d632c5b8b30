// Recordings seen from the rest of the product over HTTP against the real stores: session rows (the list, a
// session's detail, a person's sessions, goal sessions) and error occurrences carry `has_replay` (1 only for a
// playable recording, as Rybbit's rows do); erasing a person or a visitor removes their recordings;
// a session's recording stops at its length limit.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPLAY_BATCH_PAGE_ROWS } from '../../src/exports/replay-pages.query.js';
import { MAX_RECORDING_MS } from '../../src/ingestion/replay/replay-rows.js';
import { rows } from '../helpers/analytics-rows.js';
import { call } from '../helpers/auth-client.js';
import { frozenClock } from '../helpers/frozen-clock.js';
import { clicks, pageStart, recordReplay, type RrwebTestEvent } from '../helpers/replay-batches.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { browserHeaders, track } from '../helpers/track-client.js';
import { createTrackingFixture, type TrackingFixture } from '../helpers/tracking-fixture.js';

// Near the real time: the replay tables' TTL is measured against the store's own clock.
const START = Math.floor(Date.now() / 60_000) * 60_000 - 24 * 60 * 60_000;
const ORIGIN = 'https://rows.example';
const RANGE = 'start_date=2000-01-01&end_date=2100-01-01&time_zone=UTC';
const MESSAGE = 'Checkout failed: card declined';

describe('recordings in session rows, erasure and the length limit', () => {
  const clock = frozenClock(START);
  let t: TestApp;
  let f: TrackingFixture;
  /** Session ids by visitor address. */
  const sessionOf = new Map<string, string>();

  const headersOf = (ip: string) => browserHeaders({ origin: ORIGIN, forwardedFor: ip });
  const owner = (url: string, method: 'GET' | 'DELETE' = 'GET') => call(t.app, f.owner, { method, url: `/api/sites/${f.site.siteId}${url}` });

  async function send(ip: string, events: RrwebTestEvent[], userId = ''): Promise<void> {
    const response = await recordReplay(t.app, f.site.siteId, { userId, events, metadata: { pageUrl: `${ORIGIN}/` } }, { headers: headersOf(ip) });
    expect([response.statusCode, response.json()]).toEqual([200, { success: true }]);
  }

  async function visit(ip: string, payload: Record<string, unknown> = {}): Promise<void> {
    const response = await track(t.app, { site_id: f.site.id, pathname: '/', hostname: 'rows.example', ...payload }, { headers: headersOf(ip) });
    expect(response.statusCode, response.body).toBe(200);
  }

  beforeAll(async () => {
    t = await createTestApp({ clock: clock.now, env: { TRUST_PROXY: 'true' } });
    f = await createTrackingFixture(t.app, 'replay-rows', 'rows.example', { sessionReplay: true });
    // Recorded (3 events), recorded with one event only (not playable), not recorded; each with an error.
    const ips = ['8.8.5.1', '8.8.5.2', '8.8.5.3'];
    for (const [index, ip] of ips.entries()) {
      clock.set(START + index * 1_000);
      await visit(ip);
      await visit(ip, { type: 'error', event_name: 'Error', properties: JSON.stringify({ message: MESSAGE, stack: 'Error: x\n    at pay.js:1:1' }) });
    }
    await send('8.8.5.1', [...pageStart(START + 100, `${ORIGIN}/`, 'Recorded'), ...clicks(START + 900)]);
    await send('8.8.5.2', clicks(START + 1_200));
    const ordered = await rows<{ id: string }>(t, 'SELECT toString(session_id) AS id FROM events WHERE site_id = {s:UInt32} GROUP BY session_id ORDER BY min(timestamp)', { s: f.site.siteId });
    expect(ordered).toHaveLength(3);
    ips.forEach((ip, index) => sessionOf.set(ip, ordered[index]?.id ?? ''));
  });
  afterAll(async () => t.close());

  it('the sessions list marks the session with a playable recording, and only it', async () => {
    const response = await owner(`/sessions?${RANGE}`);
    expect(response.statusCode, response.body).toBe(200);
    const flags = (response.json() as { data: Array<{ session_id: string; has_replay: number }> }).data.map((row) => [row.session_id, row.has_replay] as const);
    expect(new Map(flags)).toEqual(new Map([[sessionOf.get('8.8.5.1'), 1], [sessionOf.get('8.8.5.2'), 0], [sessionOf.get('8.8.5.3'), 0]]));
    const asCsv = await owner(`/sessions?${RANGE}&format=csv`);
    expect(asCsv.body.split('\r\n')[0]).toContain('has_replay');
  });

  it('a session\'s detail says whether it was recorded', async () => {
    const detail = async (ip: string) => ((await owner(`/sessions/${sessionOf.get(ip)}?${RANGE}`)).json() as { data: { session: { has_replay: number } } }).data.session.has_replay;
    expect([await detail('8.8.5.1'), await detail('8.8.5.2'), await detail('8.8.5.3')]).toEqual([1, 0, 0]);
  });

  it('a person\'s sessions (the list narrowed to a visitor) carry the flag too', async () => {
    const [visitor] = await rows<{ user_id: string }>(t, 'SELECT any(user_id) AS user_id FROM events WHERE session_id = {id:UInt64}', { id: sessionOf.get('8.8.5.1') });
    const response = await owner(`/sessions?${RANGE}&user_id=${encodeURIComponent(visitor?.user_id ?? '')}`);
    expect((response.json() as { data: Array<{ session_id: string; has_replay: number }> }).data.map((row) => [row.session_id, row.has_replay])).toEqual([[sessionOf.get('8.8.5.1'), 1]]);
  });

  it('each error occurrence says whether its session was recorded', async () => {
    const response = await owner(`/errors/events?${RANGE}&errorMessage=${encodeURIComponent(MESSAGE)}`);
    expect(response.statusCode, response.body).toBe(200);
    const flags = (response.json() as { data: Array<{ session_id: string; has_replay: number }> }).data.map((row) => [row.session_id, row.has_replay] as const);
    expect(new Map(flags)).toEqual(new Map([[sessionOf.get('8.8.5.1'), 1], [sessionOf.get('8.8.5.2'), 0], [sessionOf.get('8.8.5.3'), 0]]));
  });

  it('the raw export adds the recordings with replays=true (NDJSON, replay:read), one metadata line per recording, then its batches', async () => {
    const exported = await owner(`/export?${RANGE}&replays=true`);
    expect(exported.statusCode, exported.body).toBe(200);
    const lines = exported.body.split('\n').filter((line) => line !== '').map((line) => JSON.parse(line) as Record<string, unknown>);
    const recorded = [sessionOf.get('8.8.5.1') ?? '', sessionOf.get('8.8.5.2') ?? ''].sort((a, b) => (BigInt(a) < BigInt(b) ? -1 : 1));
    expect(lines.filter((line) => String(line.table).startsWith('session_replay')).map((line) => [line.table, line.session_id])).toEqual([
      ...recorded.map((id) => ['session_replay_metadata', id]), ...recorded.map((id) => ['session_replay_batches', id]),
    ]);
    const batch = lines.find((line) => line.table === 'session_replay_batches' && line.session_id === sessionOf.get('8.8.5.1'));
    expect(JSON.parse(String(batch?.events))).toEqual([...pageStart(START + 100, `${ORIGIN}/`, 'Recorded'), ...clicks(START + 900)]);
    expect(lines.filter((line) => line.table === 'events')).toHaveLength(6);
    // Without the option, no recording; as CSV, refused; a key without replay:read may not.
    expect((await owner(`/export?${RANGE}`)).body).not.toContain('session_replay');
    const csv = await owner(`/export?${RANGE}&replays=true&format=csv`);
    expect([csv.statusCode, (csv.json() as { error: string }).error]).toEqual([400, 'replays=true exports NDJSON only (recordings do not fit CSV cells)']);
    const keyOf = async (permissions: Record<string, string[]>) => ((await call(t.app, f.owner, { method: 'POST', url: `/api/organizations/${f.organizationId}/api-keys`, payload: { name: 'export', permissions } })).json() as { key: string }).key;
    const url = `/api/sites/${f.site.siteId}/export?${RANGE}&replays=true`;
    const analyticsOnly = await call(t.app, { key: await keyOf({ analytics: ['read'] }) }, { method: 'GET', url });
    expect([analyticsOnly.statusCode, (analyticsOnly.json() as { error: string }).error]).toEqual([403, 'replays=true needs the replay:read scope']);
    expect((await call(t.app, { key: await keyOf({ analytics: ['read'], replay: ['read'] }) }, { method: 'GET', url })).body).toBe(exported.body);
  });

  it('the export reads a long recording\'s batches a page at a time, each once and in order', async () => {
    const session = '777000000000000001';
    // Before the test's clock: a range ends at its now.
    const when = (index: number) => new Date(START - 10 * 60_000 + index * 1_000).toISOString().replace('T', ' ').replace('Z', '');
    const count = REPLAY_BATCH_PAGE_ROWS * 2 + 5;
    await t.services.analytics.insert('session_replay_metadata', [{
      site_id: f.site.siteId, session_id: session, session_start: when(0), user_id: 'paged', identified_user_id: '', start_time: when(0), end_time: when(count),
      first_page: `${when(0)}${ORIGIN}/paged`, retention_days: 30,
    }]);
    await t.services.analytics.insert('session_replay_batches', Array.from({ length: count }, (_, index) => ({
      site_id: f.site.siteId, session_id: session, batch_id: `paged.${String(index).padStart(4, '0')}`, sequence: index, first_at: when(index), last_at: when(index),
      event_count: 1, full_snapshots: 0, raw_bytes: 2, events: '[]', retention_days: 30,
    })));
    const exported = await owner(`/export?${RANGE}&replays=true`);
    const batches = exported.body.split('\n').filter((line) => line.includes('"session_replay_batches"')).map((line) => JSON.parse(line) as { session_id: string; batch_id: string });
    expect(batches.filter((batch) => batch.session_id === session).map((batch) => batch.batch_id)).toEqual(Array.from({ length: count }, (_, index) => `paged.${String(index).padStart(4, '0')}`));
    await owner(`/session-replay/${session}`, 'DELETE');
  });

  it('a recording stops at its session\'s length limit: later events are acknowledged but not stored', async () => {
    const ip = '8.8.5.9';
    const begin = START + 60_000;
    clock.set(begin);
    await visit(ip);
    await send(ip, pageStart(begin + 100, `${ORIGIN}/`, 'Long visit'));
    // Delivered in time order, as a live visit's calls are (the session store places each call at its time).
    await t.services.ingestion.flush();
    // The visitor stays active (a pageview every 25 minutes) until past the limit.
    for (let at = begin + 25 * 60_000; at < begin + MAX_RECORDING_MS + 30 * 60_000; at += 25 * 60_000) {
      clock.set(at);
      await visit(ip);
    }
    await t.services.ingestion.flush();
    const limit = begin + MAX_RECORDING_MS;
    clock.set(limit + 10_000);
    // A batch straddling the limit keeps its events up to it; one wholly after it stores nothing.
    await send(ip, clicks(limit - 5_000, limit, limit + 5_000));
    clock.set(limit + 40_000);
    await send(ip, clicks(limit + 30_000, limit + 35_000));
    await t.services.ingestion.flush();
    // One session throughout: the 30 pageviews of the visit.
    const sessions = await rows<{ id: string; n: string }>(t, "SELECT toString(session_id) AS id, toString(count()) AS n FROM events WHERE site_id = {s:UInt32} AND timestamp >= {b:DateTime64(3, 'UTC')} GROUP BY session_id", { s: f.site.siteId, b: new Date(begin).toISOString().replace('T', ' ').replace('Z', '') });
    expect(sessions.map((row) => row.n)).toEqual(['30']);
    const session = sessions[0];
    const recording = await owner(`/session-replay/${session?.id}`);
    expect(recording.statusCode, recording.body).toBe(200);
    const body = recording.json() as { events: RrwebTestEvent[]; metadata: { duration_ms: number; event_count: number } };
    expect(body.events.map((event) => event.timestamp)).toEqual([begin + 100, begin + 105, limit - 5_000, limit]);
    expect([body.metadata.event_count, body.metadata.duration_ms]).toEqual([4, limit - begin - 100]);
    const stored = await rows<{ n: string }>(t, 'SELECT toString(count()) AS n FROM session_replay_batches WHERE session_id = {id:UInt64}', { id: session?.id });
    expect(stored).toEqual([{ n: '2' }]);
  });

  it('erasing a visitor removes the recordings of their device; erasing a person removes theirs', async () => {
    clock.set(START + 3 * 60 * 60_000);
    await visit('8.8.5.20');
    await send('8.8.5.20', pageStart(clock.now() - 1_000, `${ORIGIN}/`, 'Device'));
    await visit('8.8.5.21');
    await send('8.8.5.21', pageStart(clock.now() - 1_000, `${ORIGIN}/`, 'Person'), 'grace@example.com');
    await t.services.ingestion.flush();
    const recorded = async () => (await rows<{ who: string }>(t, "SELECT if(max(identified_user_id) != '', max(identified_user_id), any(user_id)) AS who FROM session_replay_metadata WHERE site_id = {s:UInt32} GROUP BY session_id ORDER BY who", { s: f.site.siteId })).map((row) => row.who);
    const before = await recorded();
    expect(before).toContain('grace@example.com');
    const [device] = await rows<{ user_id: string }>(t, "SELECT any(user_id) AS user_id FROM session_replay_metadata WHERE site_id = {s:UInt32} AND start_time >= {b:DateTime64(3, 'UTC')} AND identified_user_id = '' GROUP BY session_id", { s: f.site.siteId, b: new Date(START + 3 * 60 * 60_000 - 5_000).toISOString().replace('T', ' ').replace('Z', '') });
    expect(device?.user_id).toMatch(/.+/);
    const visitorErased = await owner(`/visitors/${encodeURIComponent(device?.user_id ?? '')}`, 'DELETE');
    expect(visitorErased.statusCode, visitorErased.body).toBe(200);
    expect(await recorded()).toEqual(before.filter((who) => who !== device?.user_id));
    const personErased = await owner('/users/grace%40example.com', 'DELETE');
    expect(personErased.statusCode, personErased.body).toBe(200);
    expect(await recorded()).toEqual(before.filter((who) => who !== device?.user_id && who !== 'grace@example.com'));
  });
});
