// One run of `bench:insert`, in a process of its own (one embedded engine per process): a fresh store, the
// variant's statements, the inserts, then a wait until the engine has no merge under way for a while. Prints
// one JSON line (InsertRunResult) on stdout.
// Usage: node --import tsx scripts/bench-insert/insert-run.ts <variant> <gap ms> <payload file>...
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { migrateAnalyticsStore } from '../../src/platform/analytics-store/analytics-migrations.js';
import { ChdbStore } from '../../src/platform/analytics-store/chdb-store.js';
import { isEngineMemoryFull } from '../../src/platform/analytics-store/engine-memory-retry.js';
import { EVENT_COLUMNS } from '../../src/ingestion/row-columns.js';
import type { InsertRunResult } from './insert-report.js';
import { variantNamed } from './insert-variants.js';

/** Polls of the engine's merges, this far apart, all empty in a row, end the run. */
const SETTLE_POLL_MS = 200;
const SETTLE_POLLS = 15;
/**
 * An insert the engine refuses because merges hold its memory at that moment (the server's ceiling applies) is
 * tried again after this pause, with the same deduplication token, as the server's spool does.
 */
const MEMORY_RETRY_MS = 500;
const MEMORY_RETRIES = 10;

async function mergesUnderWay(store: ChdbStore): Promise<number> {
  const [row] = await store.query<{ merges: string }>('SELECT count() AS merges FROM system.merges');
  return Number(row?.merges ?? 0);
}

async function run(variantName: string, gapMs: number, files: readonly string[]): Promise<InsertRunResult> {
  const variant = variantNamed(variantName);
  if (!variant) throw new Error(`Unknown variant "${variantName}"`);
  const payloads = await Promise.all(files.map((file) => readFile(file)));
  const dir = await mkdtemp(join(tmpdir(), 'loupe-bench-insert-run-'));
  const store = new ChdbStore(join(dir, 'analytics'));
  try {
    await migrateAnalyticsStore(store);
    for (const statement of variant.statements) await store.command(statement);
    const columns = EVENT_COLUMNS.map((column) => column.name);
    const rows = payloads.reduce((sum, payload) => sum + countLines(payload), 0);
    const before = process.cpuUsage();
    let insertMs = 0;
    let memoryRetries = 0;
    for (const [index, payload] of payloads.entries()) {
      const started = performance.now();
      for (let attempt = 0; ; attempt += 1) {
        try {
          await store.insertTabSeparated('events', columns, payload, { dedupToken: `bench-insert:${index}` });
          break;
        } catch (error) {
          if (!isEngineMemoryFull(error) || attempt === MEMORY_RETRIES) throw error;
          memoryRetries += 1;
          await sleep(MEMORY_RETRY_MS);
        }
      }
      insertMs += performance.now() - started;
      await sleep(gapMs);
    }
    for (let quiet = 0; quiet < SETTLE_POLLS; ) {
      quiet = (await mergesUnderWay(store)) === 0 ? quiet + 1 : 0;
      await sleep(SETTLE_POLL_MS);
    }
    const cpu = process.cpuUsage(before);
    const [stored] = await store.query<{ rows: string }>('SELECT count() AS rows FROM events');
    const [parts] = await store.query<{ parts: string }>('SELECT count() AS parts FROM system.parts WHERE active AND database = currentDatabase()');
    return {
      variant: variant.name,
      rows,
      stored: Number(stored?.rows ?? 0),
      cpuUsPerRow: (cpu.user + cpu.system) / rows,
      insertMs: insertMs / payloads.length,
      parts: Number(parts?.parts ?? 0),
      memoryRetries,
    };
  } finally {
    await store.close();
    await rm(dir, { recursive: true, force: true });
  }
}

function countLines(payload: Buffer): number {
  let lines = 0;
  for (let at = payload.indexOf(10); at !== -1; at = payload.indexOf(10, at + 1)) lines += 1;
  return lines;
}

const [variantName, gap, ...files] = process.argv.slice(2);
run(variantName ?? '', Number(gap), files).then(
  (result) => {
    process.stdout.write(JSON.stringify(result) + '\n');
    process.exit(0);
  },
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  },
);
