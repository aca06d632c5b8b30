// The AnalyticsStore contract: ClickHouse SQL with bound {name:Type} parameters, whatever engine runs it.

/** Values bound to `{name:Type}` placeholders; never interpolated into SQL text. */
export type QueryParams = Readonly<Record<string, unknown>>;

export type AnalyticsRow = Readonly<Record<string, unknown>>;

export interface InsertOptions {
  /**
   * Stable token for this batch: inserting the same rows again with the same token is a no-op
   * (ClickHouse insert deduplication), which makes replays after a crash exactly-once.
   */
  readonly dedupToken?: string;
}

/**
 * The engine settings of an insert. A deduplicated replay must also be deduplicated in the tables that
 * materialized views feed (`sessions` from `events`), and a replay after a crash between the two writes
 * must still reach them: both need the dependent-view check, not just the source table's. Recent engines
 * check by default; older ClickHouse servers need the setting.
 */
export function insertSettings(options: InsertOptions): Record<string, string> {
  const dedup: Record<string, string> = options.dedupToken
    ? { insert_deduplication_token: options.dedupToken, deduplicate_blocks_in_dependent_materialized_views: '1' }
    : {};
  return { ...dedup, ...NO_MERGE_ON_INSERT };
}

/**
 * The views already aggregate each insert by their tables' keys (`sessions_from_events` groups by session),
 * so merging the written block again by key, as AggregatingMergeTree does on insert by default, only
 * re-sorts rows that are already one per key (about a tenth of an insert's CPU; rows of different inserts
 * still merge in the background, which readers of `sessions` already allow for).
 */
const NO_MERGE_ON_INSERT = { optimize_on_insert: '0' } as const;

export interface AnalyticsStore {
  readonly kind: 'chdb' | 'clickhouse';
  /**
   * The ClickHouse cluster the store's tables are spread over (docs/clickhouse-cluster.md): the names the
   * code uses are Distributed tables over replicated `<name>_local` tables. Undefined: one server.
   */
  readonly cluster?: string | undefined;
  /** Runs a SELECT and returns its rows as objects (JSONEachRow; 64-bit integers arrive as strings). */
  query<T = Record<string, unknown>>(sql: string, params?: QueryParams): Promise<T[]>;
  /** Runs a SELECT and returns its rows as JSONEachRow bytes, unparsed (one JSON object and `\n` per row). */
  queryJsonLines(sql: string, params?: QueryParams): Promise<Buffer>;
  /** Runs a statement that returns no rows (DDL, INSERT ... SELECT, OPTIMIZE). */
  command(sql: string, params?: QueryParams): Promise<void>;
  /** Inserts rows into a table in one part. */
  insert(table: string, rows: readonly AnalyticsRow[], options?: InsertOptions): Promise<void>;
  /** Inserts rows already encoded as JSONEachRow bytes (the spool's format), parsed by the engine, not by JS. */
  insertJsonEachRow(table: string, payload: Buffer, options?: InsertOptions): Promise<void>;
  /**
   * Inserts rows already encoded as TabSeparated bytes (tsv-lines.ts), one value per listed column in that
   * order; the table's other columns get their defaults. The engine parses TSV with less work than JSON lines.
   */
  insertTabSeparated(table: string, columns: readonly string[], payload: Buffer, options?: InsertOptions): Promise<void>;
  /**
   * The same store for work nobody waits for (an import's lookups and inserts), where the engine runs one
   * operation at a time (embedded chDB): its operations start only while reads pause. Absent: the engine runs
   * operations side by side, and background work uses the store itself.
   */
  background?(): AnalyticsStore;
  /**
   * Hands memory the engine has freed but kept back to the operating system (embedded chDB: its allocator's
   * unused pages), for a process whose memory must stay bounded while it writes a lot (the command line's
   * direct import). Absent: the engine is another process.
   */
  releaseFreedMemory?(): Promise<void>;
  /** True when the store answers a trivial query. */
  ping(): Promise<boolean>;
  close(): Promise<void>;
}
