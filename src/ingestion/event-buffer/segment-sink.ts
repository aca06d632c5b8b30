// Where a sealed segment goes: the analytics store. The default sink inserts its lines as they are; the intake
// spool's sink enriches them first. A sink must be safe to repeat: it runs again after a crash or a failure.
import type { AnalyticsStore } from '../../platform/analytics-store/analytics-store.js';
import { segmentToken } from './segment-file.js';

export interface SealedSegment {
  /** The file name: the source of every dedup token the sink uses. */
  readonly name: string;
  /** The file's bytes: complete, newline-terminated lines. */
  readonly payload: Buffer;
}

export type SegmentSink = ((segment: SealedSegment) => Promise<void>) & {
  /**
   * Told the segment that comes next while one is in the sink, so a sink with a slow first stage
   * (enrichment) can start it early. Only a hint: the segment still goes to the sink by a call of its own.
   */
  prefetch?: (segment: SealedSegment) => void;
};

/**
 * The segment file already is JSONEachRow, so no JSON work happens on the event loop; the engine parses it.
 * Inserting a segment twice (a crash between insert and delete, or a retry after an ambiguous failure) is
 * harmless: the second insert carries the same token and the table's deduplication window drops it.
 */
export function insertIntoTable(store: AnalyticsStore, table: string): SegmentSink {
  return async ({ name, payload }) => {
    await store.insertJsonEachRow(table, payload, { dedupToken: segmentToken(table, name) });
  };
}
