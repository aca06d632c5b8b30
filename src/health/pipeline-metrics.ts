// The ingestion and webhook figures of /metrics: spool depth and lag, insert batch sizes, the webhook queue.
import type { EventBuffer } from '../ingestion/index.js';
import { CollectedMetric, Histogram } from '../platform/metrics/metric-types.js';
import type { MetricsRegistry } from '../platform/metrics/metrics-registry.js';

/** Rows per insert; a spool segment holds at most 50 000 rows by default. */
export const BATCH_ROW_BUCKETS = [1, 10, 100, 1_000, 5_000, 10_000, 25_000, 50_000];

export interface PipelineSources {
  readonly buffers: readonly EventBuffer[];
  /** Deliveries waiting for an attempt, by status. */
  readonly webhookQueue: () => Promise<{ pending: number; retrying: number }>;
}

export interface PipelineMetrics {
  /** Hand to the ingestion module: called with each insert's spool and row count. */
  onBatchInserted(spool: string, rows: number): void;
  /** Registers the figures read from the spools and the webhook queue at scrape time. */
  watch(sources: PipelineSources): void;
}

export function createPipelineMetrics(registry: MetricsRegistry, now: () => number = Date.now): PipelineMetrics {
  const batches = registry.register(new Histogram('loupe_insert_batch_rows', 'Rows per insert from a spool into the analytics store, by spool.', BATCH_ROW_BUCKETS));
  return {
    onBatchInserted(spool, rows) {
      batches.observe({ spool }, rows);
    },
    watch({ buffers, webhookQueue }) {
      const perSpool = (read: (buffer: EventBuffer) => number) => () => buffers.map((buffer) => ({ labels: { spool: buffer.table }, value: read(buffer) }));
      registry.register(new CollectedMetric('loupe_spool_pending_rows', 'Rows acknowledged to clients and not yet in the analytics store, by spool.', 'gauge',
        perSpool((buffer) => buffer.counters().pending)));
      registry.register(new CollectedMetric('loupe_spool_queued_segments', 'Sealed spool segments waiting for (or in) insertion, by spool.', 'gauge',
        perSpool((buffer) => buffer.counters().segments)));
      registry.register(new CollectedMetric('loupe_spool_lag_seconds', 'How long the oldest sealed segment has waited for insertion (0 when none waits), by spool.', 'gauge',
        perSpool((buffer) => {
          const oldest = buffer.counters().oldestQueuedAt;
          return oldest === undefined ? 0 : Math.max(0, now() - oldest) / 1000;
        })));
      registry.register(new CollectedMetric('loupe_spool_inserted_rows_total', 'Rows inserted from the spool since the process started (replayed ones included), by spool.', 'counter',
        perSpool((buffer) => buffer.counters().inserted)));
      registry.register(new CollectedMetric('loupe_spool_rejected_total', 'Appends refused with 503 because the spool was full (back-pressure), by spool.', 'counter',
        perSpool((buffer) => buffer.counters().rejected)));
      registry.register(new CollectedMetric('loupe_spool_insert_failures_total', 'Failed insert attempts (each is retried), by spool.', 'counter',
        perSpool((buffer) => buffer.counters().failures)));
      registry.register(new CollectedMetric('loupe_webhook_deliveries_waiting', 'Webhook deliveries waiting for an attempt, by status (the queue is shared by every node).', 'gauge',
        async () => {
          const depth = await webhookQueue();
          return [{ labels: { status: 'pending' }, value: depth.pending }, { labels: { status: 'retrying' }, value: depth.retrying }];
        }));
    },
  };
}
