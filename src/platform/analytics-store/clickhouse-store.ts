// Scale-out analytics store: a ClickHouse server or cluster reached through @clickhouse/client.
import { createRequire } from 'node:module';
import { Readable } from 'node:stream';
import type * as ClickHouseClientPackage from '@clickhouse/client';
import type { ClickHouseClient } from '@clickhouse/client';
import { CLUSTER_INSERT_SETTINGS, CLUSTER_QUERY_SETTINGS, clusterRuntimeStatement } from './cluster-runtime-sql.js';
import { insertSettings, type AnalyticsRow, type AnalyticsStore, type InsertOptions, type QueryParams } from './analytics-store.js';

const requirePackage = createRequire(import.meta.url);

/** The client package, loaded only when a ClickHouse server is configured: the embedded default never needs it (decision 0055). */
function clientPackage(): typeof ClickHouseClientPackage {
  return requirePackage('@clickhouse/client') as typeof ClickHouseClientPackage;
}

/** Loupe's own table and column names (never from a request): letters, digits and underscores. */
const TABLE_NAME = /^[a-z_][a-z0-9_]*$/;

export interface ClickHouseStoreOptions {
  /** The cluster of the schema (CLICKHOUSE_CLUSTER); undefined: one server. */
  readonly cluster?: string | undefined;
}

export class ClickHouseStore implements AnalyticsStore {
  readonly kind = 'clickhouse' as const;
  readonly cluster: string | undefined;
  private readonly client: ClickHouseClient;
  private readonly querySettings: Record<string, string>;

  constructor(url: string, client?: ClickHouseClient, options: ClickHouseStoreOptions = {}) {
    this.cluster = options.cluster;
    this.querySettings = this.cluster === undefined ? {} : { ...CLUSTER_QUERY_SETTINGS };
    this.client =
      client ??
      clientPackage().createClient({
        url,
        clickhouse_settings: { output_format_json_quote_64bit_integers: 1 },
      });
  }

  async query<T = Record<string, unknown>>(sql: string, params: QueryParams = {}): Promise<T[]> {
    const result = await this.client.query({ query: sql, query_params: { ...params }, format: 'JSONEachRow', clickhouse_settings: this.querySettings });
    return result.json<T>();
  }

  async queryJsonLines(sql: string, params: QueryParams = {}): Promise<Buffer> {
    const result = await this.client.query({ query: sql, query_params: { ...params }, format: 'JSONEachRow', clickhouse_settings: this.querySettings });
    return Buffer.from(await result.text());
  }

  async command(sql: string, params: QueryParams = {}): Promise<void> {
    const statement = this.cluster === undefined ? sql : clusterRuntimeStatement(sql, this.cluster);
    await this.client.command({ query: statement, query_params: { ...params }, clickhouse_settings: this.querySettings });
  }

  async insert(table: string, rows: readonly AnalyticsRow[], options: InsertOptions = {}): Promise<void> {
    if (rows.length === 0) return;
    await this.client.insert({
      table,
      values: [...rows],
      format: 'JSONEachRow',
      clickhouse_settings: this.settingsOf(options),
    });
  }

  async insertJsonEachRow(table: string, payload: Buffer, options: InsertOptions = {}): Promise<void> {
    if (payload.length === 0) return;
    if (!TABLE_NAME.test(table)) throw new Error(`not a table name: ${table}`);
    await this.insertBytes(`INSERT INTO ${table} FORMAT JSONEachRow`, payload, options);
  }

  async insertTabSeparated(table: string, columns: readonly string[], payload: Buffer, options: InsertOptions = {}): Promise<void> {
    if (payload.length === 0) return;
    const names = [table, ...columns];
    const invalid = names.find((name) => !TABLE_NAME.test(name));
    if (invalid !== undefined) throw new Error(`not a table or column name: ${invalid}`);
    await this.insertBytes(`INSERT INTO ${table} (${columns.join(', ')}) FORMAT TabSeparated`, payload, options);
  }

  /**
   * The bytes go to the server as they are, after the INSERT line; the client's insert() would take a stream
   * of objects and encode each one again (a Buffer object becomes one row of defaults).
   */
  private async insertBytes(statement: string, payload: Buffer, options: InsertOptions): Promise<void> {
    const result = await this.client.exec({
      query: statement,
      values: Readable.from([payload], { objectMode: false }),
      clickhouse_settings: this.settingsOf(options),
    });
    for await (const chunk of result.stream) void chunk;
  }

  private settingsOf(options: InsertOptions): Record<string, string> {
    return this.cluster === undefined ? insertSettings(options) : { ...insertSettings(options), ...CLUSTER_QUERY_SETTINGS, ...CLUSTER_INSERT_SETTINGS };
  }

  async ping(): Promise<boolean> {
    const result = await this.client.ping();
    return result.success;
  }

  async close(): Promise<void> {
    await this.client.close();
  }
}
