import { spawn } from 'node:child_process';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { migrateAnalyticsStore } from '../../src/platform/analytics-store/analytics-migrations.js';
import { ChdbStore } from '../../src/platform/analytics-store/chdb-store.js';
import { projectPath } from '../../src/platform/project-path.js';
import { createEventBuffer } from '../../src/ingestion/event-buffer/event-buffer.js';
import { storedNumberCounts } from '../helpers/event-buffer/numbered-rows.js';
import type { SpoolSync } from '../../src/ingestion/event-buffer/write-ahead-log.js';

const CHILD = fileURLToPath(new URL('../helpers/event-buffer/append-until-killed.ts', import.meta.url));

interface ChildRun {
  readonly acked: number[];
  readonly signal: NodeJS.Signals | null;
}

/** Runs the appending child; `shouldKill` sees the progress after every stdout chunk and may SIGKILL it. */
function runChild(args: string[], shouldKill: (acked: number, inserted: number) => boolean): Promise<ChildRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', CHILD, ...args], {
      cwd: projectPath(),
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const acked: number[] = [];
    let inserted = 0;
    let partial = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      const lines = (partial + chunk).split('\n');
      partial = lines.pop() ?? '';
      for (const line of lines) {
        if (line.startsWith('#inserted ')) inserted = Number(line.slice(10));
        else if (line.length > 0) acked.push(Number(line));
      }
      if (child.exitCode === null && child.signalCode === null && shouldKill(acked.length, inserted)) {
        child.kill('SIGKILL');
      }
    });
    child.on('error', reject);
    child.on('close', (_code, signal) => resolve({ acked, signal }));
  });
}

async function reopenAndCount(root: string): Promise<{ counts: Map<number, number>; replayed: number }> {
  const store = new ChdbStore(join(root, 'analytics'));
  try {
    await migrateAnalyticsStore(store);
    const buffer = await createEventBuffer({
      store,
      table: 'events',
      dir: join(root, 'spool', 'events'),
      maxPendingRows: 10_000_000,
      flushIntervalMs: 50,
      maxBatchRows: 5000,
    });
    const { replayed } = buffer.counters();
    await buffer.flushAndClose();
    return { counts: await storedNumberCounts(store, 'events'), replayed };
  } finally {
    await store.close();
  }
}

function expectExactlyOnce(acked: number[], counts: Map<number, number>): void {
  const missing = acked.filter((n) => counts.get(n) !== 1);
  const duplicated = [...counts].filter(([, copies]) => copies !== 1);
  expect({ missing, duplicated }).toEqual({ missing: [], duplicated: [] });
}

describe('kill -9 of a process appending through the buffer', () => {
  let root: string;
  beforeEach(async () => {
    root = await mkdtemp(join(tmpdir(), 'loupe-kill9-'));
  });
  afterEach(async () => {
    await rm(root, { recursive: true, force: true });
  });

  it.each<SpoolSync>(['seal', 'commit'])('keeps every acknowledged row exactly once when killed mid-stream (sync: %s)', async (sync) => {
    const killAfter = 3000 + Math.floor(Math.random() * 2000);
    const run = await runChild([root, 'stream', sync], (acked, inserted) => acked >= killAfter && inserted > 0);
    expect(run.signal).toBe('SIGKILL');
    expect(run.acked.length).toBeGreaterThanOrEqual(killAfter);
    const { counts, replayed } = await reopenAndCount(root);
    expect(replayed).toBeGreaterThan(0);
    expectExactlyOnce(run.acked, counts);
    expect(await readdir(join(root, 'spool', 'events'))).toEqual([]);
  });

  it('keeps rows once when killed after an insert but before its segment was deleted', async () => {
    const run = await runChild([root, 'die-after-insert'], () => false);
    expect(run.signal).toBe('SIGKILL');
    expect((await readdir(join(root, 'spool', 'events'))).length).toBeGreaterThan(0);
    const { counts, replayed } = await reopenAndCount(root);
    expect(replayed).toBeGreaterThan(0);
    expectExactlyOnce(run.acked, counts);
  });
});
