// GET /metrics: its credential (METRICS_TOKEN, bearer), and the exact lines it exposes after known traffic.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { frozenClock } from '../helpers/frozen-clock.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { browserHeaders, track } from '../helpers/track-client.js';
import { createTrackingFixture, type TrackingFixture } from '../helpers/tracking-fixture.js';
import { call } from '../helpers/auth-client.js';
import { startHttpsReceiver, type HttpsReceiver } from '../helpers/https-receiver.js';

const TOKEN = 'metrics-token-0123456789abcdef';
const ORIGIN = 'https://www.example.com';

describe('GET /metrics with METRICS_TOKEN set', () => {
  const logLines: string[] = [];
  const clock = frozenClock('2026-03-10T12:00:00.000Z');
  let t: TestApp;
  let f: TrackingFixture;

  beforeAll(async () => {
    t = await createTestApp({
      clock: clock.now,
      env: { METRICS_TOKEN: TOKEN, LOG_LEVEL: 'info' },
      logDestination: { write: (line) => logLines.push(line) },
      // Segments are sealed only by the explicit flush below: the batch sizes are then known.
      ingestionBuffer: { flushIntervalMs: 600_000 },
    });
    f = await createTrackingFixture(t.app, 'metrics', 'example.com');
  });
  afterAll(async () => t.close());

  const scrape = (authorization?: string) => t.app.inject({ method: 'GET', url: '/metrics', headers: authorization === undefined ? {} : { authorization } });

  it('answers 401 with a bearer challenge without the token or with another one', async () => {
    for (const authorization of [undefined, `Bearer ${TOKEN}x`, `Bearer ${TOKEN.slice(0, -1)}`, `Basic ${TOKEN}`, TOKEN]) {
      const response = await scrape(authorization);
      expect(response.statusCode, String(authorization)).toBe(401);
      expect(response.headers['www-authenticate']).toBe('Bearer realm="loupe-metrics"');
      expect(response.body).not.toContain('loupe_http_requests_total');
    }
  });

  it('counts requests per route template, inserts per batch and the spool and webhook queues', async () => {
    for (let i = 0; i < 3; i++) expect((await t.app.inject({ method: 'GET', url: '/api/version' })).statusCode).toBe(200);
    // Two different sites' URLs share one series: the route template, never the raw path.
    for (const site of ['aaa', 'bbb']) expect((await t.app.inject({ method: 'GET', url: `/api/sites/${site}/metric?metric=pageviews` })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'DELETE', url: '/api/no-such-route/42' })).statusCode).toBe(404);
    for (let i = 0; i < 5; i++) {
      const response = await track(t.app, { site_id: f.site.id, hostname: 'www.example.com', pathname: `/p${i}` }, { headers: browserHeaders({ origin: ORIGIN }) });
      expect(response.statusCode).toBe(200);
    }
    await t.services.ingestion.flush();

    const response = await scrape(`Bearer ${TOKEN}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
    const lines = response.body.split('\n');
    expect(response.body.endsWith('\n')).toBe(true);
    expect(lines).toEqual(expect.arrayContaining([
      '# HELP loupe_http_requests_total HTTP requests answered, by method, route template and status code.',
      '# TYPE loupe_http_requests_total counter',
      'loupe_http_requests_total{method="GET",route="/api/version",status="200"} 3',
      'loupe_http_requests_total{method="GET",route="/api/sites/:site/metric",status="401"} 2',
      'loupe_http_requests_total{method="DELETE",route="unmatched",status="404"} 1',
      'loupe_http_requests_total{method="POST",route="/api/track",status="200"} 5',
      '# TYPE loupe_http_request_duration_seconds histogram',
      'loupe_http_request_duration_seconds_bucket{method="GET",route="/api/version",le="+Inf"} 3',
      'loupe_http_request_duration_seconds_count{method="GET",route="/api/version"} 3',
      'loupe_http_request_duration_seconds_count{method="POST",route="/api/track"} 5',
      '# TYPE loupe_insert_batch_rows histogram',
      'loupe_insert_batch_rows_bucket{spool="intake",le="1"} 0',
      'loupe_insert_batch_rows_bucket{spool="intake",le="10"} 1',
      'loupe_insert_batch_rows_bucket{spool="intake",le="+Inf"} 1',
      'loupe_insert_batch_rows_sum{spool="intake"} 5',
      'loupe_insert_batch_rows_count{spool="intake"} 1',
      '# TYPE loupe_spool_pending_rows gauge',
      'loupe_spool_pending_rows{spool="intake"} 0',
      'loupe_spool_pending_rows{spool="user_identities"} 0',
      'loupe_spool_queued_segments{spool="intake"} 0',
      'loupe_spool_lag_seconds{spool="intake"} 0',
      'loupe_spool_inserted_rows_total{spool="intake"} 5',
      'loupe_spool_rejected_total{spool="intake"} 0',
      'loupe_spool_insert_failures_total{spool="intake"} 0',
      '# TYPE loupe_webhook_deliveries_waiting gauge',
      'loupe_webhook_deliveries_waiting{status="pending"} 0',
      'loupe_webhook_deliveries_waiting{status="retrying"} 0',
    ]));
    // No raw URL became a label: neither site id nor the unmatched path appears.
    expect(response.body).not.toMatch(/aaa|bbb|no-such-route/);
    // Histogram buckets are cumulative and end with the count.
    const versionBuckets = lines.filter((line) => line.startsWith('loupe_http_request_duration_seconds_bucket{method="GET",route="/api/version"'));
    const counts = versionBuckets.map((line) => Number(line.split(' ').at(-1)));
    expect(counts).toHaveLength(12);
    expect(counts).toEqual([...counts].sort((a, b) => a - b));
    expect(counts.at(-1)).toBe(3);
  });

  it("shows the process's memory by part, the engine's memory and caches and each table's parts", async () => {
    const lines = (await scrape(`Bearer ${TOKEN}`)).body.split('\n');
    const value = (prefix: string): number => Number(lines.find((line) => line.startsWith(`${prefix} `))?.slice(prefix.length + 1));
    for (const part of ['rss', 'rss_anonymous', 'rss_file', 'v8_heap_total', 'v8_heap_used', 'external']) {
      expect(value(`loupe_process_memory_bytes{part="${part}"}`), part).toBeGreaterThan(0);
    }
    expect(value('loupe_process_memory_bytes{part="rss"}')).toBeGreaterThanOrEqual(value('loupe_process_memory_bytes{part="rss_anonymous"}'));
    for (const metric of ['MemoryTracking', 'MarkCacheBytes', 'PrimaryIndexCacheBytes', 'jemalloc.allocated', 'jemalloc.resident', 'jemalloc.retained', 'jemalloc.dirty']) {
      expect(value(`loupe_analytics_engine_figure{metric="${metric}"}`), metric).toBeGreaterThanOrEqual(0);
    }
    expect(value('loupe_analytics_engine_figure{metric="jemalloc.resident"}')).toBeGreaterThan(value('loupe_analytics_engine_figure{metric="jemalloc.allocated"}') / 2);
    // The five pageviews tracked above, each a row of `events`.
    expect(lines).toContain('loupe_analytics_table_parts{table="events",figure="rows"} 5');
    expect(value('loupe_analytics_table_parts{table="events",figure="parts"}')).toBeGreaterThanOrEqual(1);
    expect(value('loupe_analytics_table_parts{table="events",figure="primary_key_bytes"}')).toBeGreaterThan(0);
  });

  it('counts its own scrapes once answered and never writes the token to the log', async () => {
    await scrape(`Bearer ${TOKEN}`);
    const response = await scrape(`Bearer ${TOKEN}`);
    expect(response.body.split('\n')).toContain('loupe_http_requests_total{method="GET",route="/metrics",status="401"} 5');
    expect(response.body.split('\n')).toContain('loupe_http_requests_total{method="GET",route="/metrics",status="200"} 3');
    expect(logLines.join('').length).toBeGreaterThan(0);
    expect(logLines.join('')).not.toContain(TOKEN);
    expect(logLines.join('')).not.toContain(TOKEN.slice(0, -1));
  });
});

describe('GET /metrics: the webhook queue', () => {
  let t: TestApp;
  let receiver: HttpsReceiver;
  beforeAll(async () => {
    // Failed attempts wait an hour for the next one: the queue holds still while the test reads it.
    t = await createTestApp({ env: { METRICS_TOKEN: TOKEN, WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true', WEBHOOK_RETRY_DELAYS: '1h,1h,1h,1h,1h' } });
    receiver = await startHttpsReceiver();
  });
  afterAll(async () => {
    await t.close();
    await receiver.close();
  });

  it('counts deliveries waiting for a retry after the receiver failed them', async () => {
    const f = await createTrackingFixture(t.app, 'metrics-webhooks', 'shop.example.com');
    receiver.respondWith(500, 500);
    const created = await call(t.app, f.owner, { method: 'POST', url: `/api/sites/${f.site.siteId}/webhooks`, payload: { url: receiver.url, eventNames: ['signup'] } });
    expect(created.statusCode, created.body).toBe(200);
    const webhookId = (created.json() as { data: { id: string } }).data.id;
    for (const pathname of ['/join', '/join-again']) {
      const tracked = await call(t.app, { key: f.key }, { method: 'POST', url: '/api/track', payload: { site_id: f.site.id, hostname: 'shop.example.com', type: 'custom_event', event_name: 'signup', pathname } });
      expect(tracked.json()).toEqual({ success: true });
    }
    await t.services.ingestion.flush();
    const statuses = async () => ((await call(t.app, f.owner, { method: 'GET', url: `/api/sites/${f.site.siteId}/webhooks/${webhookId}/deliveries` })).json() as { data: Array<{ status: string }> }).data.map((d) => d.status);
    await expect.poll(statuses, { timeout: 20_000, interval: 100 }).toEqual(['retrying', 'retrying']);
    const lines = (await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } })).body.split('\n');
    expect(lines).toContain('loupe_webhook_deliveries_waiting{status="pending"} 0');
    expect(lines).toContain('loupe_webhook_deliveries_waiting{status="retrying"} 2');
  }, 30_000);
});

describe('GET /metrics without METRICS_TOKEN', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('answers 404 like any unknown path, with or without a bearer token', async () => {
    for (const headers of [{}, { authorization: `Bearer ${TOKEN}` }]) {
      const response = await t.app.inject({ method: 'GET', url: '/metrics', headers });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: 'Route GET /metrics not found' });
    }
  });

  it('refuses a METRICS_TOKEN shorter than 16 characters at start', () => {
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN: expected at least 16 printable characters/);
    expect(loadConfig({ METRICS_TOKEN: TOKEN }).metricsToken).toBe(TOKEN);
  });
});
