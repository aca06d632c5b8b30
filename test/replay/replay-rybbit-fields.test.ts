// Rybbit's web app and recorder against Loupe's replay routes: the recorder's own body (no batch
// name), the list and player calls with the web app's parameters, and every field its source reads
// (client/src/api/analytics/endpoints/sessionReplay.ts and the replay components), with its types.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../helpers/auth-client.js';
import { frozenClock } from '../helpers/frozen-clock.js';
import { clicks, pageStart, recordReplay } from '../helpers/replay-batches.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { browserHeaders, track } from '../helpers/track-client.js';
import { createTrackingFixture, type TrackingFixture } from '../helpers/tracking-fixture.js';

const START = Math.floor(Date.now() / 60_000) * 60_000 - 30 * 60_000;
const ORIGIN = 'https://rybbit-app.example';

/** The list item fields the web app's SessionReplayListItem declares, with their JSON types. */
const LIST_FIELDS: Record<string, string> = {
  session_id: 'string', user_id: 'string', identified_user_id: 'string', traits: 'object', start_time: 'string', end_time: 'string',
  duration_ms: 'number', page_url: 'string', event_count: 'number', country: 'string', region: 'string', city: 'string', browser: 'string',
  browser_version: 'string', operating_system: 'string', operating_system_version: 'string', device_type: 'string', screen_width: 'number', screen_height: 'number',
};

/** The metadata fields its SessionReplayMetadata declares beyond the list's. */
const METADATA_FIELDS: Record<string, string> = {
  ...LIST_FIELDS, compressed_size_bytes: 'number', user_agent: 'string', lat: 'number', lon: 'number', language: 'string', channel: 'string',
  hostname: 'string', referrer: 'string', has_replay_data: 'boolean', created_at: 'string',
};

function typesOf(value: Record<string, unknown>, fields: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.keys(fields).map((key) => [key, value[key] === null ? 'object' : typeof value[key]]));
}

