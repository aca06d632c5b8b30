// An export file as the batches an import is sent: its rows parsed (the command line sends them), or each batch
// already written as a batch post's body (an uploaded file, read on the import mapping thread: the event loop
// then only moves the bytes on to the mapping).
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { openImportFile, type FileFormat, type ImportFileRow, type OpenedImportFile } from './files/import-file.js';

/** One batch of a file's rows: what is sent, and where in the file its rows are. */
export interface FileBatch<Payload> {
  readonly payload: Payload;
  /** Each row's place in the file (`file line N`), in order: a refused row's message names it. */
  readonly wheres: readonly string[];
  readonly isLastBatch: boolean;
  /** Bytes of the file read once this batch was complete, of `totalBytes`. */
  readonly bytesRead: number;
  readonly totalBytes: number;
}

export interface FileToRead {
  readonly path: string;
  readonly format: FileFormat;
  readonly batchRows: number;
}

/** Batches of `batchRows` rows, then a last one (maybe empty) with the rest. */
export async function* fileBatches(opened: OpenedImportFile, batchRows: number): AsyncGenerator<FileBatch<readonly unknown[]>> {
  let rows: ImportFileRow[] = [];
  const batch = (isLastBatch: boolean): FileBatch<readonly unknown[]> => ({
    payload: rows.map((entry) => entry.row), wheres: rows.map((entry) => entry.where), isLastBatch,
    bytesRead: isLastBatch ? opened.totalBytes : opened.bytesRead(), totalBytes: opened.totalBytes,
  });
  for await (const row of opened.rows) {
    rows.push(row);
    if (rows.length >= batchRows) {
      yield batch(false);
      rows = [];
    }
  }
  yield batch(true);
}

/** The file's batches, each as a batch post's body (`{"events":[...],"isLastBatch":...}`). */
export async function* bodyBatches(file: FileToRead): AsyncGenerator<FileBatch<Uint8Array>> {
  const opened = await openImportFile(file.path, file.format);
  for await (const batch of fileBatches(opened, file.batchRows)) yield { ...batch, payload: await batchPostBody(batch.payload, batch.isLastBatch) };
}

/**
 * Rows serialized per turn of the event loop. A batch of 5,000 rows is about a megabyte of JSON: made in one
 * go on a busy event loop, it held it for tens of milliseconds; on the mapping thread, mapping requests get
 * their turn between.
 */
const ROWS_PER_TURN = 500;

/** A batch post's body, `{"events":[...],"isLastBatch":...}`, made a few hundred rows at a time. */
export async function batchPostBody(events: readonly unknown[], isLastBatch: boolean): Promise<Buffer> {
  const rows: string[] = [];
  for (let from = 0; from < events.length; from += ROWS_PER_TURN) {
    if (from > 0) await yieldToEventLoop();
    // As JSON.stringify writes an array's element that has no JSON form.
    for (const event of events.slice(from, from + ROWS_PER_TURN)) rows.push(JSON.stringify(event) ?? 'null');
  }
  return Buffer.from(`{"events":[${rows.join(',')}],"isLastBatch":${isLastBatch}}`);
}
