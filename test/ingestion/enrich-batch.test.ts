import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChdbStore } from '../../src/platform/analytics-store/chdb-store.js';
import { createSharedState } from '../../src/platform/shared-state/create-shared-state.js';
import { createGeolocator } from '../../src/classifiers/geolocator.js';
import { createBatchEnricher, type BatchEnricher } from '../../src/ingestion/enrichment/enrich-batch.js';
import { createEnrichmentSteps } from '../../src/ingestion/enrichment/enrichment-steps.js';
import type { IntakeRecord } from '../../src/ingestion/intake-record.js';
import { BOT_EVENT_COLUMNS, EVENT_COLUMNS } from '../../src/ingestion/row-columns.js';
import type { TsvColumn } from '../../src/platform/analytics-store/tsv-lines.js';
import { openMigratedChdbStore } from '../helpers/migrated-store.js';

const CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
const BROWSER_HEADERS = {
  accept: '*/*',
  'accept-language': 'en-US',
  'accept-encoding': 'gzip',
  'sec-ch-ua': '"Chromium";v="126"',
  'sec-fetch-mode': 'cors',
};

function record(overrides: Partial<IntakeRecord>): IntakeRecord {
  return {
    site_id: 7,
    at: Date.parse('2026-02-01T10:00:00.000Z'),
    event_id: '6f1c2a4e-3b7d-4e8f-9a0b-1c2d3e4f5a6b',
    user_id: 'a1b2c3d4e5f6',
    detect_bots: true,
    ip: '8.8.8.8',
    user_agent: CHROME,
    headers: BROWSER_HEADERS,
    payload: { site_id: 'abc', type: 'pageview', pathname: '/home' },
    ...overrides,
  };
}

const lines = (...records: (IntakeRecord | string)[]): Buffer =>
  Buffer.from(records.map((entry) => (typeof entry === 'string' ? entry : JSON.stringify(entry)) + '\n').join(''));

const text = (bytes: Uint8Array): string => Buffer.from(bytes).toString('utf8');

/** The TSV lines as objects of their columns' texts (none of these values holds an escape). */
const tsvRows = (bytes: Uint8Array, columns: readonly TsvColumn[]): Record<string, string>[] =>
  text(bytes).trim().split('\n').map((line) => Object.fromEntries(line.split('\t').map((value, index) => [columns[index]?.name ?? `#${index}`, value])));

