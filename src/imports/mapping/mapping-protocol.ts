// Messages between the event loop and the import mapping thread: a batch post's body to map, and an uploaded
// file to read batch by batch (one batch per request, so a fast reader never runs ahead of the store).
import type { BodyProblem } from '../batch-body.js';
import type { FileBatch, FileToRead } from '../file-batches.js';
import type { ImportPlatform } from '../import-platforms.js';
import type { MappingContext } from '../mapped-row.js';
import type { MappedBatch } from '../map-batch.js';

/** A batch post to map. */
export interface MapInput {
  /** null: only check the body (the import was not found; a bad body still answers 400 first, as validation would). */
  readonly platform: ImportPlatform | null;
  readonly context: MappingContext;
  readonly now: number;
  /** The batch post's body as received (moved to the thread without a copy). */
  readonly body: Uint8Array;
}

export type MapRequest = MapInput & { readonly kind: 'map'; readonly id: number };

/** Reading a file: `open` starts reading `reading` and answers its first batch, each `read` the next one. */
export type ReadRequest =
  | { readonly kind: 'open'; readonly id: number; readonly reading: number; readonly file: FileToRead }
  | { readonly kind: 'read'; readonly id: number; readonly reading: number };

/** A reading given up before the file's end (its import failed or was refused): the thread closes the file. */
export interface StopReading {
  readonly kind: 'stop';
  readonly reading: number;
}

export type ThreadRequest = MapRequest | ReadRequest | StopReading;

/** What the thread is started with. */
export interface MappingThreadData {
  /** How many steps nicer than the event loop the thread runs (BACKGROUND_THREAD_NICENESS). */
  readonly niceness: number;
}

export type MappedBody = MappedBatch & { readonly isLastBatch: boolean };

/** A batch of a file read on the thread: its batch post's body, moved without a copy. */
export type ReadBatch = FileBatch<Uint8Array>;

export type MapReply =
  | { readonly kind: 'ready' }
  | { readonly kind: 'mapped'; readonly id: number; readonly batch: MappedBody }
  | { readonly kind: 'refused'; readonly id: number; readonly problem: BodyProblem }
  | { readonly kind: 'batch'; readonly id: number; readonly batch: ReadBatch }
  /** The file cannot be imported (an ImportFileError's place and reason). */
  | { readonly kind: 'unreadable'; readonly id: number; readonly where: string; readonly reason: string }
  | { readonly kind: 'failed'; readonly id: number; readonly error: string };

/** Bytes that own their whole buffer, so they can move to another thread; a slice of a shared one is copied. */
export function movable(bytes: Uint8Array): Uint8Array<ArrayBuffer> {
  const owned = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength && bytes.buffer instanceof ArrayBuffer;
  return owned ? (bytes as Uint8Array<ArrayBuffer>) : Uint8Array.from(bytes);
}
