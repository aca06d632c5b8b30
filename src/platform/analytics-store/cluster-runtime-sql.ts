// Statements the running server sends that must reach a cluster's local tables rather than its Distributed ones.
import { localTableName } from './cluster-naming.js';

/**
 * Deletes (retention, erasure, site and import removal) are mutations, which a Distributed table does not
 * take, and so is a requested merge (OPTIMIZE): on a cluster they go to the local tables of every shard, ON CLUSTER. Reads and inserts keep the
 * Distributed names; any other statement is returned unchanged.
 */
export function clusterRuntimeStatement(sql: string, cluster: string): string {
  const head = /^\s*DELETE FROM (\w+) WHERE\s+/.exec(sql);
  if (head?.[1]) return `DELETE FROM ${localTableName(head[1])} ON CLUSTER ${cluster} WHERE ${sql.slice(head[0].length)}`;
  // A merge asked for (the link job's, after writing many rows): likewise of the local tables.
  const optimize = /^\s*OPTIMIZE TABLE (\w+)\s+/.exec(sql);
  if (optimize?.[1]) return `OPTIMIZE TABLE ${localTableName(optimize[1])} ON CLUSTER ${cluster} ${sql.slice(optimize[0].length)}`;
  return sql;
}

/**
 * An insert into a Distributed table returns once every shard has stored its part (not when the rows are
 * queued on the receiving server), so an acknowledged batch is stored and a failed one is retried whole with
 * its token; `insert_distributed_sync` is the setting's name that old and new servers both accept.
 */
export const CLUSTER_INSERT_SETTINGS = { insert_distributed_sync: '1' } as const;

/**
 * Report queries filter a Distributed table by a subquery on another (`session_id IN (SELECT ... FROM
 * events ...)`), which a server refuses by default (`distributed_product_mode = 'deny'`). GLOBAL runs each
 * such subquery once over the whole cluster and sends its result to every shard: right whatever the two
 * tables' sharding keys. ('local' would be cheaper, and right only for tables sharded by session.)
 */
export const CLUSTER_QUERY_SETTINGS = { distributed_product_mode: 'global' } as const;
