// GET /api/health/live and /api/health/ready (and the unchanged /api/health) with stores that answer, with
// migrations missing, with Redis stopped and with the metadata store closed.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type Kysely } from 'kysely';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { freePort } from '../helpers/server-process.js';

const REDIS_SERVER = '/usr/bin/redis-server';

const ALL_OK = { analytics: 'ok', metadata: 'ok', redis: 'not_configured', migrations: 'ok' };

async function probe(t: TestApp, url: string): Promise<{ status: number; body: unknown; text: string }> {
  const response = await t.app.inject({ method: 'GET', url });
  return { status: response.statusCode, body: response.json(), text: response.body };
}

describe('health probes on the embedded stores', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('answers live, ready and the compatible /api/health when everything answers', async () => {
    expect(await probe(t, '/api/health/live')).toMatchObject({ status: 200, body: { status: 'ok' } });
    expect(await probe(t, '/api/health/ready')).toMatchObject({ status: 200, body: { status: 'ready', checks: ALL_OK } });
    expect(await probe(t, '/api/health')).toMatchObject({ status: 200, body: { status: 'ok', analytics: 'ok', metadata: 'ok' } });
  });

  it('is not ready while a migration this node ships is not recorded, and ready again once it is', async () => {
    const db = t.services.metadata.db as unknown as Kysely<unknown>;
    const row = (await sql<{ version: string; applied_at: string }>`select version, applied_at from loupe_migrations order by version desc limit 1`.execute(db)).rows[0];
    if (!row) throw new Error('no metadata migration recorded');
    await sql`delete from loupe_migrations where version = ${row.version}`.execute(db);
    expect(await probe(t, '/api/health/ready')).toMatchObject({ status: 503, body: { status: 'not_ready', checks: { ...ALL_OK, migrations: 'pending' } } });
    expect((await probe(t, '/api/health/live')).status).toBe(200);
    await sql`insert into loupe_migrations (version, applied_at) values (${row.version}, ${row.applied_at})`.execute(db);
    expect((await probe(t, '/api/health/ready')).status).toBe(200);
  });
});

describe('health probes with the metadata store closed', () => {
  it('answers ready 503 naming the metadata store while live stays 200', async () => {
    const t = await createTestApp();
    try {
      await t.services.metadata.close();
      expect(await probe(t, '/api/health/ready')).toMatchObject({
        status: 503,
        body: { status: 'not_ready', checks: { analytics: 'ok', metadata: 'unavailable', redis: 'not_configured', migrations: 'unavailable' } },
      });
      expect(await probe(t, '/api/health/live')).toMatchObject({ status: 200, body: { status: 'ok' } });
      expect(await probe(t, '/api/health')).toMatchObject({ status: 503, body: { status: 'degraded', analytics: 'ok', metadata: 'unavailable' } });
    } finally {
      await t.close();
    }
  });
});

function startRedis(port: number): Promise<ChildProcess> {
  const child = spawn(REDIS_SERVER, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--requirepass', 'redis-secret-password'], { stdio: ['ignore', 'pipe', 'pipe'] });
  return new Promise((resolve, reject) => {
    let output = '';
    child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
      output += chunk;
      if (output.includes('Ready to accept connections')) resolve(child);
    });
    child.on('exit', (code) => reject(new Error(`redis-server exited with ${code}: ${output}`)));
  });
}

function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

describe.skipIf(!existsSync(REDIS_SERVER))('health probes with Redis', () => {
  it('names Redis when it stops answering, never shows REDIS_URL, and is ready again once it is back', async () => {
    const port = await freePort();
    let redis = await startRedis(port);
    const t = await createTestApp({ env: { REDIS_URL: `redis://:redis-secret-password@127.0.0.1:${port}` } });
    try {
      expect(await probe(t, '/api/health/ready')).toMatchObject({ status: 200, body: { checks: { ...ALL_OK, redis: 'ok' } } });
      await stop(redis);
      const down = await probe(t, '/api/health/ready');
      expect(down).toMatchObject({ status: 503, body: { status: 'not_ready', checks: { ...ALL_OK, redis: 'unavailable' } } });
      expect(down.text).not.toMatch(/redis-secret-password|127\.0\.0\.1/);
      expect(await probe(t, '/api/health/live')).toMatchObject({ status: 200, body: { status: 'ok' } });
      redis = await startRedis(port);
      await expect.poll(async () => (await probe(t, '/api/health/ready')).status, { timeout: 10_000, interval: 200 }).toBe(200);
    } finally {
      await t.close();
      await stop(redis);
    }
  }, 30_000);
});
