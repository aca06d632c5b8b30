// An export file read and sent in batches to one import, wherever the batches go (a server over HTTP, the
// import service in this process, an upload the server received), then summarised; on any failure the
// import is deleted, so nothing of a half-read file stays.
import { ImportFileError } from './files/import-file-error.js';
import { openImportFile, type FileFormat, type ImportFileRow } from './files/import-file.js';

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

export interface ImportTarget {
  start(platform: FileFormat): Promise<string>;
  send(importId: string, events: readonly unknown[], isLastBatch: boolean): Promise<BatchCounts | BatchRefusal>;
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
function refusedPlace(fieldErrors: Readonly<Record<string, readonly string[]>>, batch: readonly ImportFileRow[], fallback: string): { where: string; message: string } {
  const [key, messages] = Object.entries(fieldErrors)[0] ?? [];
  const [, index, ...field] = (key ?? '').split('.');
  const row = batch[Number(index)];
  if (!row || key === undefined) return { where: fallback, message: 'the batch was refused' };
  return { where: row.where, message: `${field.length > 0 ? `${field.join('.')}: ` : ''}${messages?.[0] ?? 'invalid'}` };
}

export async function importFile(target: ImportTarget, options: FileImportOptions): Promise<ImportSummary> {
  const started = Date.now();
  const opened = await openImportFile(options.file, options.format);
  const importId = options.importId ?? (await target.start(opened.platform));
  const totals = { read: 0, imported: 0, skipped: {} as Record<string, number> };
  const add = (counts: BatchCounts) => {
    totals.imported += counts.importedEvents;
    for (const [reason, n] of Object.entries(counts.skipped)) totals.skipped[reason] = (totals.skipped[reason] ?? 0) + (n ?? 0);
  };
  const send = async (batch: readonly ImportFileRow[], last: boolean) => {
    const answer = await target.send(importId, batch.map((entry) => entry.row), last);
    if ('refused' in answer) {
      const place = refusedPlace(answer.fieldErrors, batch, options.file);
      throw new ImportFileError(place.where, place.message);
    }
    add(answer);
  };
  // While one batch is stored, the next is read: the file's parsing and the store's work overlap.
  let inFlight: Promise<void> | undefined;
  try {
    let batch: ImportFileRow[] = [];
    for await (const row of opened.rows) {
      batch.push(row);
      totals.read++;
      if (batch.length >= options.batchRows) {
        await inFlight;
        options.onProgress?.(opened.bytesRead(), opened.totalBytes, totals.read);
        inFlight = send(batch, false);
        // Awaited above or below; until then a failure must not count as unhandled.
        inFlight.catch(() => undefined);
        batch = [];
      }
    }
    await inFlight;
    await send(batch, true);
    options.onProgress?.(opened.totalBytes, opened.totalBytes, totals.read);
  } catch (err) {
    await inFlight?.catch(() => undefined);
    await target.remove(importId);
    throw err;
  }
  const skippedTotal = Object.values(totals.skipped).reduce((sum, n) => sum + n, 0);
  return {
    importId, platform: opened.platform, file: options.file, rowsRead: totals.read, imported: totals.imported,
    skipped: { total: skippedTotal, reasons: totals.skipped }, seconds: Math.round((Date.now() - started) / 10) / 100,
  };
}
