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

  it('lets a read take a thread per core while 128 MB per thread are free under its ceiling (the engine asks 1 GiB)', async () => {
    const [setting] = await store.query<{ value: string }>(`SELECT value FROM system.settings WHERE name = {name:String}`, { name: 'max_threads_min_free_memory_per_thread' });
    expect(Number(setting?.value)).toBe(128 * MB);
    // The plan of a parallel read: its source appears once per stream ("NumbersRange × 2"), or once alone.
    const plan = await store.query<{ explain: string }>(`EXPLAIN PIPELINE SELECT sum(number) FROM numbers_mt({rows:UInt64})`, { rows: 1_000_000 });
    const source = plan.map((row) => row.explain).find((line) => line.includes('NumbersRange'));
    const streams = Number(/× (\d+)/.exec(source ?? '')?.[1] ?? 1);
    // 300 MB less the little the engine holds at start leaves room for two threads, not three.
    expect(streams).toBe(Math.min(2, availableParallelism()));
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
