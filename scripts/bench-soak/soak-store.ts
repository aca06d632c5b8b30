// What the soak reads from the data directory: the rows its run stored (after the server exited: chDB
// admits one process per directory) and how many spool segments wait for the segment sink.
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { ChdbStore } from '../../src/platform/analytics-store/chdb-store.js';

export interface SoakRows {
  readonly events: number;
  readonly botEvents: number;
}

export async function countSoakRows(dataDir: string, siteId: number, runTag: string): Promise<SoakRows> {
  const store = new ChdbStore(join(dataDir, 'analytics'));
  const count = async (table: 'events' | 'bot_events'): Promise<number> => {
    const rows = await store.query<{ n: string }>(
      `SELECT count() AS n FROM ${table} WHERE site_id = {site:UInt32} AND startsWith(pathname, {prefix:String})`,
      { site: siteId, prefix: `/soak/${runTag}/` },
    );
    return Number(rows[0]?.n ?? 0);
  };
  try {
    return { events: await count('events'), botEvents: await count('bot_events') };
  } finally {
    await store.close();
  }
}

/** Segment files in the intake spool (sealed ones wait for the segment sink; one is open). */
export async function spoolSegments(dataDir: string): Promise<number> {
  try {
    return (await readdir(join(dataDir, 'spool', 'intake'))).length;
  } catch {
    return 0;
  }
}
