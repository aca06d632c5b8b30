// The cluster schema generated from every analytics migration: each statement rewritten, accepted by
// ClickHouse's parser, and the local tables' part run in the engine. No test here runs ON CLUSTER DDL: the
// embedded engine has no cluster, Keeper or Distributed tables (docs/clickhouse-cluster.md says what that leaves).
import { expect, it } from 'vitest';
import { useTemporaryStore } from '../helpers/temporary-store.js';
import { bookkeepingStatements, loadAnalyticsMigrations, migrationsFor } from '../../src/platform/analytics-store/analytics-migrations.js';

const temporary = useTemporaryStore('loupe-cluster-migrations-');
const CLUSTER = 'loupe';
const clusterMigrations = migrationsFor(CLUSTER);
const clusterStatementsOf = (version: string) => clusterMigrations.find((migration) => migration.version === version)?.statements;

it('rewrites every statement of every migration, keeping the versions', () => {
  const single = loadAnalyticsMigrations();
  expect(clusterMigrations.map((migration) => migration.version)).toEqual(single.map((migration) => migration.version));
  expect(clusterMigrations.map((migration) => migration.statements.length)).toEqual([2, 2, 2, 7, 4, 4, 4, 7, 6, 3, 8, 6, 8, 4, 10, 3, 20, 23, 1, 17, 19, 2, 5, 3, 3, 2, 1, 1, 4]);
  for (const statement of clusterMigrations.flatMap((migration) => migration.statements)) {
    if (statement.startsWith('INSERT INTO ')) expect(statement).toMatch(/^INSERT INTO \w+ SETTINGS insert_distributed_sync = 1, /);
    else expect(statement.split('\n')[0]).toMatch(/ ON CLUSTER loupe( |$)/);
  }
});

it('records applied migrations in a replicated table read through its Distributed table', () => {
  expect(bookkeepingStatements(undefined)).toHaveLength(1);
  expect(bookkeepingStatements(CLUSTER)).toEqual([
    `CREATE TABLE IF NOT EXISTS schema_migrations_local ON CLUSTER loupe (version String, applied_at DateTime64(3, 'UTC') DEFAULT now64(3))
     ENGINE = ReplicatedMergeTree('/clickhouse/tables/{shard}/{database}/schema_migrations', '{replica}') ORDER BY version`,
    `CREATE TABLE IF NOT EXISTS schema_migrations ON CLUSTER loupe AS schema_migrations_local
ENGINE = Distributed('loupe', currentDatabase(), 'schema_migrations_local', cityHash64(version))`,
  ]);
});

it('sets migration 0028 on the sessions tables of the shards only (a Distributed table has no parts)', () => {
  expect(clusterStatementsOf('0028_sessions_compact_parts')).toEqual(['ALTER TABLE sessions_local ON CLUSTER loupe MODIFY SETTING min_bytes_for_wide_part = 67108864']);
});

it('sets migration 0041 on the sessions tables of the shards only', () => {
  expect(clusterStatementsOf('0041_sessions_compact_parts_at_any_size')).toEqual(['ALTER TABLE sessions_local ON CLUSTER loupe MODIFY SETTING min_bytes_for_wide_part = 4294967296']);
});

it('adds the first_at index of migration 0042 to the sessions tables of the shards only', () => {
  expect(clusterStatementsOf('0042_sessions_first_at_index')).toEqual([
    'ALTER TABLE sessions_local ON CLUSTER loupe ADD INDEX IF NOT EXISTS first_at_range first_at TYPE minmax GRANULARITY 1',
  ]);
});

it('adds the visitor links of migration 0043 to both sessions tables, and their runs in a replicated table of their own', () => {
  const column = "ADD COLUMN IF NOT EXISTS visitor_link SimpleAggregateFunction(max, Tuple(UInt64, UInt64, DateTime64(3, 'UTC')))";
  const statements = clusterStatementsOf('0043_session_visitor_links') ?? [];
  expect(statements.slice(0, 2)).toEqual([`ALTER TABLE sessions_local ON CLUSTER loupe ${column}`, `ALTER TABLE sessions ON CLUSTER loupe ${column}`]);
  expect(statements[2]).toContain("ENGINE = ReplicatedAggregatingMergeTree('/clickhouse/tables/{shard}/{database}/session_link_runs', '{replica}')");
  expect(statements).toHaveLength(4);
});

