// Moves one sealed segment into the analytics store under its dedup token, as raw JSONEachRow bytes.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { AnalyticsStore, InsertOptions } from '../../platform/analytics-store/analytics-store.js';
import { segmentToken } from './segment-file.js';

/**
 * The segment file already is JSONEachRow, so no JSON work happens on the event loop; the engine parses it.
 * Inserting a segment twice (a crash between insert and delete, or a retry after an ambiguous failure) is
 * harmless: the second insert carries the same token and the table's deduplication window drops it.
 */
export async function insertSegment(store: AnalyticsStore, table: string, dir: string, name: string): Promise<void> {
  const payload = await readFile(join(dir, name));
  const options: InsertOptions = { dedupToken: segmentToken(table, name) };
  await store.insertJsonEachRow(table, payload, options);
}
