import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnalyticsStore } from '../../src/platform/analytics-store/analytics-store.js';
import { migrateAnalyticsStore } from '../../src/platform/analytics-store/analytics-migrations.js';
import { createAnalyticsStore } from '../../src/platform/analytics-store/create-analytics-store.js';
import { AI_PURPOSES, CONTRACT_CHANNELS, CONTRACT_DEVICE_TYPES, CONTRACT_EVENT_TYPES } from '../../scripts/generate-events/contract-values.js';
import { EventStream, botRowsFor, type Chunk, type StreamOptions } from '../../scripts/generate-events/event-stream.js';
import { generateEvents, type GenerateSummary } from '../../scripts/generate-events/generate-events.js';
import { copyMigratedAnalytics } from '../helpers/migrated-store.js';

const END = Date.UTC(2026, 10, 21, 12, 0, 0);
const DAY = 86_400_000;
const EVENTS = 5_000;
const OPTIONS = { siteId: 7, events: EVENTS, days: 30, seed: 42, endMs: END, chunkSize: 1_000 };

let dir: string;
let store: AnalyticsStore;
let summary: GenerateSummary;
const progress: [number, number][] = [];

async function one<T>(sql: string, params: Record<string, unknown> = {}): Promise<T> {
  const rows = await store.query<T>(sql, params);
  if (rows[0] === undefined) throw new Error(`no row for ${sql}`);
  return rows[0];
}

async function firstChunk(options: StreamOptions): Promise<Chunk> {
  for await (const chunk of new EventStream(options).chunks()) return chunk;
  throw new Error('no chunk');
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'loupe-generate-events-'));
  // The run's migrated store copied in: the migration below then finds nothing left to apply.
  copyMigratedAnalytics(join(dir, 'analytics'));
  store = createAnalyticsStore({ dataDir: dir });
  await migrateAnalyticsStore(store);
  summary = await generateEvents(store, OPTIONS, (written, total) => progress.push([written, total]));
});

