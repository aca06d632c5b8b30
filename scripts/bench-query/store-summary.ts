// The data set in DATA_DIR/analytics for one site: how many rows and which days, and generating it when empty.
import { join } from 'node:path';
import { migrateAnalyticsStore } from '../../src/platform/analytics-store/analytics-migrations.js';
import { ChdbStore } from '../../src/platform/analytics-store/chdb-store.js';
import { generateEvents } from '../generate-events/generate-events.js';
import { ProgressBar } from '../generate-events/progress-bar.js';

export interface StoreSummary {
  readonly events: number;
  readonly sessions: number;
  readonly botEvents: number;
  /** UTC dates (YYYY-MM-DD) of the first and last event; undefined without events. */
  readonly firstDay: string | undefined;
  readonly lastDay: string | undefined;
}

/** Opens the store in this process (no server may hold it), reads the figures, and closes it. */
export async function summarizeStore(dataDir: string, siteId: number): Promise<StoreSummary> {
  const store = new ChdbStore(join(dataDir, 'analytics'));
  try {
    await migrateAnalyticsStore(store);
    const [events] = await store.query<{ n: string; sessions: string; first: string; last: string }>(
      `SELECT count() AS n, uniqExact(session_id) AS sessions, toString(toDate(min(timestamp))) AS first, toString(toDate(max(timestamp))) AS last
       FROM events WHERE site_id = {site:UInt32}`,
      { site: siteId },
    );
    const [bots] = await store.query<{ n: string }>('SELECT count() AS n FROM bot_events WHERE site_id = {site:UInt32}', { site: siteId });
    const count = Number(events?.n ?? 0);
    return {
      events: count,
      sessions: Number(events?.sessions ?? 0),
      botEvents: Number(bots?.n ?? 0),
      firstDay: count > 0 ? events?.first : undefined,
      lastDay: count > 0 ? events?.last : undefined,
    };
  } finally {
    await store.close();
  }
}

export interface GenerateRequest {
  readonly siteId: number;
  readonly events: number;
  readonly days: number;
  readonly seed: number;
}

/** The generator of `npm run generate-events`, run in this process on DATA_DIR/analytics. */
export async function generateInto(dataDir: string, request: GenerateRequest): Promise<void> {
  const store = new ChdbStore(join(dataDir, 'analytics'));
  try {
    await migrateAnalyticsStore(store);
    const bar = new ProgressBar(process.stderr);
    await generateEvents(store, request, (written, total) => bar.update(written, total));
    bar.finish();
  } finally {
    await store.close();
  }
}
