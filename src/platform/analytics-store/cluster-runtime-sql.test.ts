import { expect, it } from 'vitest';
import { clusterRuntimeStatement } from './cluster-runtime-sql.js';

it('sends deletes to the local tables of every shard', () => {
  expect(clusterRuntimeStatement('DELETE FROM events WHERE site_id = {siteId:UInt32} AND import_id = {importId:String}', 'loupe')).toBe(
    'DELETE FROM events_local ON CLUSTER loupe WHERE site_id = {siteId:UInt32} AND import_id = {importId:String}',
  );
  expect(clusterRuntimeStatement('DELETE FROM sessions WHERE\n  site_id = 1', 'loupe')).toBe('DELETE FROM sessions_local ON CLUSTER loupe WHERE site_id = 1');
});

it('sends a requested merge to the local tables of every shard', () => {
  expect(clusterRuntimeStatement('OPTIMIZE TABLE sessions PARTITION ID {partition:String} FINAL', 'loupe')).toBe(
    'OPTIMIZE TABLE sessions_local ON CLUSTER loupe PARTITION ID {partition:String} FINAL',
  );
});

it.each([
  'SELECT count() FROM events',
  'INSERT INTO events SETTINGS insert_deduplicate = 0 SELECT * FROM erase_scratch_1',
  'CREATE TABLE erase_scratch_1 AS events ENGINE = MergeTree ORDER BY (site_id, timestamp)',
  "SELECT 'DELETE FROM events WHERE 1'",
])('leaves other statements as they are: %s', (sql) => {
  expect(clusterRuntimeStatement(sql, 'loupe')).toBe(sql);
});
