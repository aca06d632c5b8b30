// `loupe import` on hostile files, against a running server: a ZIP bomb (an entry that inflates hundreds of
// times, or more than its directory says) and NDJSON nested thousands deep stop with an error naming the
// file, and leave no import behind; a Plausible export inflating within the limits still imports.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createOrganization, createOrganizationKey, createSite, signUp } from '../helpers/auth-client.js';
import { runCli } from '../helpers/cli-process.js';
import { freePort } from '../helpers/server-process.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { zipFile } from './zip-file.js';

describe('loupe import refuses hostile files', () => {
  const dir = mkdtempSync(join(tmpdir(), 'loupe-import-limits-'));
  let t: TestApp;
  let base: string;
  let key: { key: string };
  let site: number;

  beforeAll(async () => {
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    t = await createTestApp({ clock: () => Date.parse('2026-03-10T12:00:00Z') });
    await t.app.listen({ port, host: '127.0.0.1' });
    const owner = await signUp(t.app, 'limits@example.com');
    const org = await createOrganization(t.app, owner.cookie, 'limits');
    key = await createOrganizationKey(t.app, owner, org);
    site = (await createSite(t.app, owner, org, { domain: 'limits.example.com' })).siteId;
  }, 60_000);
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const importFile = (format: string, file: string) =>
    runCli(['import', '--url', base, '--api-key', key.key, '--site', String(site), '--format', format, '--file', file], { DATA_DIR: t.dataDir });

  const header = 'date,visitors,pageviews,bounces,visits,visit_duration\n';
  const rows = (n: number) => Array.from({ length: n }, (_, i) => `2026-01-${String((i % 28) + 1).padStart(2, '0')},1,1,0,1,10\n`).join('');

  it.each([
    ['an entry inflating over 200 times its size', () => zipFile('imported_visitors_20260101_20260131.csv', Buffer.concat([Buffer.from(header), Buffer.alloc(64 * 1024 * 1024, 0x30)])), 'the entry inflates more than 200 times (not an export)'],
    ['an entry inflating past the size its directory records', () => zipFile('imported_visitors_20260101_20260131.csv', Buffer.from(header + rows(20_000)), 1000), 'the entry inflates to another size than recorded'],
  ])('refuses %s, leaving no import', async (_what, make, message) => {
    const file = join(dir, 'bomb.zip');
    writeFileSync(file, make());
    const run = await importFile('plausible_csv', file);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(`bomb.zip imported_visitors_20260101_20260131.csv: ${message}`);
    const listed = await call(t.app, key, { method: 'GET', url: `/api/sites/${site}/imports` });
    expect(listed.json()).toEqual({ data: [] });
  });

  it('imports a Plausible archive within the limits, streamed', async () => {
    const file = join(dir, 'fine.zip');
    writeFileSync(file, zipFile('imported_visitors_20260101_20260131.csv', Buffer.from(header + rows(28))));
    const run = await importFile('plausible_csv', file);
    expect([run.code, run.stderr.includes('100%')]).toEqual([0, true]);
    expect(JSON.parse(run.stdout)).toMatchObject({ rowsRead: 28, imported: 28 });
    await call(t.app, key, { method: 'DELETE', url: `/api/sites/${site}/imports/${(JSON.parse(run.stdout) as { importId: string }).importId}` });
  });

  it('refuses NDJSON nested thousands deep with its line, without crashing', async () => {
    const file = join(dir, 'deep.ndjson');
    writeFileSync(file, `{"table":"events"}\n{"props":${'['.repeat(200_000)}${']'.repeat(200_000)}}\n`);
    const run = await importFile('loupe', file);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('deep.ndjson line 2: nested deeper than 64 levels');
    const listed = await call(t.app, key, { method: 'GET', url: `/api/sites/${site}/imports` });
    expect(listed.json()).toEqual({ data: [] });
  });
});
