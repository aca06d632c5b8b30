// Embedded analytics store: chDB (in-process ClickHouse) with its data under DATA_DIR/analytics.
import { mkdirSync } from 'node:fs';
import { Session } from 'chdb';
import { insertSettings, type AnalyticsRow, type AnalyticsStore, type InsertOptions, type QueryParams } from './analytics-store.js';
import { chdbMemoryArguments, chdbPartThreadArguments, DEFAULT_ANALYTICS_MEMORY, type AnalyticsMemorySettings } from './chdb-memory.js';
import { ChdbConnectionPool } from './chdb-connection-pool.js';
import { readStreamed } from './chdb-streamed-read.js';
import { readWithMemoryRetry } from './engine-memory-retry.js';
import { parseJsonEachRow, toJsonEachRow } from './json-each-row.js';
import { DEFAULT_READ_FIRST, ReadFirstScheduler, type ReadFirstOptions } from './read-first-scheduler.js';

/**
 * The embedded engine shares the server's cores: parsing an insert (about a second of events) on one thread
 * saves the hand-offs between parser threads, a few percent of the insert's CPU, and the wait is off the
 * request path anyway.
 */
const SERIAL_PARSING = { input_format_parallel_parsing: '0' } as const;

/**
 * Reads run side by side on up to this many connections: the probe of a live view (the last few minutes) does not
 * wait for a dashboard's reports over a month, even with two of them under way; more would only share the same
 * cores and the engine's memory ceiling among more reads at once (decision 0078).
 */
const READ_CONNECTIONS = 3;

/**
 * Reads and the store's own inserts (tracking's, every second or two) go first, each on a connection of its own;
 * background work (an import) waits for a pause in both.
 */
type Lane = 'read' | 'write' | 'background';

export class ChdbStore implements AnalyticsStore {
  readonly kind = 'chdb' as const;
  private readonly path: string;
  private readonly connectionArgs: string[];
  /** The reads' connections; the first is opened with the store. */
  private readonly reads: ChdbConnectionPool<Session>;
  /** The inserts' own connection to the same engine, opened at the first insert. */
  private writeSession: Session | undefined;
  /** The background lane's own connection to the same engine, opened at its first use. */
  private backgroundSession: Session | undefined;
  /** Operations under way: closing the session under one of them would cut it off mid-write. */
  private readonly inFlight = new Set<Promise<unknown>>();

  private readonly scheduler: ReadFirstScheduler;
  /** False once the engine refused a purge of its allocator (a build without jemalloc). */
  private canPurge = true;
  /** This store for background work: the same engine, reached through the scheduler's background lane. */
  private readonly backgroundLane: AnalyticsStore;

  constructor(path: string, memory: AnalyticsMemorySettings = DEFAULT_ANALYTICS_MEMORY, readFirst: ReadFirstOptions = DEFAULT_READ_FIRST) {
    mkdirSync(path, { recursive: true });
    this.path = path;
    this.connectionArgs = ['--async_load_databases=0', '--output_format_json_quote_64bit_integers=1', ...chdbMemoryArguments(memory), ...chdbPartThreadArguments()];
    this.reads = new ChdbConnectionPool(() => this.openConnection(), READ_CONNECTIONS, this.openConnection());
    this.scheduler = new ReadFirstScheduler(readFirst);
    this.backgroundLane = {
      kind: this.kind,
      query: <T,>(sql: string, params: QueryParams = {}) => this.queryIn<T>('background', sql, params),
      queryJsonLines: (sql, params = {}) => this.queryJsonLinesIn('background', sql, params),
      command: (sql, params = {}) => this.commandIn('background', sql, params),
      insert: (table, rows, options = {}) => this.insertIn('background', table, rows, options),
      insertJsonEachRow: (table, payload, options = {}) => this.insertJsonEachRowIn('background', table, payload, options),
      insertTabSeparated: (table, columns, payload, options = {}) => this.insertTabSeparatedIn('background', table, columns, payload, options),
      ping: () => this.ping(),
      releaseFreedMemory: () => this.releaseFreedMemory(),
      // The lane is part of the store: the store's close() closes its connection.
      close: async () => undefined,
    };
  }

  /**
   * A connection runs one operation at a time, in the order it gets them: behind an import's insert, every read
   * waited. Work nobody is waiting for (an import's lookups and inserts) goes through this lane instead: its own
   * connection to the same engine (chDB lets connections to one data directory run side by side), started only
   * while reads pause, and resting between operations while readers are about, so reads keep the cores
   * (decision 0031). Its lookups are streamed like the reads (chdb-streamed-read.ts), so they do not take turns
   * with the reads' connections either.
   */
  background(): AnalyticsStore {
    return this.backgroundLane;
  }

