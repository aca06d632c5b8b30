// kill -9 of the real server while it takes replay batches: after a restart every acknowledged batch is stored
// exactly once and plays back, like tracking calls (kill-nine-server.test.ts).
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { ChdbStore } from '../../src/platform/analytics-store/chdb-store.js';
import { pageStart } from '../helpers/replay-batches.js';
import { KilledServers, type Answer } from '../helpers/kill-nine-load.js';
import type { ServerProcess } from '../helpers/server-process.js';
import { createTrackingFixture } from '../helpers/tracking-fixture.js';

const WORKERS = 6;
/** Load runs at least this long before the kill, so some segments are inserted and others still spooled. */
const LOAD_MS = 2_500;
const MIN_ACKED_BEFORE_KILL = 60;
const SERVER_ENV = { API_KEY_RATE_LIMIT_MAX: '1000000' };
const STALL_MS = 30_000;
/** Markup that makes each batch about as large as a small page's full snapshot. */
const FILLER = 'Lorem ipsum dolor sit amet. '.repeat(400);

interface Target {
  readonly siteNumber: number;
  readonly key: string;
}

async function bootstrap(dataDir: string): Promise<Target> {
  const loupe = await createApp(loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' }), { authRateLimitPerMinute: 1000 });
  try {
    const fixture = await createTrackingFixture(loupe.app, 'replay-kill', 'example.com', { sessionReplay: true });
    return { siteNumber: fixture.site.siteId, key: fixture.key };
  } finally {
    await loupe.close();
  }
}

async function sendBatch(server: ServerProcess, target: Target, batchId: string): Promise<Answer> {
  const now = Date.now();
  const body = { userId: '', events: pageStart(now, `https://example.com/${batchId}`, `${batchId} ${FILLER}`), metadata: { pageUrl: `https://example.com/${batchId}` }, batchId, sequence: 0 };
  const response = await fetch(`${server.baseUrl}/api/session-replay/record/${target.siteNumber}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${target.key}` },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  return { acknowledged: response.status === 200 && text === '{"success":true}', summary: `${response.status} ${text}` };
}

/** Rows per batch id in each replay table, read in this process once the server is gone. */
async function storedCopies(dataDir: string, siteNumber: number): Promise<{ batches: Map<string, number>; playable: number }> {
  const store = new ChdbStore(join(dataDir, 'analytics'));
  try {
    const found = await store.query<{ batch_id: string; copies: string }>(
      'SELECT batch_id, count() AS copies FROM session_replay_batches WHERE site_id = {site:UInt32} GROUP BY batch_id',
      { site: siteNumber },
    );
    const sessions = await store.query<{ n: string }>('SELECT count(DISTINCT session_id) AS n FROM session_replay_metadata WHERE site_id = {site:UInt32}', { site: siteNumber });
    return { batches: new Map(found.map((row) => [row.batch_id, Number(row.copies)])), playable: Number(sessions[0]?.n ?? 0) };
  } finally {
    await store.close();
  }
}

describe('kill -9 of the server during replay ingest', () => {
  const killed = new KilledServers();
  afterAll(async () => killed.cleanUp());

  it('keeps every acknowledged batch exactly once across SIGKILL and restart', async () => {
    const { dataDir, target, load } = await killed.killedRun('loupe-kill9-replay-', SERVER_ENV, bootstrap, (first, target) => ({
      workers: WORKERS, loadMs: LOAD_MS, minAcked: MIN_ACKED_BEFORE_KILL, stallMs: STALL_MS,
      send: (batchId) => sendBatch(first, target, batchId), nameOf: (n) => `b.${n}`,
    }));
    // Acknowledged batches were left in the replay spool: the restart must deliver them.
    expect((await readdir(join(dataDir, 'spool', 'replay'))).length).toBeGreaterThan(0);

    const second = await killed.start(dataDir, SERVER_ENV);
    const after: string[] = [];
    for (let n = 0; n < 5; n += 1) if ((await sendBatch(second, target, `after.${n}`)).acknowledged) after.push(`after.${n}`);
    expect(after).toHaveLength(5);
    second.child.kill('SIGTERM');
    expect(await second.exited(), second.output()).toEqual({ code: 0, signal: null });
    expect(await readdir(join(dataDir, 'spool', 'replay'))).toEqual([]);

    const { batches, playable } = await storedCopies(dataDir, target.siteNumber);
    const missing = [...load.acked, ...after].filter((batchId) => batches.get(batchId) !== 1);
    const duplicated = [...batches].filter(([, copies]) => copies > 1).map(([batchId]) => batchId);
    expect({ missing, duplicated }).toEqual({ missing: [], duplicated: [] });
    const sent = new Set([...load.acked, ...after]);
    expect([...batches.keys()].filter((batchId) => !sent.has(batchId) && !/^b\.\d+$/.test(batchId))).toEqual([]);
    expect(playable).toBeGreaterThanOrEqual(1);
  }, 180_000);
});
