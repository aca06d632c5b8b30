// The intake spool's delivery: enrich a segment into events and bot_events rows, insert both under the
// segment's tokens, then hand the watched human rows to the webhook triggers. Safe to repeat (see below).
import type { AnalyticsRow, AnalyticsStore } from '../../platform/analytics-store/analytics-store.js';
import { insertIntoTable, type SegmentDelivery } from '../event-buffer/segment-delivery.js';
import type { Enricher } from './enricher.js';
import { asBuffer } from './owned-bytes.js';

export interface IntakeDeliveryDeps {
  readonly store: AnalyticsStore;
  readonly enricher: Enricher;
  /** Sites whose human events the listener wants (those with enabled webhooks). */
  readonly watchedSites: () => Promise<ReadonlySet<number>>;
  /** Receives each watched human row after its insert; must itself be idempotent by event_id. */
  readonly onStored: (row: AnalyticsRow) => Promise<void>;
  readonly onEnriched?: (counts: { humans: number; bots: number; skipped: number }) => void;
}

/**
 * A repeated delivery (after a crash, or a failed insert or trigger) enriches the segment again: the
 * inserts carry the same tokens and are dropped by the tables' deduplication windows, the event ids come
 * from the spool, and webhook deliveries are keyed by event id, so nothing is stored or sent twice.
 */
export function deliverIntake(deps: IntakeDeliveryDeps): SegmentDelivery {
  const insertEvents = insertIntoTable(deps.store, 'events');
  const insertBotEvents = insertIntoTable(deps.store, 'bot_events');
  return async ({ name, payload }) => {
    const batch = await deps.enricher.enrich(payload, await deps.watchedSites());
    deps.onEnriched?.(batch);
    if (batch.events.byteLength > 0) await insertEvents({ name, payload: asBuffer(batch.events) });
    if (batch.botEvents.byteLength > 0) await insertBotEvents({ name, payload: asBuffer(batch.botEvents) });
    for (const row of batch.watched) await deps.onStored(row);
  };
}
