// The raw export as a byte stream: NDJSON pages passed through as the store writes them, or CSV records,
// pulled a page at a time so that a slow reader holds the store's reads back (backpressure).
import { Readable } from 'node:stream';
import type { AnalyticsStore } from '../platform/analytics-store/analytics-store.js';
import { csvLine } from '../platform/http/csv-text.js';
import { csvColumns, type ExportTable } from './export-columns.js';
import { eventPages, type PageScope } from './event-pages.query.js';
import { replayPages } from './replay-pages.query.js';

export type ExportFormat = 'ndjson' | 'csv';

export interface ExportRequest extends PageScope {
  readonly format: ExportFormat;
  /** Adds the bot events after the human ones. */
  readonly bots: boolean;
  /** Adds the session recordings at the end (NDJSON only). */
  readonly replays?: boolean;
}

function tablesOf(request: ExportRequest): ExportTable[] {
  return request.bots ? ['events', 'bot_events'] : ['events'];
}

/** The page's rows as CSV records under `columns` (the row's `table` first, its missing columns empty). */
function csvRecords(bytes: Buffer, columns: readonly string[]): string {
  let out = '';
  for (const line of bytes.toString('utf8').split('\n')) {
    if (line.length === 0) continue;
    const row = JSON.parse(line) as Record<string, unknown>;
    out += csvLine(columns.map((column) => row[column]));
  }
  return out;
}

/** The export's chunks, each a page of rows (the CSV's first chunk is its header). */
export async function* exportChunks(store: AnalyticsStore, request: ExportRequest): AsyncGenerator<string | Buffer> {
  const columns = csvColumns(request.bots);
  if (request.format === 'csv') yield csvLine(columns);
  for (const table of tablesOf(request)) {
    for await (const page of eventPages(store, table, request)) {
      yield request.format === 'csv' ? csvRecords(page.bytes, columns) : page.bytes;
    }
  }
  if (request.replays === true && request.format === 'ndjson') {
    for await (const page of replayPages(store, request)) yield page.bytes;
  }
}

/**
 * A readable stream of the export. `Readable.from` asks the generator for the next page only when the
 * stream's buffer has room (one page), so the server holds at most about two pages whatever the export's size.
 */
export function exportStream(store: AnalyticsStore, request: ExportRequest): Readable {
  return Readable.from(exportChunks(store, request), { objectMode: false, highWaterMark: 1 });
}
