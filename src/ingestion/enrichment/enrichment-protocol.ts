// Messages between the server's event loop and the enrichment thread.
import type { AnalyticsRow } from '../../platform/analytics-store/analytics-store.js';
import type { EnrichedBatch } from './enrich-batch.js';
import type { EnrichmentSources } from './enrichment-steps.js';
import type { EnrichedReplay } from '../replay/enrich-replay.js';

/** workerData: what the thread needs to build its steps and its session store. */
export interface WorkerSettings extends EnrichmentSources {
  /** Sessions live in Redis when set (shared with other server processes), else in the thread's memory. */
  readonly redisUrl?: string;
  /** Bound of the thread's in-memory session store (without Redis). */
  readonly maxSessions?: number;
}

export interface EnrichRequest {
  readonly kind: 'enrich';
  readonly id: number;
  /** Transferred, not copied: the sender's view is detached once posted. */
  readonly segment: Uint8Array;
  readonly watchedSites: readonly number[];
}

export interface CloseRequest {
  readonly kind: 'close';
}

/** A replay spool segment: its batches put in sessions and turned into rows (transferred, as `segment` above). */
export interface ReplayRequest {
  readonly kind: 'replay';
  readonly id: number;
  readonly segment: Uint8Array;
}

export type WorkerRequest = EnrichRequest | ReplayRequest | CloseRequest;

export type WorkerReply =
  | { readonly kind: 'ready' }
  | { readonly kind: 'enriched'; readonly id: number; readonly batch: EnrichedBatch }
  | { readonly kind: 'replayed'; readonly id: number; readonly replay: EnrichedReplay }
  | { readonly kind: 'failed'; readonly id: number; readonly error: string };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function isOwnedBytes(value: unknown): value is Uint8Array<ArrayBuffer> {
  return value instanceof Uint8Array && value.buffer instanceof ArrayBuffer;
}

/** Messages cross the thread boundary untyped; these checks restore the types. */
export function parseWorkerReply(message: unknown): WorkerReply {
  if (!isRecord(message)) throw new Error('unexpected message from the enrichment thread');
  if (message.kind === 'ready') return { kind: 'ready' };
  if (typeof message.id !== 'number') throw new Error('unexpected message from the enrichment thread');
  if (message.kind === 'failed') return { kind: 'failed', id: message.id, error: String(message.error) };
  if (message.kind === 'replayed') return { kind: 'replayed', id: message.id, replay: parseReplayed(message.replay) };
  const batch = message.batch;
  if (message.kind !== 'enriched' || !isRecord(batch) || !isOwnedBytes(batch.events) || !isOwnedBytes(batch.botEvents) || !Array.isArray(batch.watched)) {
    throw new Error('unexpected message from the enrichment thread');
  }
  return {
    kind: 'enriched',
    id: message.id,
    batch: {
      events: batch.events,
      botEvents: batch.botEvents,
      humans: Number(batch.humans),
      bots: Number(batch.bots),
      skipped: Number(batch.skipped),
      endedVisits: Number(batch.endedVisits ?? 0),
      watched: batch.watched as AnalyticsRow[],
    },
  };
}

function parseReplayed(replay: unknown): EnrichedReplay {
  if (!isRecord(replay) || !isOwnedBytes(replay.batches) || !isOwnedBytes(replay.metadata)) throw new Error('unexpected message from the enrichment thread');
  return { batches: replay.batches, metadata: replay.metadata, stored: Number(replay.stored), bots: Number(replay.bots), skipped: Number(replay.skipped), overLimit: Number(replay.overLimit ?? 0) };
}

export function parseWorkerRequest(message: unknown): WorkerRequest {
  if (isRecord(message) && message.kind === 'close') return { kind: 'close' };
  if (isRecord(message) && message.kind === 'replay' && typeof message.id === 'number' && message.segment instanceof Uint8Array) {
    return { kind: 'replay', id: message.id, segment: message.segment };
  }
  if (!isRecord(message) || message.kind !== 'enrich' || typeof message.id !== 'number' || !(message.segment instanceof Uint8Array) || !Array.isArray(message.watchedSites)) {
    throw new Error('unexpected message to the enrichment thread');
  }
  return { kind: 'enrich', id: message.id, segment: message.segment, watchedSites: message.watchedSites.map(Number) };
}