it('moves the page views of migration 0029 to their new table, then drops the old one on every server', () => {
  const statements = clusterStatementsOf('0029_page_views_by_kind') ?? [];
  expect(statements[0]).toMatch(/^CREATE TABLE IF NOT EXISTS page_views_by_kind_local ON CLUSTER loupe\n/);
  expect(statements[0]).toContain('PARTITION BY (toYYYYMM(session_start), kind)');
  expect(statements.slice(-2)).toEqual(['DROP TABLE IF EXISTS page_views ON CLUSTER loupe', 'DROP TABLE IF EXISTS page_views_local ON CLUSTER loupe']);
});

it('gives migration 0006 its replicated copy table, Distributed table, local view and backfill', () => {
  expect(clusterStatementsOf('0006_performance_events')).toEqual([
    `CREATE TABLE IF NOT EXISTS performance_events_local ON CLUSTER loupe AS events_local
ENGINE = ReplicatedMergeTree('/clickhouse/tables/{shard}/{database}/performance_events', '{replica}')
PARTITION BY toYYYYMM(timestamp)
ORDER BY (site_id, timestamp)
SETTINGS replicated_deduplication_window = 10000, replicated_deduplication_window_seconds = 604800`,
    `CREATE TABLE IF NOT EXISTS performance_events ON CLUSTER loupe AS performance_events_local
ENGINE = Distributed('loupe', currentDatabase(), 'performance_events_local', cityHash64(site_id, session_id))`,
    `CREATE MATERIALIZED VIEW IF NOT EXISTS performance_events_from_events ON CLUSTER loupe TO performance_events_local AS
SELECT * FROM events_local AS events WHERE type = 'performance'`,
    `INSERT INTO performance_events SETTINGS insert_distributed_sync = 1, distributed_product_mode = 'global'
SELECT * FROM events
WHERE type = 'performance' AND event_id NOT IN (SELECT event_id FROM performance_events)`,
  ]);
});

it('gives migration 0010 its column on both tables and its mutation on the local ones', () => {
  const column = 'ADD COLUMN IF NOT EXISTS user_key_hash UInt64 MATERIALIZED cityHash64(if(identified_user_id = \'\', user_id, identified_user_id))';
  expect(clusterStatementsOf('0010_user_key_hash')).toEqual([
    `ALTER TABLE events_local ON CLUSTER loupe ${column}`,
    `ALTER TABLE events ON CLUSTER loupe ${column}`,
    'ALTER TABLE events_local ON CLUSTER loupe MATERIALIZE COLUMN user_key_hash SETTINGS mutations_sync = 2',
  ]);
});

it('gives migration 0020 its projection, its delete mode and their build on the local tables only', () => {
  const statements = clusterStatementsOf('0020_user_quarters_projection') ?? [];
  expect(statements.map((statement) => statement.split('\n')[0])).toEqual([
    "ALTER TABLE events_local ON CLUSTER loupe MODIFY SETTING lightweight_mutation_projection_mode = 'rebuild'",
    'ALTER TABLE events_local ON CLUSTER loupe ADD PROJECTION IF NOT EXISTS user_quarters',
    'ALTER TABLE events_local ON CLUSTER loupe MATERIALIZE PROJECTION user_quarters SETTINGS mutations_sync = 2',
  ]);
});

it('gives migration 0031 its projection and its build on the local tables only', () => {
  const statements = clusterStatementsOf('0031_events_by_type_and_path_projection') ?? [];
  expect(statements.map((statement) => statement.split('\n')[0])).toEqual([
    'ALTER TABLE events_local ON CLUSTER loupe ADD PROJECTION IF NOT EXISTS events_by_type_and_path',
    'ALTER TABLE events_local ON CLUSTER loupe MATERIALIZE PROJECTION events_by_type_and_path SETTINGS mutations_sync = 2',
  ]);
});