afterAll(async () => {
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('generateEvents into chDB', () => {
  it('writes exactly the requested events and ~3% bot rows, as the summary says', async () => {
    const counts = await one<{ events: string; bots: string; sessions: string; ids: string }>(
      `SELECT (SELECT count() FROM events) AS events, (SELECT count() FROM bot_events) AS bots,
              (SELECT uniqExact(session_id) FROM events) AS sessions, (SELECT uniqExact(event_id) FROM events) AS ids`,
    );
    expect(counts).toEqual({ events: '5000', bots: String(botRowsFor(EVENTS, 0.03)), sessions: String(summary.sessions), ids: '5000' });
    expect([summary.events, summary.botEvents]).toEqual([5000, 155]);
    expect(progress.at(-1)).toEqual([5155, 5155]);
  });

  it('keeps each session within 30 minutes, on one visitor, starting with a pageview', async () => {
    const check = await one<{ longest: string; visitors: string; first_not_pageview: string }>(
      `SELECT max(span) AS longest, max(visitors) AS visitors, countIf(first_type != 'pageview') AS first_not_pageview
       FROM (SELECT session_id, dateDiff('millisecond', min(timestamp), max(timestamp)) AS span,
                    uniqExact(user_id) AS visitors, argMin(type, (timestamp, type != 'pageview')) AS first_type
             FROM events GROUP BY session_id)`,
    );
    expect(Number(check.longest)).toBeLessThan(30 * 60_000);
    expect([check.visitors, check.first_not_pageview]).toEqual(['1', '0']);
  });

  it('uses only allowed channels, device types and event types, and the requested site', async () => {
    const values = await one<{ channels: string[]; devices: string[]; types: string[]; sites: number[] }>(
      `SELECT groupUniqArray(channel) AS channels, groupUniqArray(device_type) AS devices,
              groupUniqArray(type) AS types, groupUniqArray(site_id) AS sites FROM events`,
    );
    for (const channel of values.channels) expect(CONTRACT_CHANNELS).toContain(channel);
    for (const device of values.devices) expect(CONTRACT_DEVICE_TYPES).toContain(device);
    for (const type of values.types) expect(CONTRACT_EVENT_TYPES).toContain(type);
    expect(values.sites).toEqual([7]);
    expect(values.channels).toEqual(expect.arrayContaining(['Direct', 'Organic Search', 'Referral', 'AI']));
  });

  it('stays inside the requested period, with 12-hex visitor ids', async () => {
    const check = await one<{ first: string; last: string; bad_ids: string }>(
      `SELECT toUnixTimestamp64Milli(min(timestamp)) AS first, toUnixTimestamp64Milli(max(timestamp)) AS last,
              countIf(NOT match(user_id, '^[0-9a-f]{12}$')) AS bad_ids FROM events`,
    );
    expect(Number(check.first)).toBeGreaterThanOrEqual(END - 30 * DAY);
    expect(Number(check.last)).toBeLessThanOrEqual(END);
    expect(check.bad_ids).toBe('0');
  });

  it('fills event-specific columns consistently', async () => {
    const check = await one<Record<string, string>>(
      `SELECT countIf(type = 'custom_event' AND event_name = '') AS unnamed_custom,
              countIf(type = 'error' AND (event_name = '' OR NOT JSONHas(props, 'message'))) AS bad_errors,
              countIf(type = 'outbound' AND NOT startsWith(JSONExtractString(props, 'url'), 'https://')) AS bad_outbound,
              countIf(type = 'performance' AND (ttfb IS NULL OR fcp < ttfb OR lcp < fcp)) AS bad_vitals,
              countIf(type != 'performance' AND (lcp IS NOT NULL OR ttfb IS NOT NULL)) AS stray_vitals,
              countIf(utm_source != '' AND position(querystring, 'utm_source=') = 0) AS utm_without_query,
              countIf(channel = 'Paid Search' AND referrer != '' AND NOT (mapContains(url_parameters, 'gclid')
                      OR mapContains(url_parameters, 'msclkid'))) AS paid_without_click_id,
              countIf(channel IN ('Direct', 'Internal') AND utm_source != '') AS direct_with_utm
       FROM events`,
    );
    expect(check).toEqual({
      unnamed_custom: '0',
      bad_errors: '0',
      bad_outbound: '0',
      bad_vitals: '0',
      stray_vitals: '0',
      utm_without_query: '0',
      paid_without_click_id: '0',
      direct_with_utm: '0',
    });
  });

  it('looks like web traffic: ~40% bounces, ~4 events per session (besides engagement), ~70% of sessions from new visitors', async () => {
    const check = await one<{ bounce: number; per_session: number }>(
      `SELECT avg(pageviews = 1) AS bounce, avg(events) AS per_session
       FROM (SELECT countIf(type = 'pageview') AS pageviews, countIf(type != 'engagement') AS events FROM events GROUP BY session_id)`,
    );
    expect(check.bounce).toBeGreaterThan(0.34);
    expect(check.bounce).toBeLessThan(0.46);
    expect(check.per_session).toBeGreaterThan(3.5);
    expect(check.per_session).toBeLessThan(4.5);
    expect(summary.newVisitors / summary.sessions).toBeGreaterThan(0.6);
    expect(summary.newVisitors / summary.sessions).toBeLessThan(0.85);
  });

  it('reports engagement for most pageviews and revenue on purchases, stored exactly', async () => {
    const check = await one<{ engaged_share: number; bad_engagement: string; purchases: string; with_revenue: string; bad_revenue: string; currencies: string[] }>(
      `SELECT countIf(type = 'engagement') / countIf(type = 'pageview') AS engaged_share,
         toString(countIf(type = 'engagement' AND (engaged_ms = 0 OR scroll_depth = 0 OR scroll_depth > 100))) AS bad_engagement,
         toString(countIf(event_name = 'purchase')) AS purchases,
         toString(countIf(event_name = 'purchase' AND revenue_currency != '' AND revenue_amount > 0)) AS with_revenue,
         toString(countIf(revenue_currency != '' AND event_name != 'purchase')) AS bad_revenue,
         arraySort(groupUniqArrayIf(revenue_currency, revenue_currency != '')) AS currencies
       FROM events`,
    );
    expect(check.engaged_share).toBeGreaterThan(0.85);
    expect(check.engaged_share).toBeLessThan(0.95);
    expect(check.bad_engagement).toBe('0');
    expect(Number(check.purchases)).toBeGreaterThan(0);
    expect(check.with_revenue).toBe(check.purchases);
    expect(check.bad_revenue).toBe('0');
    expect(check.currencies.length).toBeGreaterThan(1);
  });

  it('stores bot rows with a detection layer each and AI operators with a purpose', async () => {
    const check = await one<{ no_layer: string; purposes: string[]; operators: string[] }>(
      `SELECT countIf(ua_pattern + header_heuristics + client_signals + bot_asn + rate_anomaly = 0) AS no_layer,
              groupUniqArrayIf(ai_purpose, ai_operator != '') AS purposes, groupUniqArray(ai_operator) AS operators
       FROM bot_events`,
    );
    expect(check.no_layer).toBe('0');
    for (const purpose of check.purposes) expect(AI_PURPOSES).toContain(purpose);
    expect(check.operators).toContain('OpenAI');
  });

  it('leaves no staging table behind', async () => {
    const left = await one<{ n: string }>(`SELECT count() AS n FROM system.tables WHERE name LIKE 'generate_events_staging%'`);
    expect(left.n).toBe('0');
  });

  it('stores the first generated session exactly as the stream produced it', async () => {
    const record = (await firstChunk({ ...OPTIONS, botShare: 0.03 })).sessions[0];
    if (!record) throw new Error('empty first chunk');
    const rows = await store.query<{ ms: string; user_id: string; country: string }>(
      `SELECT toUnixTimestamp64Milli(timestamp) AS ms, user_id, country FROM events
       WHERE session_id = {sid:UInt64} ORDER BY timestamp`,
      { sid: record.sid },
    );
    expect(rows.map((row) => Number(row.ms))).toEqual(record.ev_off.map((offset) => record.t0 + offset).sort((a, b) => a - b));
    expect(new Set(rows.map((row) => `${row.user_id} ${row.country}`))).toEqual(new Set([`${record.uid} ${record.country}`]));
  });
});

describe('EventStream', () => {
  const options: StreamOptions = { ...OPTIONS, botShare: 0.03 };

  it('gives the same rows for the same seed', async () => {
    expect(await firstChunk(options)).toEqual(await firstChunk(options));
  });

  it('gives different rows for another seed', async () => {
    const a = await firstChunk(options);
    const b = await firstChunk({ ...options, seed: 43 });
    expect(a.sessions[0]?.sid).not.toBe(b.sessions[0]?.sid);
  });
});
