// kill -9 of the real server under tracking load: after a restart every acknowledged event is in the store exactly once.
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { ChdbStore } from '../../src/platform/analytics-store/chdb-store.js';
import { KilledServers, type Answer } from '../helpers/kill-nine-load.js';
import type { ServerProcess } from '../helpers/server-process.js';
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

async function sendEvent(server: ServerProcess, target: Target, pathname: string): Promise<Answer> {
  const response = await fetch(`${server.baseUrl}/api/track`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${target.key}` },
    body: JSON.stringify({ site_id: target.siteId, pathname }),
  });
  const body = await response.text();
  return { acknowledged: response.status === 200 && body === '{"success":true}', summary: `${response.status} ${body}` };
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
  const killed = new KilledServers();
  afterAll(async () => killed.cleanUp());

  it('keeps every acknowledged event exactly once across SIGKILL and restart', async () => {
    const { dataDir, target, load } = await killed.killedRun('loupe-kill9-server-', SERVER_ENV, bootstrap, (first, target) => ({
      workers: WORKERS, loadMs: LOAD_MS, minAcked: MIN_ACKED_BEFORE_KILL, stallMs: STALL_MS,
      send: (pathname) => sendEvent(first, target, pathname), nameOf: (n) => `/e/${n}`,
    }));
    expect(load.acked.length).toBeGreaterThanOrEqual(MIN_ACKED_BEFORE_KILL);
    // The kill left acknowledged rows in the spool that were not inserted yet: the restart must replay them.
    expect((await readdir(join(dataDir, 'spool', 'intake'))).length).toBeGreaterThan(0);

    const second = await killed.start(dataDir, SERVER_ENV);
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
