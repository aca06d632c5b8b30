import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient } from '@clickhouse/client';
import { createChdbConnection } from 'chdb/connection';
import { expect, it } from 'vitest';
import { migrateAnalyticsStore } from '../../src/platform/analytics-store/analytics-migrations.js';
import { ClickHouseStore } from '../../src/platform/analytics-store/clickhouse-store.js';
import { generateEvents } from '../../scripts/generate-events/generate-events.js';

/** chdb/connection is typed against its own copy of the client's common types; the shapes match at run time. */
type ClientConnection = NonNullable<NonNullable<Parameters<typeof createClient>[0]>['connection']>;

it('writes through the ClickHouse-server store too (its client running on chDB)', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'loupe-generate-events-ch-'));
  const client = createClient({ connection: createChdbConnection({ path: dir }) as unknown as ClientConnection });
  const store = new ClickHouseStore('http://unused.invalid', client);
  try {
    await migrateAnalyticsStore(store);
    const summary = await generateEvents(store, { siteId: 2, events: 3000, days: 3, seed: 1, endMs: Date.UTC(2026, 0, 1), chunkSize: 1000 });
    const [counts] = await store.query<Record<string, unknown>>(
      `SELECT (SELECT count() FROM events WHERE site_id = 2) AS events, (SELECT count() FROM bot_events) AS bots,
              (SELECT uniqExact(session_id) FROM events) AS sessions,
              (SELECT count() FROM system.tables WHERE name LIKE 'generate_events_staging%') AS staging`,
    );
    expect(counts && Object.values(counts).map(Number)).toEqual([3000, summary.botEvents, summary.sessions, 0]);
  } finally {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  }
});
