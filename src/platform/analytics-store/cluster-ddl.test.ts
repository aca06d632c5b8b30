import { describe, expect, it } from 'vitest';
import { clusterStatements } from './cluster-ddl.js';
import { ClusterDdlError } from './cluster-ddl-error.js';

const C = 'loupe';

describe('clusterStatements: tables', () => {
  it('creates a replicated local table, then the Distributed table under the original name', () => {
    const single = `CREATE TABLE IF NOT EXISTS events
(
    site_id UInt32,
    session_id UInt64,
    url_parameters Map(String, String)
)
ENGINE = MergeTree
PARTITION BY toYYYYMM(timestamp)
ORDER BY (site_id, timestamp)
SETTINGS non_replicated_deduplication_window = 10000`;
    expect(clusterStatements(single, C)).toEqual([
      `CREATE TABLE IF NOT EXISTS events_local ON CLUSTER loupe
(
    site_id UInt32,
    session_id UInt64,
    url_parameters Map(String, String)
)
ENGINE = ReplicatedMergeTree('/clickhouse/tables/{shard}/{database}/events', '{replica}')
PARTITION BY toYYYYMM(timestamp)
ORDER BY (site_id, timestamp)
SETTINGS replicated_deduplication_window = 10000, replicated_deduplication_window_seconds = 604800`,
      `CREATE TABLE IF NOT EXISTS events ON CLUSTER loupe AS events_local
ENGINE = Distributed('loupe', currentDatabase(), 'events_local', cityHash64(site_id, session_id))`,
    ]);
  });

  it('keeps an engine family and its arguments, after the replication path and replica', () => {
    const [local] = clusterStatements('CREATE TABLE sessions (site_id UInt32) ENGINE = AggregatingMergeTree ORDER BY site_id', C);
    expect(local).toBe(
      "CREATE TABLE sessions_local ON CLUSTER loupe (site_id UInt32) ENGINE = ReplicatedAggregatingMergeTree('/clickhouse/tables/{shard}/{database}/sessions', '{replica}') ORDER BY site_id",
    );
    const [withArguments] = clusterStatements('CREATE TABLE user_identities (v UInt8) ENGINE = ReplacingMergeTree(v) ORDER BY v', C);
    expect(withArguments).toContain("ENGINE = ReplicatedReplacingMergeTree('/clickhouse/tables/{shard}/{database}/user_identities', '{replica}', v) ORDER BY v");
  });

  it('copies the local table of a table created AS another', () => {
    const single = `CREATE TABLE IF NOT EXISTS performance_events AS events
ENGINE = MergeTree
ORDER BY (site_id, timestamp)`;
    expect(clusterStatements(single, C)).toEqual([
      `CREATE TABLE IF NOT EXISTS performance_events_local ON CLUSTER loupe AS events_local
ENGINE = ReplicatedMergeTree('/clickhouse/tables/{shard}/{database}/performance_events', '{replica}')
ORDER BY (site_id, timestamp)`,
      `CREATE TABLE IF NOT EXISTS performance_events ON CLUSTER loupe AS performance_events_local
ENGINE = Distributed('loupe', currentDatabase(), 'performance_events_local', cityHash64(site_id, session_id))`,
    ]);
  });

  it.each([
    ['an engine outside the MergeTree family', 'CREATE TABLE events (a UInt8) ENGINE = Memory'],
    ['a table without an engine', 'CREATE TABLE events (a UInt8)'],
    ['a table without a sharding key', 'CREATE TABLE page_cache (a UInt8) ENGINE = MergeTree ORDER BY a'],
  ])('refuses %s', (_reason, statement) => {
    expect(() => clusterStatements(statement, C)).toThrow(ClusterDdlError);
  });
});

describe('clusterStatements: views', () => {
  it('puts the view on the local tables, the source aliased by its own name', () => {
    const single = `CREATE MATERIALIZED VIEW IF NOT EXISTS sessions_from_events TO sessions AS
SELECT site_id, max(events.country) AS country
FROM events
GROUP BY site_id`;
    expect(clusterStatements(single, C)).toEqual([
      `CREATE MATERIALIZED VIEW IF NOT EXISTS sessions_from_events ON CLUSTER loupe TO sessions_local AS
SELECT site_id, max(events.country) AS country
FROM events_local AS events
GROUP BY site_id`,
    ]);
    expect(clusterStatements('DROP VIEW IF EXISTS sessions_from_events', C)).toEqual(['DROP VIEW IF EXISTS sessions_from_events ON CLUSTER loupe']);
  });

  it('drops a table as its Distributed table, then its replicated local tables', () => {
    expect(clusterStatements('DROP TABLE IF EXISTS page_views', C)).toEqual([
      'DROP TABLE IF EXISTS page_views ON CLUSTER loupe',
      'DROP TABLE IF EXISTS page_views_local ON CLUSTER loupe',
    ]);
    expect(clusterStatements('DROP TABLE page_views', C)).toEqual(['DROP TABLE page_views ON CLUSTER loupe', 'DROP TABLE page_views_local ON CLUSTER loupe']);
  });

  it.each([
    'CREATE MATERIALIZED VIEW v TO t AS SELECT * FROM events JOIN sessions USING (session_id)',
    'CREATE MATERIALIZED VIEW v TO t AS SELECT * FROM events WHERE session_id IN (SELECT session_id FROM sessions)',
    'CREATE MATERIALIZED VIEW v TO t AS SELECT * FROM (SELECT * FROM events)',
    'CREATE MATERIALIZED VIEW v TO t AS SELECT * FROM events AS e',
    'CREATE MATERIALIZED VIEW v TO t AS SELECT * FROM events, sessions',
    'CREATE MATERIALIZED VIEW v TO t AS SELECT * FROM events UNION ALL SELECT * FROM bot_events',
  ])('refuses a view that does not read exactly one named table: %s', (statement) => {
    expect(() => clusterStatements(statement, C)).toThrow(ClusterDdlError);
  });
});

