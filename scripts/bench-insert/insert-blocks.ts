// The inserts `bench:insert` replays: generated events (`npm run generate-events`' traffic model), read back in
// time order and cut into TSV payloads under the columns ingestion writes, as the spool's segments are.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { migrateAnalyticsStore } from '../../src/platform/analytics-store/analytics-migrations.js';
import { DEFAULT_ANALYTICS_MEMORY } from '../../src/platform/analytics-store/chdb-memory.js';
import { createAnalyticsStore } from '../../src/platform/analytics-store/create-analytics-store.js';
import { tsvLine } from '../../src/platform/analytics-store/tsv-lines.js';
import { EVENT_COLUMNS } from '../../src/ingestion/row-columns.js';
import { generateEvents } from '../generate-events/generate-events.js';

const BENCH_SITE_ID = 1;

/** The payload files, in insert order, and the folder that holds them. */
export interface InsertBlocks {
  readonly dir: string;
  readonly files: readonly string[];
}

/** Writes `blocks` payloads of `rows` events each into a new temporary folder. */
export async function writeInsertBlocks(blocks: number, rows: number, seed: number): Promise<InsertBlocks> {
  const dir = await mkdtemp(join(tmpdir(), 'loupe-bench-insert-'));
  const store = createAnalyticsStore({ dataDir: join(dir, 'source'), analyticsMemory: { ...DEFAULT_ANALYTICS_MEMORY, limitMb: 0 } });
  try {
    await migrateAnalyticsStore(store);
    // A day of traffic ending now: the inserts land in the current partitions, as live traffic does.
    await generateEvents(store, { siteId: BENCH_SITE_ID, events: blocks * rows, days: 1, seed });
    const columns = EVENT_COLUMNS.map((column) => column.name).join(', ');
    const files: string[] = [];
    for (let block = 0; block < blocks; block += 1) {
      const events = await store.query<Record<string, unknown>>(
        `SELECT ${columns} FROM events ORDER BY timestamp, event_id LIMIT {rows:UInt32} OFFSET {offset:UInt64}`,
        { rows, offset: block * rows },
      );
      if (events.length === 0) throw new Error(`The generated set holds fewer than ${block * rows + 1} events`);
      const file = join(dir, `block-${block}.tsv`);
      await writeFile(file, events.map((event) => tsvLine(event, EVENT_COLUMNS) + '\n').join(''));
      files.push(file);
    }
    return { dir, files };
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    throw error;
  } finally {
    await store.close();
    await rm(join(dir, 'source'), { recursive: true, force: true });
  }
}
