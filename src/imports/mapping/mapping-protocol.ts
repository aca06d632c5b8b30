// Messages between the event loop and the import mapping thread.
import type { BodyProblem } from '../batch-body.js';
import type { ImportPlatform } from '../import-platforms.js';
import type { MappingContext } from '../mapped-row.js';
import type { MappedBatch } from '../map-batch.js';

export interface MapRequest {
  readonly id: number;
  /** null: only check the body (the import was not found; a bad body still answers 400 first, as validation would). */
  readonly platform: ImportPlatform | null;
  readonly context: MappingContext;
  readonly now: number;
  /** The batch post's body as received (moved to the thread without a copy). */
  readonly body: Uint8Array;
}

/** What the thread is started with. */
export interface MappingThreadData {
  /** How many steps nicer than the event loop the thread runs (BACKGROUND_THREAD_NICENESS). */
  readonly niceness: number;
}

export type MappedBody = MappedBatch & { readonly isLastBatch: boolean };

export type MapReply =
  | { readonly kind: 'ready' }
  | { readonly kind: 'mapped'; readonly id: number; readonly batch: MappedBody }
  | { readonly kind: 'refused'; readonly id: number; readonly problem: BodyProblem }
  | { readonly kind: 'failed'; readonly id: number; readonly error: string };