  query<T = Record<string, unknown>>(sql: string, params: QueryParams = {}): Promise<T[]> {
    return this.queryIn<T>('read', sql, params);
  }

  queryJsonLines(sql: string, params: QueryParams = {}): Promise<Buffer> {
    return this.queryJsonLinesIn('read', sql, params);
  }

  command(sql: string, params: QueryParams = {}): Promise<void> {
    return this.commandIn('read', sql, params);
  }

  /*
   * A connection runs one operation at a time, in the order it gets them: on the reads' connection, a segment of
   * tracking calls waited behind every report asked for before it (a dashboard asks a dozen at once), and as the
   * reports grew slower with the data, so did the delay before an acknowledged event was counted (decision 0076).
   * Inserts have their own connection: a report and an insert run side by side.
   */
  insert(table: string, rows: readonly AnalyticsRow[], options: InsertOptions = {}): Promise<void> {
    return this.insertIn('write', table, rows, options);
  }

  insertJsonEachRow(table: string, payload: Buffer, options: InsertOptions = {}): Promise<void> {
    return this.insertJsonEachRowIn('write', table, payload, options);
  }

  insertTabSeparated(table: string, columns: readonly string[], payload: Buffer, options: InsertOptions = {}): Promise<void> {
    return this.insertTabSeparatedIn('write', table, columns, payload, options);
  }

  private async queryIn<T>(lane: Lane, sql: string, params: QueryParams): Promise<T[]> {
    const bytes = await this.queryJsonLinesIn(lane, sql, params);
    return parseJsonEachRow<T>(bytes.toString('utf8'));
  }

  /** The engine's bytes as they are: no JavaScript string is made of them (a page of an export is megabytes). */
  private queryJsonLinesIn(lane: Lane, sql: string, params: QueryParams): Promise<Buffer> {
    return readWithMemoryRetry(() => this.run(lane, (session) => readStreamed(session, sql, params)));
  }

  private async commandIn(lane: Lane, sql: string, params: QueryParams): Promise<void> {
    await this.run(lane, (session) => session.queryBindAsync(sql, params, { format: 'JSONEachRow' }));
  }

  private async insertIn(lane: Lane, table: string, rows: readonly AnalyticsRow[], options: InsertOptions): Promise<void> {
    if (rows.length > 0) await this.insertJsonEachRowIn(lane, table, Buffer.from(toJsonEachRow(rows)), options);
  }

  private async insertJsonEachRowIn(lane: Lane, table: string, payload: Buffer, options: InsertOptions): Promise<void> {
    if (payload.length === 0) return;
    await this.run(lane, (session) => session.insert({ table, values: payload, format: 'JSONEachRow', settings: { ...insertSettings(options), ...SERIAL_PARSING } }));
  }

  private async insertTabSeparatedIn(lane: Lane, table: string, columns: readonly string[], payload: Buffer, options: InsertOptions): Promise<void> {
    if (payload.length === 0) return;
    await this.run(lane, (session) => session.insert({ table, columns, values: payload, format: 'TabSeparated', settings: { ...insertSettings(options), ...SERIAL_PARSING } }));
  }

  /**
   * The engine allocates through its own jemalloc, which keeps freed pages for reuse: a merge of `sessions` parts
   * during an import took up to 250 MB, and after a 1,000,000-row import the engine's part of the process stayed
   * about 200 MB above its start while the engine itself held about 50 MB. A purge hands the free pages back at
   * once (decision 0043). Without jemalloc (another build) the engine refuses it, and it is not asked again.
   */
  async releaseFreedMemory(): Promise<void> {
    if (!this.canPurge) return;
    try {
      await this.commandIn('background', 'SYSTEM JEMALLOC PURGE', {});
    } catch {
      this.canPurge = false;
    }
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
    this.backgroundSession?.close();
    this.writeSession?.close();
    this.reads.close();
  }

  /** Starts the operation in its lane, on the lane's connection, counted as under way from the moment it is asked for. */
  private run<T>(lane: Lane, start: (session: Session) => Promise<T>): Promise<T> {
    if (lane === 'read') return this.track(this.scheduler.read(() => this.reads.use(start)));
    if (lane === 'write') return this.track(this.scheduler.read(() => start(this.writeConnection())));
    return this.track(this.scheduler.background(() => start(this.backgroundConnection())));
  }

  private openConnection(): Session {
    return new Session(this.path, { connectionArgs: this.connectionArgs });
  }

  private writeConnection(): Session {
    this.writeSession ??= this.openConnection();
    return this.writeSession;
  }

  private backgroundConnection(): Session {
    this.backgroundSession ??= this.openConnection();
    return this.backgroundSession;
  }

  private track<T>(operation: Promise<T>): Promise<T> {
    this.inFlight.add(operation);
    const forget = () => void this.inFlight.delete(operation);
    operation.then(forget, forget);
    return operation;
  }
}
