// How each analytics table's rows are spread over a ClickHouse cluster's shards (the Distributed tables' keys).
import { ClusterDdlError } from './cluster-ddl-error.js';

/**
 * A session's rows must sit on one shard: `sessions` is an AggregatingMergeTree that merges a session's rows
 * into one only within a shard, and reports read it with FINAL, which each shard applies to its own rows. So
 * `events`, the copies its views fill (`performance_events`, `action_events`) and `sessions` share one key,
 * made of what every row of a session has in common (not `session_start`, which rows written before
 * migration 0004 lack, nor the time). Each key is deterministic: a replayed batch is split over the shards
 * exactly as the first attempt was, so each shard recognises its part by the batch's deduplication token.
 */
const SESSION_KEY = 'cityHash64(site_id, session_id)';

const SHARDING_KEYS: Readonly<Record<string, string>> = {
  events: SESSION_KEY,
  performance_events: SESSION_KEY,
  action_events: SESSION_KEY,
  sessions: SESSION_KEY,
  // A page visit's rows merge into one (AggregatingMergeTree, read with FINAL): on its session's shard.
  page_visits: SESSION_KEY,
  // Likewise a session's page views (migration 0022; partitioned by kind too since migration 0029).
  page_views: SESSION_KEY,
  page_views_by_kind: SESSION_KEY,
  // A person's day rows (migration 0030) are added up at read time wherever they lie; the rows a delete path
  // writes again go by person.
  user_days: 'cityHash64(site_id, user_key_hash)',
  bot_events: 'cityHash64(site_id, event_id)',
  user_identities: 'cityHash64(site_id, identified_user_id)',
  imported_aggregates: 'cityHash64(site_id, row_key)',
  // A recording's batches and metadata rows merge per session (ReplacingMergeTree, AggregatingMergeTree): one shard each.
  session_replay_batches: SESSION_KEY,
  session_replay_metadata: SESSION_KEY,
  // A site's link runs and deletes (migration 0043) are added up at read time wherever they lie.
  session_link_runs: 'cityHash64(site_id)',
  schema_migrations: 'cityHash64(version)',
};

/** The sharding key of a table; a table without one is an error, so a new table must choose its key here. */
export function shardingKeyOf(table: string): string {
  const key = SHARDING_KEYS[table];
  if (key === undefined) {
    throw new ClusterDdlError('no sharding key for this table: add one in cluster-sharding-keys.ts', table);
  }
  return key;
}
