// Rewrites a single-server analytics migration statement into the statements that build the same schema on a
// ClickHouse cluster: replicated local tables, Distributed tables under the names the code queries, the
// materialized views on the local tables, all ON CLUSTER. Deterministic text rewriting of the forms the
// migrations use; any other form is refused (ClusterDdlError) rather than guessed at.
import { clusterAlter } from './cluster-alter.js';
import { ClusterDdlError } from './cluster-ddl-error.js';
import { localTableName, REPLICA_NAME, replicationPath } from './cluster-naming.js';
import { shardingKeyOf } from './cluster-sharding-keys.js';
import { topLevelKeywordOffset } from './top-level-sql.js';

/**
 * The single-server tables keep the last 10 000 insert tokens without a time limit; replicated tables keep
 * them in Keeper for `replicated_deduplication_window_seconds` too (an hour by default on recent servers),
 * which would let a spool replayed after a long outage store its batch twice. A week matches the spool's
 * horizon in practice; the 10 000 blocks still bound what Keeper holds.
 */
const DEDUPLICATION_SECONDS = 604800;

/**
 * Settings of a migration's INSERT ... SELECT: the write waits for every shard (an error reaches the migration
 * instead of a background queue), and a subquery on a Distributed table inside the distributed read runs once
 * on the initiating server over the whole cluster (GLOBAL) instead of being refused.
 */
const INSERT_SELECT_SETTINGS = "insert_distributed_sync = 1, distributed_product_mode = 'global'";

const CREATE_TABLE = /^CREATE TABLE (IF NOT EXISTS )?(\w+)(\s+)/;
const CREATE_VIEW = /^CREATE MATERIALIZED VIEW (IF NOT EXISTS )?(\w+) TO (\w+) AS(\s)/;
const DROP_VIEW = /^DROP VIEW (IF EXISTS )?(\w+)$/;
const DROP_TABLE = /^DROP TABLE (IF EXISTS )?(\w+)$/;
const OPTIMIZE = /^OPTIMIZE TABLE (\w+)( FINAL)?$/;
const INSERT_SELECT = /^INSERT INTO (\w+)(\s+)(?=SELECT\s)/;
const MERGE_TREE_ENGINE = /^ENGINE\s*=\s*(\w*)MergeTree(?:\(([^()]*)\))?/;
const FROM_TABLE = /\bFROM (\w+)(?=\s|$)/g;

/** The cluster's statements for one migration statement, in the order they must run. */
export function clusterStatements(statement: string, cluster: string): string[] {
  const sql = statement.trim();
  if (sql.startsWith('ALTER TABLE ')) return clusterAlter(sql, cluster);
  const table = CREATE_TABLE.exec(sql);
  if (table) return createTable(sql, table, cluster);
  const view = CREATE_VIEW.exec(sql);
  if (view) return [createView(sql, view, cluster)];
  const drop = DROP_VIEW.exec(sql);
  if (drop) return [`DROP VIEW ${drop[1] ?? ''}${drop[2]} ON CLUSTER ${cluster}`];
  const dropTable = DROP_TABLE.exec(sql);
  // The Distributed table first (nothing reads the local tables through it any more), then the local tables.
  if (dropTable?.[2]) {
    const ifExists = dropTable[1] ?? '';
    return [`DROP TABLE ${ifExists}${dropTable[2]} ON CLUSTER ${cluster}`, `DROP TABLE ${ifExists}${localTableName(dropTable[2])} ON CLUSTER ${cluster}`];
  }
  const optimize = OPTIMIZE.exec(sql);
  if (optimize?.[1]) return [`OPTIMIZE TABLE ${localTableName(optimize[1])} ON CLUSTER ${cluster}${optimize[2] ?? ''}`];
  const insert = INSERT_SELECT.exec(sql);
  if (insert) return [`INSERT INTO ${insert[1]} SETTINGS ${INSERT_SELECT_SETTINGS}${insert[2]}${sql.slice(insert[0].length)}`];
  throw new ClusterDdlError('a statement form it does not know', sql);
}

/** A replicated local table, then the Distributed table over it under the original name. */
function createTable(sql: string, head: RegExpExecArray, cluster: string): string[] {
  const ifNotExists = head[1] ?? '';
  const name = head[2] ?? '';
  const engineAt = topLevelKeywordOffset(sql, 'ENGINE');
  if (engineAt === -1) throw new ClusterDdlError('a table without an ENGINE clause', sql);
  const definition = sql.slice(head[0].length, engineAt);
  const copied = /^AS (\w+)(\s+)$/.exec(definition);
  const columns = copied ? `AS ${localTableName(copied[1] ?? '')}${copied[2]}` : definition;
  const engine = MERGE_TREE_ENGINE.exec(sql.slice(engineAt));
  if (!engine) throw new ClusterDdlError('an engine outside the MergeTree family', sql);
  const replicated = [`'${replicationPath(name)}'`, `'${REPLICA_NAME}'`, ...(engine[2] ? [engine[2]] : [])].join(', ');
  const rest = sql.slice(engineAt + engine[0].length).replace(
    /\bnon_replicated_deduplication_window = (\d+)/,
    `replicated_deduplication_window = $1, replicated_deduplication_window_seconds = ${DEDUPLICATION_SECONDS}`,
  );
  const local = `CREATE TABLE ${ifNotExists}${localTableName(name)} ON CLUSTER ${cluster}${head[3]}${columns}ENGINE = Replicated${engine[1] ?? ''}MergeTree(${replicated})${rest}`;
  const distributed =
    `CREATE TABLE ${ifNotExists}${name} ON CLUSTER ${cluster} AS ${localTableName(name)}\n` +
    `ENGINE = Distributed('${cluster}', currentDatabase(), '${localTableName(name)}', ${shardingKeyOf(name)})`;
  return [local, distributed];
}

/**
 * The view on each server, fed by inserts into its local source table and writing to its local target. The
 * source keeps its original name as an alias, so qualified names in the query (`events.country`) still
 * resolve. Only a query reading one named table is rewritten: joins and subqueries are refused.
 */
function createView(sql: string, head: RegExpExecArray, cluster: string): string {
  const query = sql.slice(head[0].length);
  const sources = [...query.matchAll(FROM_TABLE)];
  const source = sources[0]?.[1];
  const readsOne = sources.length === 1 && query.split(/\bFROM\b/).length === 2 && !/\b(JOIN|UNION)\b/.test(query);
  if (!readsOne || source === undefined) {
    throw new ClusterDdlError('a view that does not read exactly one named table', sql);
  }
  const after = query.slice((sources[0]?.index ?? 0) + `FROM ${source}`.length);
  if (/^\s+AS\s/.test(after)) throw new ClusterDdlError('a view whose source table already has an alias', sql);
  if (/^\s*,/.test(after)) throw new ClusterDdlError('a view that does not read exactly one named table', sql);
  const localQuery = query.replace(FROM_TABLE, `FROM ${localTableName(source)} AS ${source}`);
  return `CREATE MATERIALIZED VIEW ${head[1] ?? ''}${head[2]} ON CLUSTER ${cluster} TO ${localTableName(head[3] ?? '')} AS${head[4]}${localQuery}`;
}
