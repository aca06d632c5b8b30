// Stores a raw NDJSON export into a site through the store API (as an import of the export would): each line
// goes to the table it names, without the `table` field, with the target site's id.
import type { AnalyticsStore } from '../../src/platform/analytics-store/analytics-store.js';

export async function storeExport(store: AnalyticsStore, ndjson: string, siteId: number): Promise<number> {
  const byTable = new Map<string, string[]>();
  for (const line of ndjson.split('\n')) {
    if (line.length === 0) continue;
    const { table, ...row } = JSON.parse(line) as { table: string } & Record<string, unknown>;
    const lines = byTable.get(table) ?? [];
    lines.push(JSON.stringify({ ...row, site_id: siteId }));
    byTable.set(table, lines);
  }
  let stored = 0;
  for (const [table, lines] of byTable) {
    await store.insertJsonEachRow(table, Buffer.from(`${lines.join('\n')}\n`));
    stored += lines.length;
  }
  return stored;
}