describe('clusterStatements: ALTER', () => {
  it('changes columns of the local tables first, then of the Distributed table', () => {
    expect(clusterStatements('ALTER TABLE events ADD COLUMN IF NOT EXISTS import_id String', C)).toEqual([
      'ALTER TABLE events_local ON CLUSTER loupe ADD COLUMN IF NOT EXISTS import_id String',
      'ALTER TABLE events ON CLUSTER loupe ADD COLUMN IF NOT EXISTS import_id String',
    ]);
  });

  it('waits for every replica where the migration waits for its rewrite; the Distributed table has no mutation', () => {
    const single = `ALTER TABLE events
    MODIFY COLUMN pathname LowCardinality(String),
    MODIFY COLUMN event_name LowCardinality(String)
SETTINGS mutations_sync = 1`;
    expect(clusterStatements(single, C)).toEqual([
      `ALTER TABLE events_local ON CLUSTER loupe
    MODIFY COLUMN pathname LowCardinality(String),
    MODIFY COLUMN event_name LowCardinality(String)
SETTINGS mutations_sync = 2`,
      `ALTER TABLE events ON CLUSTER loupe
    MODIFY COLUMN pathname LowCardinality(String),
    MODIFY COLUMN event_name LowCardinality(String)`,
    ]);
  });

  it('sends mutations to the local tables only', () => {
    expect(clusterStatements('ALTER TABLE sessions UPDATE attributes_changed = 1 WHERE attributes_low != attributes_high SETTINGS mutations_sync = 1', C)).toEqual([
      'ALTER TABLE sessions_local ON CLUSTER loupe UPDATE attributes_changed = 1 WHERE attributes_low != attributes_high SETTINGS mutations_sync = 2',
    ]);
    expect(clusterStatements('ALTER TABLE events MATERIALIZE COLUMN user_key_hash', C)).toEqual([
      'ALTER TABLE events_local ON CLUSTER loupe MATERIALIZE COLUMN user_key_hash',
    ]);
  });

  it('drops from the Distributed table first, so it never names a column the shards no longer have', () => {
    expect(clusterStatements('ALTER TABLE events DROP COLUMN IF EXISTS tag', C)).toEqual([
      'ALTER TABLE events ON CLUSTER loupe DROP COLUMN IF EXISTS tag',
      'ALTER TABLE events_local ON CLUSTER loupe DROP COLUMN IF EXISTS tag',
    ]);
  });

  it.each([
    ['column and data changes together', 'ALTER TABLE events ADD COLUMN x UInt8, UPDATE y = 1 WHERE 1'],
    ['an unknown command', 'ALTER TABLE events FREEZE'],
    ['an UPDATE of two columns (split at its comma, the second part is unknown)', 'ALTER TABLE events UPDATE a = 1, b = 2 WHERE 1'],
  ])('refuses %s', (_reason, statement) => {
    expect(() => clusterStatements(statement, C)).toThrow(ClusterDdlError);
  });
});

describe('clusterStatements: data statements', () => {
  it('optimizes the local tables', () => {
    expect(clusterStatements('OPTIMIZE TABLE sessions FINAL', C)).toEqual(['OPTIMIZE TABLE sessions_local ON CLUSTER loupe FINAL']);
  });

  it('inserts a backfill through the Distributed table, synchronously, with subqueries run once over the cluster', () => {
    const single = `INSERT INTO sessions
SELECT site_id, session_id FROM events
WHERE (site_id, session_id) NOT IN (SELECT site_id, session_id FROM sessions)`;
    expect(clusterStatements(single, C)).toEqual([
      `INSERT INTO sessions SETTINGS insert_distributed_sync = 1, distributed_product_mode = 'global'
SELECT site_id, session_id FROM events
WHERE (site_id, session_id) NOT IN (SELECT site_id, session_id FROM sessions)`,
    ]);
  });

  it.each([
    'INSERT INTO sessions (site_id) SELECT 1',
    'INSERT INTO sessions SETTINGS insert_deduplicate = 0 SELECT 1',
    'TRUNCATE TABLE events',
    'DELETE FROM events WHERE 1',
    'RENAME TABLE events TO old_events',
  ])('refuses a form it does not know: %s', (statement) => {
    expect(() => clusterStatements(statement, C)).toThrow(ClusterDdlError);
  });
});
