// `loupe import`: reads an export file, sends it in batches to one import, and summarises; on any failure
// the import is deleted, so nothing of a half-read file stays.
import { ImportFileError } from '../imports/files/import-file-error.js';
import { FILE_FORMATS, openImportFile, type FileFormat, type ImportFileRow } from '../imports/files/import-file.js';
import { ImportProgress } from './import-progress.js';
import type { BatchCounts, ImportTarget } from './import-targets.js';

export const IMPORT_USAGE = `  loupe import --site <siteId> --format <${FILE_FORMATS.join('|')}> --file <path> [--url <server> --api-key <key>] [--batch-size <rows>]

  Imports another tool's export into a site: umami (Umami's CSV export), simple_analytics (Simple Analytics'
  CSV export), plausible_csv (Plausible's CSV export, the ZIP), loupe (Loupe's NDJSON raw event export),
  ga4 (Google Analytics 4's BigQuery export of its events_* tables as newline-delimited JSON), posthog
  (PostHog's events export as JSON lines), matomo (Matomo's visit log, Live.getLastVisitsDetails as JSON).
  Rows already stored are skipped, so running it again adds nothing. A progress bar goes to stderr and the
  summary (rows read, imported, skipped per reason) to stdout as JSON. A bad file stops with an error naming
  its line, and the import is deleted. Without --url it works directly on DATA_DIR (stop the server first);
  with --url it talks to a running server with an admin's API key.`;

export const DEFAULT_BATCH_ROWS = 5_000;

export interface ImportSummary {
  readonly importId: string;
  readonly platform: FileFormat;
  readonly file: string;
  readonly rowsRead: number;
  readonly imported: number;
  readonly skipped: { readonly total: number; readonly reasons: Readonly<Record<string, number>> };
  readonly seconds: number;
}

export function isFileFormat(value: string): value is FileFormat {
  return (FILE_FORMATS as readonly string[]).includes(value);
}

/** The file place of the first refused row: the refusal keys rows by their index in the batch. */
function refusedPlace(fieldErrors: Readonly<Record<string, readonly string[]>>, batch: readonly ImportFileRow[], fallback: string): { where: string; message: string } {
  const [key, messages] = Object.entries(fieldErrors)[0] ?? [];
  const [, index, ...field] = (key ?? '').split('.');
  const row = batch[Number(index)];
  if (!row || key === undefined) return { where: fallback, message: 'the batch was refused' };
  return { where: row.where, message: `${field.length > 0 ? `${field.join('.')}: ` : ''}${messages?.[0] ?? 'invalid'}` };
}

export async function runImport(
  target: ImportTarget,
  options: { readonly file: string; readonly format: FileFormat; readonly batchRows: number; readonly progress?: NodeJS.WriteStream },
): Promise<ImportSummary> {
  const started = Date.now();
  const opened = await openImportFile(options.file, options.format);
  const importId = await target.start(opened.platform);
  const progress = options.progress ? new ImportProgress(options.progress, opened.totalBytes) : undefined;
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
        progress?.update(opened.bytesRead(), totals.read);
        inFlight = send(batch, false);
        // Awaited above or below; until then a failure must not count as unhandled.
        inFlight.catch(() => undefined);
        batch = [];
      }
    }
    await inFlight;
    await send(batch, true);
    progress?.update(opened.totalBytes, totals.read);
    progress?.done();
  } catch (err) {
    progress?.done();
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