describe('the Rybbit web app on Loupe recordings', () => {
  const clock = frozenClock(START);
  let t: TestApp;
  let f: TrackingFixture;
  let sessionId = '';

  beforeAll(async () => {
    t = await createTestApp({ clock: clock.now, env: { TRUST_PROXY: 'true' } });
    f = await createTrackingFixture(t.app, 'rybbit-replay', 'rybbit-app.example', { sessionReplay: true });
    const headers = browserHeaders({ origin: ORIGIN, forwardedFor: '8.8.8.8' });
    expect((await track(t.app, { site_id: f.site.id, pathname: '/checkout', hostname: 'rybbit-app.example' }, { headers })).statusCode).toBe(200);
    clock.advance(45_000);
    // Rybbit's recorder's body exactly: userId, events and metadata, nothing else.
    const body = { userId: '', events: [...pageStart(START + 1_000, `${ORIGIN}/checkout`, 'Checkout'), ...clicks(START + 40_000)], metadata: { pageUrl: `${ORIGIN}/checkout`, viewportWidth: 1920, viewportHeight: 1080, language: 'de-DE' } };
    const recorded = await recordReplay(t.app, f.site.siteId, body, { headers });
    expect([recorded.statusCode, recorded.json()]).toEqual([200, { success: true }]);
    await t.services.ingestion.flush();
  });
  afterAll(async () => t.close());

  it('lists with the web app\'s parameters (minDuration 30, limit 20, offset) and every list field', async () => {
    const today = new Date(START).toISOString().slice(0, 10);
    const response = await call(t.app, f.owner, { method: 'GET', url: `/api/sites/${f.site.siteId}/session-replay/list?start_date=${today}&end_date=${today}&time_zone=UTC&filters=%5B%5D&limit=20&offset=0&minDuration=30` });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json() as { data: Array<Record<string, unknown>> };
    expect(body.data).toHaveLength(1);
    const item = body.data[0] ?? {};
    expect(typesOf(item, LIST_FIELDS)).toEqual(LIST_FIELDS);
    sessionId = String(item.session_id);
    expect(item).toMatchObject({ duration_ms: 39_000, event_count: 3, screen_width: 1920, screen_height: 1080, page_url: `${ORIGIN}/checkout`, traits: null });
    // The web app reads times with DateTime.fromSQL: 'YYYY-MM-DD HH:MM:SS.mmm'.
    expect(String(item.start_time)).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d{3}$/);
    const shorter = await call(t.app, f.owner, { method: 'GET', url: `/api/sites/${f.site.siteId}/session-replay/list?start_date=${today}&end_date=${today}&time_zone=UTC&minDuration=60` });
    expect((shorter.json() as { data: unknown[] }).data).toEqual([]);
  });

  it('lists with each time form the web app sends: an exact UTC range and the last minutes, with its filters as JSON', async () => {
    const utc = (ms: number) => new Date(ms).toISOString().slice(0, 19).replace('T', ' ');
    const filters = encodeURIComponent(JSON.stringify([{ parameter: 'pathname', type: 'equals', value: ['/checkout'] }]));
    const common = `time_zone=Europe%2FBerlin&filters=${filters}&limit=20&offset=0&minDuration=30`;
    const forms = [
      `start_datetime=${encodeURIComponent(utc(START - 60_000))}&end_datetime=${encodeURIComponent(utc(START + 5 * 60_000))}`,
      'past_minutes_start=60&past_minutes_end=0',
    ];
    for (const form of forms) {
      const response = await call(t.app, f.owner, { method: 'GET', url: `/api/sites/${f.site.siteId}/session-replay/list?${form}&${common}` });
      expect([form, response.statusCode]).toEqual([form, 200]);
      expect((response.json() as { data: Array<{ session_id: string }> }).data.map((item) => item.session_id)).toEqual([sessionId]);
    }
    // A window that ends before the recording starts, and a filter it does not match, list nothing.
    const before = await call(t.app, f.owner, { method: 'GET', url: `/api/sites/${f.site.siteId}/session-replay/list?start_datetime=${encodeURIComponent(utc(START - 3_600_000))}&end_datetime=${encodeURIComponent(utc(START - 60_000))}&time_zone=UTC` });
    expect((before.json() as { data: unknown[] }).data).toEqual([]);
    const other = encodeURIComponent(JSON.stringify([{ parameter: 'pathname', type: 'equals', value: ['/pricing'] }]));
    const filtered = await call(t.app, f.owner, { method: 'GET', url: `/api/sites/${f.site.siteId}/session-replay/list?past_minutes_start=60&past_minutes_end=0&time_zone=UTC&filters=${other}` });
    expect((filtered.json() as { data: unknown[] }).data).toEqual([]);
  });

  it('plays with {events, metadata}: numeric event types (the player compares type 4 for page changes) and every metadata field', async () => {
    const response = await call(t.app, f.owner, { method: 'GET', url: `/api/sites/${f.site.siteId}/session-replay/${sessionId}` });
    expect(response.statusCode).toBe(200);
    const body = response.json() as { events: Array<{ type: unknown; timestamp: unknown; data: unknown }>; metadata: Record<string, unknown> };
    expect(body.events.map((event) => [event.type, typeof event.timestamp, typeof event.data])).toEqual([[4, 'number', 'object'], [2, 'number', 'object'], [3, 'number', 'object']]);
    expect(typesOf(body.metadata, METADATA_FIELDS)).toEqual(METADATA_FIELDS);
    expect(body.metadata).toMatchObject({ session_id: sessionId, language: 'de-DE', hostname: 'rybbit-app.example', channel: 'Direct', has_replay_data: true });
  });

  it('deletes with {success: true}, as the web app\'s mutation expects', async () => {
    const response = await call(t.app, f.owner, { method: 'DELETE', url: `/api/sites/${f.site.siteId}/session-replay/${sessionId}` });
    expect([response.statusCode, response.json()]).toEqual([200, { success: true }]);
  });
});
