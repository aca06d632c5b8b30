// kill -9 of the real server under tracking load: after a restart every acknowledged event is in the store exactly once.
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { ChdbStore } from '../../src/platform/analytics-store/chdb-store.js';
import { startServer, waitForHealth, type ServerProcess } from '../helpers/server-process.js';
import { seedMigratedDataDir } from '../helpers/migrated-store.js';
import { createTrackingFixture } from '../helpers/tracking-fixture.js';

const WORKERS = 12;
/** Load runs at least this long before the kill, so some batches are inserted and others still spooled. */
const LOAD_MS = 2_500;
const MIN_ACKED_BEFORE_KILL = 200;
/** The API key rate limit is not under test here; the load sends more than 500 keyed requests. */
const SERVER_ENV = { API_KEY_RATE_LIMIT_MAX: '1000000' };

interface Target {
  /** The public id sent as site_id. */
  readonly siteId: string;
  /** The numeric id the analytics store keys rows by. */
  readonly siteNumber: number;
  readonly key: string;
}

/** Creates the account, organization, site and key in-process, then releases DATA_DIR for the server. */
async function bootstrap(dataDir: string): Promise<Target> {
  seedMigratedDataDir(dataDir);
  const loupe = await createApp(loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' }), { authRateLimitPerMinute: 1000 });
  try {
    const fixture = await createTrackingFixture(loupe.app, 'kill-nine', 'example.com');
    return { siteId: fixture.site.id, siteNumber: fixture.site.siteId, key: fixture.key };
  } finally {
    await loupe.close();
  }
}

/** Without an acknowledgement for this long the load is stuck (e.g. every request refused) and the test fails with the reason. */
const STALL_MS = 30_000;

interface Answer {
  readonly acknowledged: boolean;
  readonly summary: string;
}

async function sendEvent(server: ServerProcess, target: Target, pathname: string): Promise<Answer> {
  const response = await fetch(`${server.baseUrl}/api/track`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${target.key}` },
    body: JSON.stringify({ site_id: target.siteId, pathname }),
  });
  const body = await response.text();
  return { acknowledged: response.status === 200 && body === '{"success":true}', summary: `${response.status} ${body}` };
}

interface Load {
  readonly acked: string[];
  readonly failed: number;
  /** Set when the load stopped because nothing was acknowledged for STALL_MS: the last refusal seen. */
  readonly stalled: string | null;
}

/** Concurrent tracking until `shouldStop`; returns the acknowledged pathnames. Requests cut off by a kill are not acknowledged. */
async function driveLoad(server: ServerProcess, target: Target, shouldStop: (acked: number) => boolean): Promise<Load> {
  const acked: string[] = [];
  let next = 0;
  let failed = 0;
  let stopping = false;
  let stalled: string | null = null;
  let lastAckAt = Date.now();
  const worker = async (): Promise<void> => {
    while (!stopping) {
      const pathname = `/e/${next++}`;
      try {
        const answer = await sendEvent(server, target, pathname);
        if (answer.acknowledged) {
          acked.push(pathname);
          lastAckAt = Date.now();
        } else if (Date.now() - lastAckAt > STALL_MS) {
          stalled = answer.summary;
          stopping = true;
        }
      } catch {
        failed += 1;
        return;
      }
      if (shouldStop(acked.length)) stopping = true;
    }
  };
  await Promise.all(Array.from({ length: WORKERS }, worker));
  return { acked, failed, stalled };
}

/** How many copies of each pathname the site has, read in this process once the server is gone. */
async function storedPathCounts(dataDir: string, siteNumber: number): Promise<Map<string, number>> {
  const store = new ChdbStore(join(dataDir, 'analytics'));
  try {
    const found = await store.query<{ pathname: string; copies: string }>(
      'SELECT pathname, count() AS copies FROM events WHERE site_id = {site:UInt32} GROUP BY pathname',
      { site: siteNumber },
    );
    return new Map(found.map((row) => [row.pathname, Number(row.copies)]));
  } finally {
    await store.close();
  }
}

describe('kill -9 of the server under load', () => {
  const dirs: string[] = [];
  const servers: ServerProcess[] = [];
  afterAll(async () => {
    for (const server of servers) if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGKILL');
    await Promise.all(servers.map((server) => server.exited()));
    await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
  });

  it('keeps every acknowledged event exactly once across SIGKILL and restart', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'loupe-kill9-server-'));
    dirs.push(dataDir);
    const target = await bootstrap(dataDir);

    const first = await startServer(dataDir, SERVER_ENV);
    servers.push(first);
    await waitForHealth(first);
    const loadStart = Date.now();
    const killed = first.exited();
    const load = await driveLoad(first, target, (acked) => {
      if (acked < MIN_ACKED_BEFORE_KILL || Date.now() - loadStart < LOAD_MS) return false;
      first.child.kill('SIGKILL');
      return true;
    });
    if (load.stalled !== null) first.child.kill('SIGKILL');
    expect(load.stalled, first.output()).toBeNull();
    expect(await killed).toEqual({ code: null, signal: 'SIGKILL' });
    expect(load.acked.length).toBeGreaterThanOrEqual(MIN_ACKED_BEFORE_KILL);
    // The kill left acknowledged rows in the spool that were not inserted yet: the restart must replay them.
    expect((await readdir(join(dataDir, 'spool', 'intake'))).length).toBeGreaterThan(0);

    const second = await startServer(dataDir, SERVER_ENV);
    servers.push(second);
    await waitForHealth(second);
    const after: string[] = [];
    for (let n = 0; n < 20; n += 1) if ((await sendEvent(second, target, `/after/${n}`)).acknowledged) after.push(`/after/${n}`);
    expect(after).toHaveLength(20);
    second.child.kill('SIGTERM');
    expect(await second.exited(), second.output()).toEqual({ code: 0, signal: null });
    expect(await readdir(join(dataDir, 'spool', 'intake'))).toEqual([]);

    const counts = await storedPathCounts(dataDir, target.siteNumber);
    const missing = [...load.acked, ...after].filter((pathname) => counts.get(pathname) !== 1);
    const duplicated = [...counts].filter(([, copies]) => copies > 1).map(([pathname]) => pathname);
    expect({ missing, duplicated }).toEqual({ missing: [], duplicated: [] });
    // Events that were sent but never acknowledged may or may not have been stored; nothing else may appear.
    const sent = new Set([...load.acked, ...after]);
    const unexpected = [...counts.keys()].filter((pathname) => !sent.has(pathname) && !/^\/e\/\d+$/.test(pathname));
    expect(unexpected).toEqual([]);
  }, 180_000);
});
