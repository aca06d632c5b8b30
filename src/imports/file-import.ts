// An export file read and sent in batches to one import, wherever the batches go (a server over HTTP, the
// import service in this process, an upload the server received and read on the mapping thread), then
// summarised; on any failure the import is deleted, so nothing of a half-read file stays.
import { ImportFileError } from './files/import-file-error.js';
import { fileBatches, type FileBatch } from './file-batches.js';
import { openImportFile, type FileFormat } from './files/import-file.js';

export const DEFAULT_BATCH_ROWS = 5_000;

export interface BatchCounts {
  readonly importedEvents: number;
  readonly skippedEvents: number;
  readonly skipped: Readonly<Record<string, number | undefined>>;
}

/** A batch the server refused: its message and the bad rows' fields, keyed `events.<index>[.<field>]`. */
export interface BatchRefusal {
  readonly refused: true;
  readonly message: string;
  readonly fieldErrors: Readonly<Record<string, readonly string[]>>;
}

/** Where a file's batches go; the payload is the batch's rows, or (an uploaded file read on the mapping thread) its body. */
export interface ImportTarget<Payload = readonly unknown[]> {
  start(platform: FileFormat): Promise<string>;
  send(importId: string, payload: Payload, isLastBatch: boolean): Promise<BatchCounts | BatchRefusal>;
  remove(importId: string): Promise<void>;
}

export interface ImportSummary {
  readonly importId: string;
  readonly platform: FileFormat;
  readonly file: string;
  readonly rowsRead: number;
  readonly imported: number;
  readonly skipped: { readonly total: number; readonly reasons: Readonly<Record<string, number>> };
  readonly seconds: number;
}

export interface FileImportOptions {
  readonly file: string;
  readonly format: FileFormat;
  readonly batchRows: number;
  /** The import to send to; a new one is started when absent. */
  readonly importId?: string;
  /** Called before each batch is sent and once at the end. */
  readonly onProgress?: (bytesRead: number, totalBytes: number, rowsRead: number) => void;
}

/** The file place of the first refused row: the refusal keys rows by their index in the batch. */
function refusedPlace(fieldErrors: Readonly<Record<string, readonly string[]>>, wheres: readonly string[], fallback: string): { where: string; message: string } {
  const [key, messages] = Object.entries(fieldErrors)[0] ?? [];
  const [, index, ...field] = (key ?? '').split('.');
  const where = wheres[Number(index)];
  if (where === undefined || key === undefined) return { where: fallback, message: 'the batch was refused' };
  return { where, message: `${field.length > 0 ? `${field.join('.')}: ` : ''}${messages?.[0] ?? 'invalid'}` };
}

export async function importFile(target: ImportTarget, options: FileImportOptions): Promise<ImportSummary> {
  const opened = await openImportFile(options.file, options.format);
  const importId = options.importId ?? (await target.start(opened.platform));
  return sendBatches(target, importId, fileBatches(opened, options.batchRows), options);
}

/** A file's batches, however read, sent to the import `importId`; on any failure the import is deleted. */
export async function sendBatches<Payload>(
  target: ImportTarget<Payload>, importId: string, batches: AsyncIterable<FileBatch<Payload>>, options: Omit<FileImportOptions, 'batchRows' | 'importId'>,
): Promise<ImportSummary> {
  const started = Date.now();
  const totals = { read: 0, imported: 0, skipped: {} as Record<string, number> };
  const send = async (batch: FileBatch<Payload>) => {
    const answer = await target.send(importId, batch.payload, batch.isLastBatch);
    if ('refused' in answer) {
      const place = refusedPlace(answer.fieldErrors, batch.wheres, options.file);
      throw new ImportFileError(place.where, place.message);
    }
    totals.imported += answer.importedEvents;
    for (const [reason, n] of Object.entries(answer.skipped)) totals.skipped[reason] = (totals.skipped[reason] ?? 0) + (n ?? 0);
  };
  // While one batch is stored, the next is read: the file's parsing and the store's work overlap.
  let inFlight: Promise<void> | undefined;
  let totalBytes = 0;
  try {
    for await (const batch of batches) {
      await inFlight;
      totals.read += batch.wheres.length;
      totalBytes = batch.totalBytes;
      if (!batch.isLastBatch) options.onProgress?.(batch.bytesRead, batch.totalBytes, totals.read);
      inFlight = send(batch);
      // Awaited above or below; until then a failure must not count as unhandled.
      inFlight.catch(() => undefined);
    }
    await inFlight;
    options.onProgress?.(totalBytes, totalBytes, totals.read);
  } catch (err) {
    await inFlight?.catch(() => undefined);
    await target.remove(importId);
    throw err;
  }
  const skippedTotal = Object.values(totals.skipped).reduce((sum, n) => sum + n, 0);
  return {
    importId, platform: options.format, file: options.file, rowsRead: totals.read, imported: totals.imported,
    skipped: { total: skippedTotal, reasons: totals.skipped }, seconds: Math.round((Date.now() - started) / 10) / 100,
  };
}
