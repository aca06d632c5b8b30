// The round trip of the export benchmark: the NDJSON export stored into a fresh data directory through the
// store API (each line into the table it names, as an import of the export does), served by a second server
// with the same metadata, whose reports must equal the original's.
import { createReadStream, copyFileSync, cpSync, existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { migrateAnalyticsStore } from '../../src/platform/analytics-store/analytics-migrations.js';
import { ChdbStore } from '../../src/platform/analytics-store/chdb-store.js';

const BATCH_LINES = 50_000;

/** The reports compared, with their query after the site: whole-range figures, breakdowns and lists. */
export function roundTripReports(range: string): string[] {
  return [
    `overview?${range}`, `overview/time-series?${range}&bucket=day`, `metric?${range}&parameter=pathname`, `metric?${range}&parameter=channel`,
    `metric?${range}&parameter=referrer`, `metric?${range}&parameter=country`, `metric?${range}&parameter=browser`, `metric?${range}&parameter=entry_page`,
    `page-titles?${range}`, `events/names?${range}`, `errors/names?${range}`, `performance/overview?${range}`, `bots/overview?${range}`,
    `retention?${range}`, `journeys?${range}`, `users?${range}`, `sessions?${range}`,
  ];
}

/** Copies the metadata (account, site, key) of `from` into the new data directory `to`. */
export function copyMetadata(from: string, to: string): void {
  mkdirSync(to, { recursive: true, mode: 0o700 });
  for (const file of ['meta.db', 'meta.db-wal', 'bench-query-site.json']) {
    if (existsSync(join(from, file))) copyFileSync(join(from, file), join(to, file));
  }
  cpSync(join(from, 'secrets'), join(to, 'secrets'), { recursive: true });
}

/** Stores the export's lines into `dataDir`'s analytics store, in batches; returns the lines per table. */
export async function storeExportFile(file: string, dataDir: string): Promise<Record<string, number>> {
  const store = new ChdbStore(join(dataDir, 'analytics'));
  const stored: Record<string, number> = {};
  try {
    await migrateAnalyticsStore(store);
    const batches = new Map<string, string[]>();
    const flush = async (table: string) => {
      const lines = batches.get(table) ?? [];
      if (lines.length === 0) return;
      // The `table` field is not a column: the store skips fields it does not know.
      await store.insertJsonEachRow(table, Buffer.from(`${lines.join('\n')}\n`));
      stored[table] = (stored[table] ?? 0) + lines.length;
      batches.set(table, []);
    };
    for await (const line of createInterface({ input: createReadStream(file), crlfDelay: Infinity })) {
      if (line.length === 0) continue;
      const table = line.startsWith('{"table":"bot_events"') ? 'bot_events' : 'events';
      const lines = batches.get(table) ?? [];
      lines.push(line);
      batches.set(table, lines);
      if (lines.length >= BATCH_LINES) await flush(table);
    }
    for (const table of batches.keys()) await flush(table);
  } finally {
    await store.close();
  }
  return stored;
}
