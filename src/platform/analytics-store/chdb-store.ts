// Embedded analytics store: chDB (in-process ClickHouse) with its data under DATA_DIR/analytics.
import { mkdirSync } from 'node:fs';
import { Session } from 'chdb';
import { insertSettings, type AnalyticsRow, type AnalyticsStore, type InsertOptions, type QueryParams } from './analytics-store.js';
import { chdbMemoryArguments, DEFAULT_ANALYTICS_MEMORY, type AnalyticsMemorySettings } from './chdb-memory.js';
import { parseJsonEachRow, toJsonEachRow } from './json-each-row.js';

/**
 * The embedded engine shares the server's cores: parsing an insert (about a second of events) on one thread
 * saves the hand-offs between parser threads, a few percent of the insert's CPU, and the wait is off the
 * request path anyway.
 */
const SERIAL_PARSING = { input_format_parallel_parsing: '0' } as const;

export class ChdbStore implements AnalyticsStore {
  readonly kind = 'chdb' as const;
  private readonly session: Session;
  /** Operations under way: closing the session under one of them would cut it off mid-write. */
  private readonly inFlight = new Set<Promise<unknown>>();

  constructor(path: string, memory: AnalyticsMemorySettings = DEFAULT_ANALYTICS_MEMORY) {
    mkdirSync(path, { recursive: true });
    this.session = new Session(path, {
      connectionArgs: ['--async_load_databases=0', '--output_format_json_quote_64bit_integers=1', ...chdbMemoryArguments(memory)],
    });
  }

  async query<T = Record<string, unknown>>(sql: string, params: QueryParams = {}): Promise<T[]> {
    const result = await this.track(this.session.queryBindAsync(sql, params, { format: 'JSONEachRow' }));
    return parseJsonEachRow<T>(result.text());
  }

  async queryJsonLines(sql: string, params: QueryParams = {}): Promise<Buffer> {
    const result = await this.track(this.session.queryBindAsync(sql, params, { format: 'JSONEachRow' }));
    // The engine's bytes as they are: no JavaScript string is made of them (a page of an export is megabytes).
    const bytes = result.bytes();
    return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }

  async command(sql: string, params: QueryParams = {}): Promise<void> {
    await this.track(this.session.queryBindAsync(sql, params, { format: 'JSONEachRow' }));
  }

  async insert(table: string, rows: readonly AnalyticsRow[], options: InsertOptions = {}): Promise<void> {
    if (rows.length > 0) await this.insertJsonEachRow(table, Buffer.from(toJsonEachRow(rows)), options);
  }

  async insertJsonEachRow(table: string, payload: Buffer, options: InsertOptions = {}): Promise<void> {
    if (payload.length === 0) return;
    await this.track(this.session.insert({ table, values: payload, format: 'JSONEachRow', settings: { ...insertSettings(options), ...SERIAL_PARSING } }));
  }

  async ping(): Promise<boolean> {
    try {
      const rows = await this.query<{ ok: number }>('SELECT 1 AS ok');
      return rows[0]?.ok === 1;
    } catch {
      return false;
    }
  }

  /** Waits for the operations under way (a site's analytics delete runs after its answer), then closes. */
  async close(): Promise<void> {
    await Promise.allSettled([...this.inFlight]);
    this.session.close();
  }

  private track<T>(operation: Promise<T>): Promise<T> {
    this.inFlight.add(operation);
    const forget = () => void this.inFlight.delete(operation);
    operation.then(forget, forget);
    return operation;
  }
}
