// Child process of the kill -9 test: appends numbered rows as fast as it can and prints each acknowledged number.
// Usage: node --import tsx append-until-killed.ts <root dir> <stream|die-after-insert> [seal|commit]
import { join } from 'node:path';
import type { AnalyticsStore } from '../../../src/platform/analytics-store/analytics-store.js';
import { migrateAnalyticsStore } from '../../../src/platform/analytics-store/analytics-migrations.js';
import { ChdbStore } from '../../../src/platform/analytics-store/chdb-store.js';
import { createEventBuffer } from '../../../src/ingestion/event-buffer/event-buffer.js';
import { withInsertFaults } from './insert-fault-store.js';
import { numberedEventRow } from './numbered-rows.js';

const [root = '', mode = 'stream', syncArgument = 'seal'] = process.argv.slice(2);
const sync = syncArgument === 'commit' ? 'commit' : 'seal';
const CONCURRENCY = 32;

const chdb: AnalyticsStore = new ChdbStore(join(root, 'analytics'));
await migrateAnalyticsStore(chdb);
const { store, faults } = withInsertFaults(chdb);
if (mode === 'die-after-insert') faults.mode = 'die';

const buffer = await createEventBuffer({
  store,
  table: 'events',
  dir: join(root, 'spool', 'events'),
  maxPendingRows: 10_000_000,
  flushIntervalMs: 25,
  maxBatchRows: 400,
  sync,
});

// Lines starting with '#' are progress notes for the parent; every other line is one acknowledged number.
let reportedInserted = 0;
setInterval(() => {
  const { inserted } = buffer.counters();
  if (inserted !== reportedInserted) process.stdout.write(`#inserted ${inserted}\n`);
  reportedInserted = inserted;
}, 10);

let next = 1;
async function appendForever(): Promise<void> {
  for (;;) {
    const n = next++;
    await buffer.append(numberedEventRow(n));
    process.stdout.write(`${n}\n`);
  }
}
await Promise.all(Array.from({ length: CONCURRENCY }, appendForever));
