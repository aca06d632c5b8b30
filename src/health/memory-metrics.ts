// The memory figures of /metrics: where this process's resident memory sits (V8's heap, buffers, the rest) and,
// from the analytics engine's own tables, what it tracks, its caches, its allocator and each table's parts.
import { readFile } from 'node:fs/promises';
import type { AnalyticsStore } from '../platform/analytics-store/analytics-store.js';
import { CollectedMetric, type CollectedSample } from '../platform/metrics/metric-types.js';
import type { MetricsRegistry } from '../platform/metrics/metrics-registry.js';

/** A `Field:  N kB` line of /proc/self/status, in bytes; undefined when the line (or the file) is missing. */
export function statusBytes(status: string, field: string): number | undefined {
  const found = new RegExp(`^${field}:\\s+(\\d+)\\s+kB$`, 'm').exec(status);
  return found?.[1] === undefined ? undefined : Number(found[1]) * 1024;
}

async function processMemory(): Promise<CollectedSample[]> {
  const usage = process.memoryUsage();
  const samples: CollectedSample[] = [
    { labels: { part: 'v8_heap_total' }, value: usage.heapTotal },
    { labels: { part: 'v8_heap_used' }, value: usage.heapUsed },
    { labels: { part: 'external' }, value: usage.external },
    { labels: { part: 'array_buffers' }, value: usage.arrayBuffers },
  ];
  const status = await readFile('/proc/self/status', 'utf8').catch(() => '');
  for (const [field, part] of [['RssAnon', 'rss_anonymous'], ['RssFile', 'rss_file'], ['VmRSS', 'rss']] as const) {
    const value = statusBytes(status, field);
    if (value !== undefined) samples.push({ labels: { part }, value });
  }
  return samples;
}

/**
 * The engine's figures kept from system.metrics: what it tracks (queries, inserts, merges, caches), its caches'
 * sizes, its threads and parts; and what its running merges (by table) and queries hold (system.merges,
 * system.processes). Names are fixed here; no value comes from a request.
 */
const ENGINE_FIGURES_SQL = `
  SELECT metric, toFloat64(value) AS value FROM system.metrics
  WHERE metric IN ('MemoryTracking', 'MergesMutationsMemoryTracking', 'GlobalThread', 'GlobalThreadActive', 'Merge', 'PartsActive', 'PartsOutdated')
     OR (metric LIKE '%CacheBytes' AND metric NOT LIKE 'Distr%')
  UNION ALL SELECT 'MergesMemoryUsage', toFloat64(sum(memory_usage)) FROM system.merges
  UNION ALL SELECT 'MergesRunning', toFloat64(count()) FROM system.merges
  UNION ALL SELECT concat('MergeMemory.', table), toFloat64(sum(memory_usage)) FROM system.merges GROUP BY table
  UNION ALL SELECT 'QueriesMemoryUsage', toFloat64(sum(memory_usage)) FROM system.processes`;

const JEMALLOC_SQL = 'SELECT stats FROM system.jemalloc_stats';
const PAGE_BYTES = 4096;

/**
 * The engine's allocator's own account (jemalloc's statistics text): its totals line ("Allocated: ..., active:
 * ..., metadata: ..., resident: ..., mapped: ..., retained: ...") and the pages its arenas together keep dirty.
 */
export function jemallocFigures(stats: string): EngineFigure[] {
  const figures: EngineFigure[] = [];
  const totals = /^Allocated: (\d+), active: (\d+), metadata: (\d+).*resident: (\d+), mapped: (\d+), retained: (\d+)$/m.exec(stats);
  if (totals !== null) {
    ['allocated', 'active', 'metadata', 'resident', 'mapped', 'retained'].forEach((name, i) => figures.push({ metric: `jemalloc.${name}`, value: Number(totals[i + 1]) }));
  }
  const merged = stats.indexOf('Merged arenas stats:');
  const dirty = merged < 0 ? null : /^\s*dirty:\s+\S+\s+(\d+)/m.exec(stats.slice(merged));
  if (dirty?.[1] !== undefined) figures.push({ metric: 'jemalloc.dirty', value: Number(dirty[1]) * PAGE_BYTES });
  return figures;
}

const PARTS_SQL = `
  SELECT table, toFloat64(count()) AS parts, toFloat64(sum(rows)) AS rows, toFloat64(sum(marks)) AS marks,
         toFloat64(sum(primary_key_bytes_in_memory_allocated)) AS primary_key_bytes,
         toFloat64(sum(bytes_on_disk)) AS bytes_on_disk
  FROM system.parts WHERE active AND database = currentDatabase() GROUP BY table ORDER BY table`;

interface EngineFigure { readonly metric: string; readonly value: number }
interface TableParts { readonly table: string; readonly parts: number; readonly rows: number; readonly marks: number; readonly primary_key_bytes: number; readonly bytes_on_disk: number }

export function registerMemoryMetrics(registry: MetricsRegistry, analytics: AnalyticsStore): void {
  registry.register(new CollectedMetric('loupe_process_memory_bytes',
    "This process's memory by part: resident (rss, of which anonymous and file-backed), V8's heap of the event loop (total, used), buffers outside it.", 'gauge',
    processMemory));
  registry.register(new CollectedMetric('loupe_analytics_engine_figure',
    "The analytics engine's own figures: MemoryTracking and its caches' bytes, thread and part counts, its allocator's jemalloc.* totals and dirty pages (bytes).", 'gauge',
    async () => {
      const [rows, jemalloc] = await Promise.all([
        analytics.query<EngineFigure>(ENGINE_FIGURES_SQL).catch(() => []),
        analytics.query<{ stats: string }>(JEMALLOC_SQL).catch(() => []),
      ]);
      return [...rows, ...jemallocFigures(jemalloc[0]?.stats ?? '')].map((row) => ({ labels: { metric: row.metric }, value: Number(row.value) }));
    }));
  registry.register(new CollectedMetric('loupe_analytics_table_parts',
    "Each analytics table's active parts: their count, rows, marks, primary-key bytes held in memory and bytes on disk.", 'gauge',
    async () => {
      const rows = await analytics.query<TableParts>(PARTS_SQL).catch(() => []);
      return rows.flatMap((row) => (['parts', 'rows', 'marks', 'primary_key_bytes', 'bytes_on_disk'] as const)
        .map((figure) => ({ labels: { table: row.table, figure }, value: Number(row[figure]) })));
    }));
}
