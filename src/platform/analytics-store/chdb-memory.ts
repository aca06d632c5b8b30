// The embedded store's memory bounds: its ceiling, the sizes of its caches and its part pools, as chDB start-up arguments.
import { availableParallelism } from 'node:os';

export interface AnalyticsMemorySettings {
  /** The engine's ceiling for everything it tracks (queries, inserts, merges, caches), MB; 0 keeps the engine's own (90 % of RAM). */
  readonly limitMb: number;
  /** What its read caches may hold together, MB (marks, primary keys, skip-index marks, query conditions). */
  readonly cacheMb: number;
}

export const DEFAULT_ANALYTICS_MEMORY: AnalyticsMemorySettings = { limitMb: 512, cacheMb: 96 };

const MB = 1024 * 1024;
/** Compiled expressions are few and small here; the engine's default reserves 128 MB for them. */
const COMPILED_EXPRESSION_CACHE_BYTES = 16 * MB;
/**
 * Idle threads the engine's global thread pool keeps for reuse (its default: 1,000). A burst of inserts, each
 * feeding the views built on `events`, raised the pool to about 120 threads during a million-row import, and
 * every idle one kept its stack and its allocator's caches: 80 MB more resident than with 4 kept (decision 0050).
 * Threads beyond these end when idle; making one again costs microseconds, beside queries of milliseconds.
 */
const IDLE_ENGINE_THREADS = 8;

/**
 * Free memory a query needs per thread under the ceiling before it may use that thread (the engine's default:
 * 1 GiB, `max_threads_min_free_memory_per_thread`). Free memory is the ceiling less what the engine tracks, so
 * under a 512 MB ceiling the default planned every read on one thread, with the machine's other cores idle: the
 * overview's statement read its 1.6 M session rows in one stream (decision 0070). At 128 MB a read takes two
 * threads while 256 MB are free, and still falls back to one when the engine is near its ceiling.
 */
const FREE_MEMORY_PER_QUERY_THREAD = 128 * MB;

/**
 * The engine sizes its caches for a dedicated server: the mark and primary-key caches may take 5 GB each
 * and the whole process 90 % of RAM. Embedded in Loupe on a small machine, the caches fill as reports read
 * more of the data and never give memory back, so each gets a share of `cacheMb` (half to the marks, which
 * every read uses; a quarter to the primary keys; an eighth each to skip-index marks and the query-condition
 * cache) and the engine a ceiling: past it a query fails with MEMORY_LIMIT_EXCEEDED (a report's read is tried
 * twice more and then answers 503, engine-memory-retry.ts; an insert is retried from the spool) instead of the kernel killing the server. Large GROUP BYs spill to
 * disk from half the ceiling on (the engine's default ratio), so they slow down rather than fail.
 */
export function chdbMemoryArguments(settings: AnalyticsMemorySettings): string[] {
  const cache = settings.cacheMb * MB;
  const args = [
    `--mark_cache_size=${Math.floor(cache / 2)}`,
    `--primary_index_cache_size=${Math.floor(cache / 4)}`,
    `--index_mark_cache_size=${Math.floor(cache / 8)}`,
    `--query_condition_cache_size=${Math.floor(cache / 8)}`,
    `--compiled_expression_cache_size=${COMPILED_EXPRESSION_CACHE_BYTES}`,
    `--max_thread_pool_free_size=${IDLE_ENGINE_THREADS}`,
  ];
  if (settings.limitMb > 0) args.push(`--max_server_memory_usage=${settings.limitMb * MB}`, `--max_threads_min_free_memory_per_thread=${FREE_MEMORY_PER_QUERY_THREAD}`);
  return args;
}

/**
 * The engine loads data parts at start, and later removes outdated ones, with pools sized for a large server (up
 * to 64 threads for active parts, 32 for outdated ones, 128 to remove them). The threads stay once the work is
 * done, each with its stack and its allocator's cache: on the 10 M-event set about 30 idle threads and ~8 MB of
 * the ready server's memory (decision 0049). One thread per core is all this work can use on the machine.
 */
export function chdbPartThreadArguments(cores: number = availableParallelism()): string[] {
  const threads = Math.max(1, cores);
  return [
    `--max_active_parts_loading_thread_pool_size=${threads}`,
    `--max_outdated_parts_loading_thread_pool_size=${threads}`,
    `--max_parts_cleaning_thread_pool_size=${threads}`,
  ];
}
