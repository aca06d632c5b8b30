// /api/health/ready with the analytics store on a ClickHouse server (the test stand-in) that goes away.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startClickHouseStandIn } from '../helpers/clickhouse-stand-in.js';
import { createTestApp } from '../helpers/test-app.js';

const dir = mkdtempSync(join(tmpdir(), 'loupe-probes-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('health probes with the analytics server down', () => {
  it('answers ready 503 naming the analytics store, without the server URL or its password', async () => {
    const server = await startClickHouseStandIn(join(dir, 'clickhouse'));
    const withPassword = new URL(server.url);
    withPassword.username = 'loupe';
    withPassword.password = 'clickhouse-secret-password';
    const t = await createTestApp({ env: { CLICKHOUSE_URL: withPassword.toString() } });
    try {
      const up = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(up.statusCode).toBe(200);
      await server.close();
      const down = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(down.statusCode).toBe(503);
      expect(down.json()).toEqual({ status: 'not_ready', checks: { analytics: 'unavailable', metadata: 'ok', redis: 'not_configured', migrations: 'unavailable' } });
      expect(down.body).not.toMatch(/clickhouse-secret-password|127\.0\.0\.1/);
      expect((await t.app.inject({ method: 'GET', url: '/api/health/live' })).json()).toEqual({ status: 'ok' });
      expect((await t.app.inject({ method: 'GET', url: '/api/health' })).json()).toEqual({ status: 'degraded', analytics: 'unavailable', metadata: 'ok' });
    } finally {
      await t.close();
    }
  });
});
