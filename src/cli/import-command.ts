// `loupe import`: reads an export file, sends it in batches to one import with a progress bar, and summarises
// (the reading and sending are the imports feature's, shared with the dashboard's uploads).
import { FILE_FORMATS, type FileFormat } from '../imports/index.js';
import { DEFAULT_BATCH_ROWS, importFile, type ImportSummary, type ImportTarget } from '../imports/index.js';
import { ImportProgress } from './import-progress.js';

export { DEFAULT_BATCH_ROWS, type ImportSummary };

export const IMPORT_USAGE = `  loupe import --site <siteId> --format <${FILE_FORMATS.join('|')}> --file <path> [--url <server> --api-key <key>] [--batch-size <rows>]

  Imports another tool's export into a site: umami (Umami's CSV export), simple_analytics (Simple Analytics'
  CSV export), plausible_csv (Plausible's CSV export, the ZIP), loupe (Loupe's NDJSON raw event export),
  ga4 (Google Analytics 4's BigQuery export of its events_* tables as newline-delimited JSON or Parquet), posthog
  (PostHog's events export as JSON lines), matomo (Matomo's visit log, Live.getLastVisitsDetails as JSON).
  Rows already stored are skipped, so running it again adds nothing. A progress bar goes to stderr and the
  summary (rows read, imported, skipped per reason) to stdout as JSON. A bad file stops with an error naming
  its line, and the import is deleted. Without --url it works directly on DATA_DIR (stop the server first);
  with --url it talks to a running server with an admin's API key.`;

export function isFileFormat(value: string): value is FileFormat {
  return (FILE_FORMATS as readonly string[]).includes(value);
}

export async function runImport(
  target: ImportTarget,
  options: { readonly file: string; readonly format: FileFormat; readonly batchRows: number; readonly progress?: NodeJS.WriteStream },
): Promise<ImportSummary> {
  const out = options.progress;
  let progress: ImportProgress | undefined;
  try {
    return await importFile(target, {
      file: options.file, format: options.format, batchRows: options.batchRows,
      ...(out ? { onProgress: (bytesRead: number, totalBytes: number, rows: number) => { progress ??= new ImportProgress(out, totalBytes); progress.update(bytesRead, rows); } } : {}),
    });
  } finally {
    progress?.done();
  }
}