it('gives migration 0035 its journey columns on both sessions tables, its projection on the local events, and their builds', () => {
  const statements = clusterStatementsOf('0035_journey_pages_and_events_by_channel') ?? [];
  expect(statements.map((statement) => statement.split('\n')[0])).toEqual([
    'ALTER TABLE sessions_local ON CLUSTER loupe',
    'ALTER TABLE sessions ON CLUSTER loupe',
    'ALTER TABLE sessions_local ON CLUSTER loupe MATERIALIZE COLUMN journey_pages, MATERIALIZE COLUMN journey_steps, MATERIALIZE COLUMN journey_parts',
    'ALTER TABLE events_local ON CLUSTER loupe ADD PROJECTION IF NOT EXISTS events_by_channel',
    'ALTER TABLE events_local ON CLUSTER loupe MATERIALIZE PROJECTION events_by_channel SETTINGS mutations_sync = 2',
  ]);
  expect(statements[2]).toMatch(/SETTINGS mutations_sync = 2$/);
});

it('gives migration 0036 its first-value twins on both sessions tables and builds them on the local one', () => {
  const statements = clusterStatementsOf('0036_session_first_values_by_time') ?? [];
  expect(statements.map((statement) => statement.split('\n')[0])).toEqual([
    'ALTER TABLE sessions_local ON CLUSTER loupe',
    'ALTER TABLE sessions ON CLUSTER loupe',
    'ALTER TABLE sessions_local ON CLUSTER loupe MATERIALIZE COLUMN first_channel_by_time, MATERIALIZE COLUMN first_informative_channel_by_time,',
  ]);
  expect(statements[2]).toMatch(/SETTINGS mutations_sync = 2$/);
});

it('gives migration 0037 its delete mode, its projection and its build on the local performance samples only', () => {
  const statements = clusterStatementsOf('0037_performance_vitals_by_path_projection') ?? [];
  expect(statements.map((statement) => statement.split('\n')[0])).toEqual([
    "ALTER TABLE performance_events_local ON CLUSTER loupe MODIFY SETTING lightweight_mutation_projection_mode = 'drop'",
    'ALTER TABLE performance_events_local ON CLUSTER loupe ADD PROJECTION IF NOT EXISTS vitals_by_path',
    'ALTER TABLE performance_events_local ON CLUSTER loupe MATERIALIZE PROJECTION vitals_by_path SETTINGS mutations_sync = 2',
  ]);
});

it('gives migration 0038 the delete mode and the removal of deleted rows on the local events only, waiting on every replica', () => {
  expect(clusterStatementsOf('0038_projections_dropped_on_delete')).toEqual([
    "ALTER TABLE events_local ON CLUSTER loupe MODIFY SETTING lightweight_mutation_projection_mode = 'drop'",
    'ALTER TABLE events_local ON CLUSTER loupe APPLY DELETED MASK SETTINGS mutations_sync = 2',
  ]);
});

it('keeps every session on one shard: events, its copies and sessions share one sharding key', () => {
  const distributed = clusterMigrations
    .flatMap((migration) => migration.statements)
    .map((statement) => /^CREATE TABLE IF NOT EXISTS (\w+) ON CLUSTER loupe AS \w+\nENGINE = Distributed\('loupe', currentDatabase\(\), '(\w+)', (.+)\)$/.exec(statement))
    .filter((match) => match !== null)
    .map((match) => [match[1], match[2], match[3]]);
  expect(distributed).toEqual([
    ['events', 'events_local', 'cityHash64(site_id, session_id)'],
    ['bot_events', 'bot_events_local', 'cityHash64(site_id, event_id)'],
    ['user_identities', 'user_identities_local', 'cityHash64(site_id, identified_user_id)'],
    ['sessions', 'sessions_local', 'cityHash64(site_id, session_id)'],
    ['performance_events', 'performance_events_local', 'cityHash64(site_id, session_id)'],
    ['action_events', 'action_events_local', 'cityHash64(site_id, session_id)'],
    ['imported_aggregates', 'imported_aggregates_local', 'cityHash64(site_id, row_key)'],
    ['session_replay_batches', 'session_replay_batches_local', 'cityHash64(site_id, session_id)'],
    ['session_replay_metadata', 'session_replay_metadata_local', 'cityHash64(site_id, session_id)'],
    ['page_visits', 'page_visits_local', 'cityHash64(site_id, session_id)'],
    ['page_views', 'page_views_local', 'cityHash64(site_id, session_id)'],
    ['page_views_by_kind', 'page_views_by_kind_local', 'cityHash64(site_id, session_id)'],
    ['user_days', 'user_days_local', 'cityHash64(site_id, user_key_hash)'],
    ['session_link_runs', 'session_link_runs_local', 'cityHash64(site_id)'],
  ]);
});