describe('createBatchEnricher', () => {
  let enrich: BatchEnricher;
  let dir: string;
  let store: ChdbStore;

  beforeAll(async () => {
    enrich = createBatchEnricher(await createEnrichmentSteps(await createGeolocator(), {}, createSharedState(undefined)));
    dir = await mkdtemp(join(tmpdir(), 'loupe-enrich-batch-'));
    store = await openMigratedChdbStore(join(dir, 'analytics'));
  });
  afterAll(async () => {
    await store.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('reads lines of any UTF-8 text, and a last line without its newline', async () => {
    const path = '/São-Paulo/東京/😀';
    const first = JSON.stringify(record({ event_id: '00000000-0000-4000-8000-000000000020', payload: { site_id: 'abc', type: 'pageview', pathname: path } }));
    const last = JSON.stringify(record({ event_id: '00000000-0000-4000-8000-000000000021', payload: { site_id: 'abc', type: 'pageview', pathname: '/ünïcode' } }));
    const batch = await enrich(Buffer.from(`${first}\n${last}`), new Set([7]));
    expect(batch.humans).toBe(2);
    expect(batch.watched.map((row) => row.pathname)).toEqual([path, '/ünïcode']);
    expect(tsvRows(batch.events, EVENT_COLUMNS).map((row) => row.pathname)).toEqual([path, '/ünïcode']);
  });

  it('splits humans from bots, skips damaged lines and hands out only the watched sites\' human rows', async () => {
    const segment = lines(
      record({}),
      record({ event_id: '00000000-0000-4000-8000-000000000002', user_agent: 'curl/8.5.0', headers: { accept: '*/*' }, payload: { site_id: 'abc', type: 'pageview', pathname: '/bot' } }),
      '{"site_id":"not a record"}',
      '{torn',
      record({ site_id: 8, event_id: '00000000-0000-4000-8000-000000000003' }),
    );
    const batch = await enrich(segment, new Set([7]));
    expect({ humans: batch.humans, bots: batch.bots, skipped: batch.skipped }).toEqual({ humans: 2, bots: 1, skipped: 2 });
    expect(batch.watched.map((row) => [row.site_id, row.event_id, row.pathname, row.browser])).toEqual([[7, '6f1c2a4e-3b7d-4e8f-9a0b-1c2d3e4f5a6b', '/home', 'Chrome']]);
    expect(text(batch.events).split('\n')).toHaveLength(3);
    expect(text(batch.botEvents).split('\n')).toHaveLength(2);
  });

  it('counts every request of a visitor toward its rate, bots by user agent included: the 121st within a minute is a bot', async () => {
    const visitor = { ip: '8.8.4.4', user_id: 'ffee00112233' };
    const at = Date.parse('2026-02-01T11:00:05.000Z');
    const eventId = (n: number): string => `00000000-0000-4000-8000-${String(1000 + n).padStart(12, '0')}`;
    const segment = lines(
      record({ ...visitor, at, event_id: eventId(0), user_agent: 'curl/8.5.0', headers: { accept: '*/*' } }),
      ...Array.from({ length: 120 }, (_, n) => record({ ...visitor, at: at + (n + 1) * 100, event_id: eventId(n + 1) })),
    );
    const batch = await enrich(segment, new Set());
    expect({ humans: batch.humans, bots: batch.bots }).toEqual({ humans: 119, bots: 2 });
    const bots = tsvRows(batch.botEvents, BOT_EVENT_COLUMNS);
    expect(bots.map((row) => [row.event_id, row.ua_pattern, row.rate_anomaly])).toEqual([[eventId(0), '1', '0'], [eventId(120), '0', '1']]);
  });

  it('writes empty columns as their defaults, which the store keeps as it did for the JSON lines that left them out', async () => {
    const batch = await enrich(lines(record({ event_id: '00000000-0000-4000-8000-000000000010', payload: { site_id: 'abc', type: 'performance', pathname: '/vitals', lcp: 0 } })), new Set());
    const [sent] = tsvRows(batch.events, EVENT_COLUMNS);
    expect(sent).toMatchObject({ utm_source: '', lcp: '0', cls: '\\N', url_parameters: '{}', revenue_amount: '0' });
    await store.insertTabSeparated('events', EVENT_COLUMNS.map((column) => column.name), Buffer.from(batch.events));
    const [stored] = await store.query(`SELECT utm_source, event_name, lcp, cls, url_parameters, country, lat, import_id, revenue_amount FROM events WHERE pathname = '/vitals'`);
    expect(stored).toEqual({ utm_source: '', event_name: '', lcp: 0, cls: null, url_parameters: {}, country: 'US', lat: 0, import_id: '', revenue_amount: 0 });
  });

  it('writes every column of events (but the imports\' import_id and the computed ones) and of bot_events, each with its kind', async () => {
    const columns = await store.query<{ table: string; name: string; type: string }>(`SELECT table, name, type FROM system.columns
      WHERE database = currentDatabase() AND table IN ('events', 'bot_events') AND default_kind = '' AND name != 'import_id' ORDER BY table, position`);
    const kindOf = (type: string): string => (type.startsWith('Nullable(') ? 'nullable' : type.startsWith('Map(') ? 'map' : /^(U?Int|Float|Decimal)/.test(type) ? 'number' : 'string');
    const expected = (table: string): TsvColumn[] => columns.filter((column) => column.table === table).map((column) => ({ name: column.name, kind: kindOf(column.type) as TsvColumn['kind'] }));
    expect([...EVENT_COLUMNS].sort((a, b) => a.name.localeCompare(b.name))).toEqual(expected('events').sort((a, b) => a.name.localeCompare(b.name)));
    expect([...BOT_EVENT_COLUMNS].sort((a, b) => a.name.localeCompare(b.name))).toEqual(expected('bot_events').sort((a, b) => a.name.localeCompare(b.name)));
  });
});
