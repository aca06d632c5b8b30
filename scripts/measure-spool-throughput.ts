// Measures the event buffer on this machine: acknowledged appends/s, append latency, event-loop delay, drain time.
// Usage: node --import tsx measure-throughput.ts [rows|raw|null] [rows=200000] [concurrency=256] [rate/s, 0 = as fast as possible]
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { AnalyticsRow, AnalyticsStore } from '../src/platform/analytics-store/analytics-store.js';
import { migrateAnalyticsStore } from '../src/platform/analytics-store/analytics-migrations.js';
import { ChdbStore } from '../src/platform/analytics-store/chdb-store.js';
import { createEventBuffer, type EventBuffer } from '../src/ingestion/event-buffer/event-buffer.js';

const [kind = 'raw', rowsArg = '200000', concurrencyArg = '256', rateArg = '0'] = process.argv.slice(2);
const total = Number(rowsArg);
const concurrency = Number(concurrencyArg);
const rate = Number(rateArg);

/** A full-width `events` row of the size the ingestion pipeline produces (~900 bytes of JSON). */
function eventRow(n: number): AnalyticsRow {
  return {
    site_id: 1 + (n % 5), timestamp: new Date().toISOString().replace('T', ' ').replace('Z', ''), event_id: randomUUID(),
    session_id: String(1_000_000_000 + (n % 5000)), user_id: `u${n % 5000}`, identified_user_id: '', type: 'pageview',
    event_name: '', props: '{}', hostname: 'example.com', pathname: `/blog/post-${n % 300}`, querystring: '?ref=x',
    url_parameters: { ref: 'x' }, page_title: 'A page about something', referrer: 'https://www.google.com/',
    channel: 'Organic Search', utm_source: '', utm_medium: '', utm_campaign: '', utm_term: '', utm_content: '',
    browser: 'Chrome', browser_version: '126.0', operating_system: 'Windows', operating_system_version: '10',
    device_type: 'desktop', language: 'en-US', country: 'US', region: 'CA', city: 'San Francisco', lat: 37.77,
    lon: -122.42, timezone: 'America/Los_Angeles', screen_width: 1920, screen_height: 1080, lcp: 1234.5, cls: null,
    inp: null, fcp: null, ttfb: 80, ip: '', tag: '', feature_flags: {},
  };
}

function percentile(sorted: Float64Array, p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;
}

async function appendAll(buffer: EventBuffer, latencies: Float64Array): Promise<void> {
  let next = 0;
  const one = async (n: number): Promise<void> => {
    const started = performance.now();
    await buffer.append(eventRow(n));
    latencies[n] = performance.now() - started;
  };
  if (rate > 0) {
    const started = performance.now();
    const inFlight: Array<Promise<void>> = [];
    while (next < total) {
      const due = Math.min(total, Math.floor(((performance.now() - started) * rate) / 1000));
      while (next < due) inFlight.push(one(next++));
      await new Promise((resolve) => setTimeout(resolve, 1));
    }
    await Promise.all(inFlight);
    return;
  }
  const worker = async (): Promise<void> => {
    while (next < total) await one(next++);
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
}

const root = mkdtempSync(join(tmpdir(), 'loupe-bench-buffer-'));
/** 'null' discards inserts: it isolates the cost of the write-ahead log from the cost of chDB. */
function openStore(): AnalyticsStore {
  if (kind === 'raw' || kind === 'rows') return new ChdbStore(join(root, 'analytics'));
  let count = 0;
  const discard: AnalyticsStore = {
    kind: 'chdb',
    query: async <T>() => [{ c: String(count) }] as T[],
    queryJsonLines: async () => Buffer.from(`{"c":"${count}"}\n`),
    command: async () => undefined,
    insert: async (_table, rows) => {
      count += rows.length;
    },
    insertJsonEachRow: async (_table, payload) => {
      for (let at = payload.indexOf(0x0a); at >= 0; at = payload.indexOf(0x0a, at + 1)) count += 1;
    },
    insertTabSeparated: async (_table, _columns, payload) => {
      for (let at = payload.indexOf(0x0a); at >= 0; at = payload.indexOf(0x0a, at + 1)) count += 1;
    },
    ping: async () => true,
    close: async () => undefined,
  };
  return discard;
}
const store = openStore();
if (kind !== 'null') await migrateAnalyticsStore(store);
const buffer = await createEventBuffer({
  store, table: 'events', dir: join(root, 'spool', 'events'),
  maxPendingRows: 5_000_000, flushIntervalMs: 1000, maxBatchRows: 50_000,
});
const latencies = new Float64Array(total);
const loop = monitorEventLoopDelay({ resolution: 1 });
loop.enable();
const cpuAtStart = process.cpuUsage();
const started = performance.now();
await appendAll(buffer, latencies);
const appendSeconds = (performance.now() - started) / 1000;
const appendLoop = { p99: loop.percentile(99) / 1e6, max: loop.max / 1e6 };
const afterAppend = buffer.counters();
await buffer.flushAndClose();
const drainSeconds = (performance.now() - started) / 1000;
loop.disable();
const cpu = process.cpuUsage(cpuAtStart);
const stored = await store.query<{ c: string }>('SELECT count() AS c FROM events');
await store.close();
rmSync(root, { recursive: true, force: true });
latencies.sort();
const ms = (value: number): number => Math.round(value * 100) / 100;
process.stdout.write(JSON.stringify({
  insertPath: kind, rows: total, concurrency: rate > 0 ? 'open loop' : concurrency, offeredRatePerSecond: rate || 'max',
  ackedPerSecond: Math.round(total / appendSeconds), appendLatencyMs: { p50: ms(percentile(latencies, 0.5)), p99: ms(percentile(latencies, 0.99)), max: ms(latencies[total - 1] ?? 0) },
  eventLoopDelayWhileAppendingMs: { p99: ms(appendLoop.p99), max: ms(appendLoop.max) },
  insertedWhileAppending: afterAppend.inserted, endToEndStoredPerSecond: Math.round(total / drainSeconds),
  processCpuMicrosPerRow: Math.round((cpu.user + cpu.system) / total), storedRows: Number(stored[0]?.c),
}, null, 1) + '\n');
