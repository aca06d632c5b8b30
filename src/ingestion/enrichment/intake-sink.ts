// The intake spool's sink: enrich a segment into events and bot_events rows, insert both under the
// segment's tokens, then hand the watched human rows to the webhook triggers. Safe to repeat (see below).
import type { AnalyticsRow, AnalyticsStore } from '../../platform/analytics-store/analytics-store.js';
import { segmentToken } from '../event-buffer/segment-file.js';
import type { SegmentSink } from '../event-buffer/segment-sink.js';
import { BOT_EVENT_COLUMNS, EVENT_COLUMNS } from '../row-columns.js';
import type { EnrichedBatch } from './enrich-batch.js';
import type { Enricher } from './enricher.js';
import { asBuffer } from './owned-bytes.js';

export interface IntakeSinkDeps {
  readonly store: AnalyticsStore;
  readonly enricher: Enricher;
  /** Sites whose human events the listener wants (those with enabled webhooks). */
  readonly watchedSites: () => Promise<ReadonlySet<number>>;
  /** Receives each watched human row after its insert; must itself be idempotent by event_id. */
  readonly onStored: (row: AnalyticsRow) => Promise<void>;
  readonly onEnriched?: (counts: { humans: number; bots: number; skipped: number }) => void;
}

/**
 * While a segment's rows are inserted, the next segment is already enriched (the flusher's prefetch): the
 * enrichment thread and the store's insert work side by side instead of in turn. The thread still takes
 * segments in spool order. Only the latest prefetch is kept; a sink call for another segment (a retry,
 * after a failure) enriches its own, as before.
 *
 * A repeated call (after a crash, or a failed insert or trigger) enriches the segment again: the
 * inserts carry the same tokens and are dropped by the tables' deduplication windows, the event ids come
 * from the spool, and webhook deliveries are keyed by event id, so nothing is stored or sent twice.
 */
export function intakeSink(deps: IntakeSinkDeps): SegmentSink {
  const eventColumns = EVENT_COLUMNS.map((column) => column.name);
  const botEventColumns = BOT_EVENT_COLUMNS.map((column) => column.name);
  let prefetched: { readonly name: string; readonly batch: Promise<EnrichedBatch> } | undefined;
  // One enrichment after the other, in the order asked: a visitor's sessions depend on the order of its events.
  let previous: Promise<unknown> = Promise.resolve();
  const enrich = (payload: Buffer): Promise<EnrichedBatch> => {
    const batch = previous.then(async () => deps.enricher.enrich(payload, await deps.watchedSites()));
    previous = batch.catch(() => undefined);
    return batch;
  };
  const sink: SegmentSink = async ({ name, payload }) => {
    const early = prefetched?.name === name ? prefetched.batch : undefined;
    prefetched = undefined;
    const batch = await (early ?? enrich(payload));
    deps.onEnriched?.(batch);
    // The same tokens as when the rows went as JSON lines: a segment retried across an upgrade is still stored once.
    if (batch.events.byteLength > 0) await deps.store.insertTabSeparated('events', eventColumns, asBuffer(batch.events), { dedupToken: segmentToken('events', name) });
    if (batch.botEvents.byteLength > 0) await deps.store.insertTabSeparated('bot_events', botEventColumns, asBuffer(batch.botEvents), { dedupToken: segmentToken('bot_events', name) });
    for (const row of batch.watched) await deps.onStored(row);
  };
  sink.prefetch = ({ name, payload }) => {
    const batch = enrich(payload);
    // Handled by the segment's own sink call, which fails with it (and is retried, enriching again).
    batch.catch(() => undefined);
    prefetched = { name, batch };
  };
  return sink;
}
