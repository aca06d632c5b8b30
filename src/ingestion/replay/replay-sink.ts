// The replay spool's sink: a segment's batches put in sessions and turned into rows (on the enrichment
// thread), then inserted into both replay tables under the segment's tokens. Safe to repeat, as intake's is.
import type { AnalyticsStore } from '../../platform/analytics-store/analytics-store.js';
import type { Enricher } from '../enrichment/enricher.js';
import { asBuffer } from '../enrichment/owned-bytes.js';
import { insertIntoTable, type SegmentSink } from '../event-buffer/segment-sink.js';
import type { EnrichedReplay } from './enrich-replay.js';

export const REPLAY_TABLES = { batches: 'session_replay_batches', metadata: 'session_replay_metadata' } as const;

export interface ReplaySinkDeps {
  readonly store: AnalyticsStore;
  readonly enricher: Enricher;
  readonly onEnriched?: (replay: EnrichedReplay) => void;
}

/** A repeated call carries the same tokens, so the tables' deduplication windows drop it. */
export function replaySink(deps: ReplaySinkDeps): SegmentSink {
  const insertBatches = insertIntoTable(deps.store, REPLAY_TABLES.batches);
  const insertMetadata = insertIntoTable(deps.store, REPLAY_TABLES.metadata);
  return async ({ name, payload }) => {
    const replay = await deps.enricher.enrichReplay(payload);
    deps.onEnriched?.(replay);
    if (replay.batches.byteLength > 0) await insertBatches({ name, payload: asBuffer(replay.batches) });
    if (replay.metadata.byteLength > 0) await insertMetadata({ name, payload: asBuffer(replay.metadata) });
  };
}
