import { mkdtemp, rm } from 'node:fs/promises';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChdbStore } from '../../src/platform/analytics-store/chdb-store.js';

const MB = 1024 * 1024;

describe('the embedded store starts with the memory bounds it is given', () => {
  let root: string;
  let store: ChdbStore;

  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'loupe-chdb-memory-'));
    store = new ChdbStore(join(root, 'analytics'), { limitMb: 300, cacheMb: 64 });
  });
  afterAll(async () => {
    await store.close();
    await rm(root, { recursive: true, force: true });
  });

  it('sizes its caches from ANALYTICS_CACHE_MB and its ceiling from ANALYTICS_MEMORY_LIMIT_MB, and keeps at most 8 idle threads', async () => {
    const rows = await store.query<{ name: string; value: string }>(
      `SELECT name, value FROM system.server_settings WHERE name IN {names:Array(String)} ORDER BY name`,
      { names: ['compiled_expression_cache_size', 'index_mark_cache_size', 'mark_cache_size', 'max_server_memory_usage', 'max_thread_pool_free_size', 'primary_index_cache_size', 'query_condition_cache_size'] },
    );
    expect(Object.fromEntries(rows.map((row) => [row.name, Number(row.value)]))).toEqual({
      compiled_expression_cache_size: 16 * MB,
      max_thread_pool_free_size: 8,
      index_mark_cache_size: 8 * MB,
      mark_cache_size: 32 * MB,
      max_server_memory_usage: 300 * MB,
      primary_index_cache_size: 16 * MB,
      query_condition_cache_size: 8 * MB,
    });
  });

  it('sizes the pools that load and remove data parts at one thread per core', async () => {
    const rows = await store.query<{ name: string; value: string }>(
      `SELECT name, value FROM system.server_settings WHERE name IN {names:Array(String)} ORDER BY name`,
      { names: ['max_active_parts_loading_thread_pool_size', 'max_outdated_parts_loading_thread_pool_size', 'max_parts_cleaning_thread_pool_size'] },
    );
    const cores = availableParallelism();
    expect(Object.fromEntries(rows.map((row) => [row.name, Number(row.value)]))).toEqual({
      max_active_parts_loading_thread_pool_size: cores,
      max_outdated_parts_loading_thread_pool_size: cores,
      max_parts_cleaning_thread_pool_size: cores,
    });
  });
});
