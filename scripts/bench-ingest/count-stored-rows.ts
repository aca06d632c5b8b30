// After the server has stopped: how many rows of the benchmark site reached the analytics store.
import { join } from 'node:path';
import { ChdbStore } from '../../src/platform/analytics-store/chdb-store.js';

export interface StoredRows {
  readonly events: number;
  readonly botEvents: number;
}

async function countRows(store: ChdbStore, table: 'events' | 'bot_events', siteId: number): Promise<number> {
  const rows = await store.query<{ n: string }>(`SELECT count() AS n FROM ${table} WHERE site_id = {site:UInt32}`, { site: siteId });
  return Number(rows[0]?.n ?? 0);
}

/** Opens DATA_DIR/analytics (the server must have exited: chDB allows one process per directory). */
export async function countStoredRows(dataDir: string, siteId: number): Promise<StoredRows> {
  const store = new ChdbStore(join(dataDir, 'analytics'));
  try {
    return { events: await countRows(store, 'events', siteId), botEvents: await countRows(store, 'bot_events', siteId) };
  } finally {
    await store.close();
  }
}
