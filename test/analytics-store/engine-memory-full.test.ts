import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChdbStore } from '../../src/platform/analytics-store/chdb-store.js';
import { registerErrorHandler } from '../../src/platform/http/error-handler.js';

// An engine whose ceiling (ANALYTICS_MEMORY_LIMIT_MB) is far below what one read needs stands for an engine whose
// memory other work holds: the read is tried three times and the request answered 503, not 500.
describe('a read that finds the embedded engine’s memory full', () => {
  let root: string;
  let store: ChdbStore;
  let app: FastifyInstance;
  const warnings: string[] = [];

  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'loupe-engine-memory-full-'));
    store = new ChdbStore(join(root, 'analytics'), { limitMb: 64, cacheMb: 8 });
    app = Fastify({ logger: { level: 'warn', stream: { write: (line: string) => void warnings.push(line) } } });
    registerErrorHandler(app);
    app.get('/distinct', async () => store.query('SELECT uniqExact(number) AS n FROM numbers(20000000)'));
    app.get('/small', async () => store.query('SELECT count() AS n FROM numbers(1000)'));
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await store.close();
    await rm(root, { recursive: true, force: true });
  });

  it('answers 503 with Retry-After and a clear error, and logs a warning naming the engine’s limit', async () => {
    const response = await app.inject({ method: 'GET', url: '/distinct' });
    expect(response.statusCode).toBe(503);
    expect(response.headers['retry-after']).toBe('2');
    expect(response.json()).toEqual({ error: 'The analytics store is short of memory for this report right now; try again shortly' });
    const logged = warnings.map((line) => JSON.parse(line) as { level: number; msg: string; err?: { engineMessage?: string } });
    const warning = logged.find((entry) => entry.msg === 'service unavailable');
    expect(warning?.level).toBe(40);
    expect(warning?.err?.engineMessage).toContain('(total) memory limit exceeded');
  });

  it('leaves the store working for the reads that fit', async () => {
    const response = await app.inject({ method: 'GET', url: '/small' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([{ n: '1000' }]);
  });
});
