// Names on a ClickHouse cluster: each table's replicated local table and its replication path in Keeper.

/** The replicated table on each server that holds a shard's rows; the code's name is the Distributed table. */
export function localTableName(table: string): string {
  return `${table}_local`;
}

/**
 * The table's replication path: one per shard (`{shard}`) and database (`{database}`, so two Loupe
 * databases on one cluster never share a path), named after the table the code queries. Every server
 * expands the macros from its own configuration; `{replica}` names the replica within its shard.
 */
export function replicationPath(table: string): string {
  return `/clickhouse/tables/{shard}/{database}/${table}`;
}

export const REPLICA_NAME = '{replica}';

/** A cluster name as it may appear in `ON CLUSTER` and in the Distributed engine: an identifier. */
export const CLUSTER_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;
