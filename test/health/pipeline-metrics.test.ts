// The spool figures while the analytics store refuses inserts and after it takes them again (real chDB).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ChdbStore } from '../../src/platform/analytics-store/chdb-store.js';
import { createEventBuffer, type EventBuffer } from '../../src/ingestion/event-buffer/event-buffer.js';
import { withInsertFaults } from '../helpers/event-buffer/insert-fault-store.js';
import { numberedEventRow } from '../helpers/event-buffer/numbered-rows.js';
import { waitUntil } from '../helpers/event-buffer/wait-until.js';
import { openMigratedChdbStore } from '../helpers/migrated-store.js';
import { MetricsRegistry } from '../../src/platform/metrics/metrics-registry.js';
import { createPipelineMetrics } from '../../src/health/pipeline-metrics.js';

describe('pipeline metrics over a real event buffer', () => {
  let root: string;
  let store: ChdbStore;
  let buffer: EventBuffer | undefined;

  beforeEach(async () => {
    root = await mkdtemp(join(tmpdir(), 'loupe-pipeline-metrics-'));
    store = await openMigratedChdbStore(join(root, 'analytics'));
  });
  afterEach(async () => {
    await buffer?.flushAndClose({ timeoutMs: 0 });
    await store.close();
    await rm(root, { recursive: true, force: true });
  });

  it('shows the rows, segment and lag waiting while inserts fail, then the batch once stored', async () => {
    const { store: faulty, faults } = withInsertFaults(store);
    faults.mode = 'before';
    let now = 0;
    const registry = new MetricsRegistry();
    const metrics = createPipelineMetrics(registry, () => now);
    const waiting = { pending: 0, retrying: 3 };
    buffer = await createEventBuffer({
      store: faulty, table: 'events', dir: join(root, 'spool', 'events'),
      // 30 rows seal exactly one segment; the interval never seals one on its own during the test.
      maxPendingRows: 1000, flushIntervalMs: 600_000, maxBatchRows: 30,
      retry: { initialDelayMs: 10, maxDelayMs: 20 },
      onBatchInserted: (rows) => metrics.onBatchInserted('events', rows),
    });
    metrics.watch({ buffers: [buffer], webhookQueue: async () => waiting });
    const open = buffer;
    await Promise.all(Array.from({ length: 30 }, (_, i) => open.append(numberedEventRow(i + 1))));
    await waitUntil(() => open.counters().failures >= 2);
    const queuedAt = open.counters().oldestQueuedAt;
    if (queuedAt === undefined) throw new Error('no segment queued');
    now = queuedAt + 7_500;
    const failures = () => open.counters().failures;
    let lines = (await registry.render()).split('\n');
    expect(lines).toEqual(expect.arrayContaining([
      'loupe_spool_pending_rows{spool="events"} 30',
      'loupe_spool_queued_segments{spool="events"} 1',
      'loupe_spool_lag_seconds{spool="events"} 7.5',
      'loupe_spool_inserted_rows_total{spool="events"} 0',
      'loupe_webhook_deliveries_waiting{status="retrying"} 3',
    ]));
    expect(lines.find((line) => line.startsWith('loupe_spool_insert_failures_total'))).toMatch(/^loupe_spool_insert_failures_total\{spool="events"\} \d+$/);
    expect(lines).not.toContain('loupe_insert_batch_rows_count{spool="events"} 1');

    faults.mode = 'none';
    await open.flush();
    lines = (await registry.render()).split('\n');
    expect(lines).toEqual(expect.arrayContaining([
      'loupe_spool_pending_rows{spool="events"} 0',
      'loupe_spool_queued_segments{spool="events"} 0',
      'loupe_spool_lag_seconds{spool="events"} 0',
      'loupe_spool_inserted_rows_total{spool="events"} 30',
      `loupe_spool_insert_failures_total{spool="events"} ${failures()}`,
      'loupe_insert_batch_rows_bucket{spool="events",le="10"} 0',
      'loupe_insert_batch_rows_bucket{spool="events",le="100"} 1',
      'loupe_insert_batch_rows_sum{spool="events"} 30',
      'loupe_insert_batch_rows_count{spool="events"} 1',
    ]));
  });
});