it('produces statements that ClickHouse parses', async () => {
  const statements = [...bookkeepingStatements(CLUSTER), ...clusterMigrations.flatMap((migration) => migration.statements)];
  // The parser's answer for every statement in one query (a query each waited its turn on the engine): NULL for
  // a statement it refuses, which the comparison names by its first 80 characters.
  const [parsed] = await temporary.store.query<{ ok: number[] }>('SELECT arrayMap(s -> isNotNull(formatQueryOrNull(s)), {statements:Array(String)}) AS ok', { statements });
  const named = (answers: ReadonlyArray<number | undefined>) => statements.map((statement, i) => [statement.slice(0, 80), Number(answers[i])]);
  expect(named(parsed?.ok ?? [])).toEqual(named(statements.map(() => 1)));
});

/**
 * The local tables' statements with what needs a cluster taken out (ON CLUSTER, the replication arguments):
 * a test-only adaptation that lets the engine check their columns, views, mutations and merges.
 */
function asOneServer(statement: string): string {
  return statement
    .replace(' ON CLUSTER loupe', '')
    .replace(/Replicated(\w*)MergeTree\('[^']*', '\{replica\}'(?:, )?/, '$1MergeTree(')
    .replace(/\bMergeTree\(\)/, 'MergeTree')
    .replace(/replicated_deduplication_window = (\d+), replicated_deduplication_window_seconds = \d+/, 'non_replicated_deduplication_window = $1');
}

const LOCAL_STATEMENT = /^(CREATE TABLE IF NOT EXISTS \w+_local |ALTER TABLE \w+_local |OPTIMIZE TABLE \w+_local |CREATE MATERIALIZED VIEW |DROP VIEW )/;

it('builds local tables whose views fill the local sessions and copies from the local events', async () => {
  const store = temporary.store;
  for (const statement of clusterMigrations.flatMap((migration) => migration.statements)) {
    if (LOCAL_STATEMENT.test(statement)) await store.command(asOneServer(statement));
  }
  const event = (type: string, pathname: string, timestamp: string) => ({
    site_id: 1, session_id: '7', session_start: '2026-03-01 10:00:00.000', timestamp, type, pathname, user_id: 'v', event_id: crypto.randomUUID(), country: 'FR', hostname: 'example.com',
  });
  await store.insert('events_local', [event('pageview', '/a', '2026-03-01 10:00:00.000'), event('performance', '/a', '2026-03-01 10:00:01.000')]);
  await store.insert('events_local', [event('pageview', '/b', '2026-03-01 10:05:00.000'), event('custom_event', '/b', '2026-03-01 10:06:00.000')]);
  const [session] = await store.query<Record<string, string>>(
    `SELECT toString(pageviews) AS pageviews, substring(entry_page, 24) AS entry, substring(exit_page, 24) AS exit,
            country, substring(first_hostname, 24) AS hostname, toString(length(journey)) AS journey
     FROM sessions_local FINAL WHERE session_id = 7`,
  );
  expect(session).toEqual({ pageviews: '2', entry: '/a', exit: '/b', country: 'FR', hostname: 'example.com', journey: '2' });
  const copies = await store.query<{ performance: string; actions: string }>(
    'SELECT toString((SELECT count() FROM performance_events_local)) AS performance, toString((SELECT count() FROM action_events_local)) AS actions',
  );
  expect(copies).toEqual([{ performance: '1', actions: '1' }]);
  // People's days (migration 0030): the two inserts' rows of one person and day add up.
  const days = await store.query<Record<string, string>>(
    `SELECT toString(day) AS day, toString(min(first_at)) AS first, toString(max(last_at)) AS last, toString(sum(pageviews)) AS pageviews,
            toString(sum(custom_events)) AS custom
     FROM user_days_local GROUP BY day, user_key_hash`,
  );
  expect(days).toEqual([{ day: '2026-03-01', first: '2026-03-01 10:00:00.000', last: '2026-03-01 10:06:00.000', pageviews: '2', custom: '1' }]);
});
