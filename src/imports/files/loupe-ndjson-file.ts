// Loupe's raw event export as NDJSON: one stored row per line (docs/imports.md); bot event lines are skipped.
import { ndjsonRows, type NdjsonRow } from './ndjson-rows.js';

export function loupeNdjsonRows(chunks: AsyncIterable<string>, name: string): AsyncGenerator<NdjsonRow> {
  return ndjsonRows(chunks, name);
}
