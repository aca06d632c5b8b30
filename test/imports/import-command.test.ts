// `loupe import` as an operator runs it: against a running server (each fixture format, exact reports,
// twice changes nothing, a bad file names its line and leaves nothing), and directly on DATA_DIR.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { call, createOrganization, createOrganizationKey, createSite, signUp } from '../helpers/auth-client.js';
import { seedMigratedDataDir } from '../helpers/migrated-store.js';
import { runCli } from '../helpers/cli-process.js';
import { freePort } from '../helpers/server-process.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { fixture, reportValues } from './import-reports.js';

interface Summary {
  importId: string;
  platform: string;
  rowsRead: number;
  imported: number;
  skipped: { total: number; reasons: Record<string, number> };
}

const range = (from: string, to: string) => `start_date=${from}&end_date=${to}&time_zone=UTC`;

describe('loupe import against a running server', () => {
  let t: TestApp;
  let base: string;
  let key: { key: string };
  let owner: { cookie: string };
  let org: string;

  const importFile = (site: number, format: string, file: string, extra: string[] = []) =>
    runCli(['import', '--url', base, '--api-key', key.key, '--site', String(site), '--format', format, '--file', fixture(file), ...extra], { DATA_DIR: t.dataDir });

  beforeAll(async () => {
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    t = await createTestApp({ clock: () => Date.parse('2026-03-10T12:00:00Z') });
    await t.app.listen({ port, host: '127.0.0.1' });
    owner = await signUp(t.app, 'cli-import@example.com');
    org = await createOrganization(t.app, owner.cookie, 'cli-import');
    key = await createOrganizationKey(t.app, owner, org);
  }, 60_000);
  afterAll(async () => t.close());

  it.each([
    ['umami', 'umami.csv', '2026-03-02', '2026-03-03', 8, {}, { sessions: 4, pageviews: 7, users: 3 }, [['/docs', 3, 3], ['/', 2, 2], ['/pricing', 2, 2]], [['', 2], ['google.com', 1], ['news.ycombinator.com', 1]]],
    ['simple_analytics', 'simple-analytics.csv', '2026-03-05', '2026-03-06', 5, {}, { sessions: 3, pageviews: 4, users: 3 }, [['/', 2, 2], ['/posts/first', 2, 2]], [['', 1], ['google.com', 1], ['twitter.com', 1]]],
    ['loupe', 'loupe.ndjson', '2026-03-04', '2026-03-04', 4, { bot_event: 1 }, { sessions: 2, pageviews: 3, users: 2 }, [['/about', 2, 2], ['/', 1, 1]], [['', 1], ['duckduckgo.com', 1]]],
    ['plausible_csv', 'plausible.zip', '2026-02-01', '2026-02-02', 14, {}, { sessions: 21, pageviews: 45, users: 18 }, [['/', 14, 21], ['/blog', 9, 24]], [['google.com', 16], ['', 5]]],
  ] as const)('imports %s (%s): the reports show what the file holds; a second run adds nothing', async (format, file, from, to, imported, skipped, overview, pages, sources) => {
    const site = (await createSite(t.app, owner, org, { domain: `cli-${format.replace('_', '-')}.example.com` })).siteId;
    const run = await importFile(site, format, file, ['--batch-size', '2']);
    expect(run.code).toBe(0);
    expect(run.stderr).toContain('100%');
    const summary = JSON.parse(run.stdout) as Summary;
    const skippedTotal = Object.values(skipped).reduce((sum: number, n) => sum + n, 0);
    expect(summary).toMatchObject({ platform: format, rowsRead: imported + skippedTotal, imported, skipped: { total: skippedTotal, reasons: skipped } });
    const values = await reportValues(t.app, key, site, range(from, to));
    expect(values.overview).toMatchObject(overview);
    expect(values.pages).toEqual(pages);
    expect(values.sources).toEqual(sources);

    const again = JSON.parse((await importFile(site, format, file)).stdout) as Summary;
    expect(again).toMatchObject({ imported: 0, skipped: { total: imported + skippedTotal, reasons: { already_imported: imported } } });
    expect(await reportValues(t.app, key, site, range(from, to))).toEqual(values);
  });

  it.each([
    ['umami', 'umami-bad-row.csv', 'error: umami-bad-row.csv line 5: created_at: Expected a time'],
    ['simple_analytics', 'simple-analytics-short-row.csv', 'error: simple-analytics-short-row.csv line 5: expected 15 cells as in the header, found 14'],
    ['plausible_csv', 'umami.csv', 'error: umami.csv: not a ZIP archive'],
  ])('stops on a bad %s file (%s) naming the line, and leaves nothing imported', async (format, file, message) => {
    const site = (await createSite(t.app, owner, org, { domain: `cli-bad-${file}`.replace(/[^a-z-]/g, '') + '.example.com' })).siteId;
    const run = await importFile(site, format, file, ['--batch-size', '2']);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(message);
    expect(run.stdout).toBe('');
    const listed = await call(t.app, key, { method: 'GET', url: `/api/sites/${site}/imports` });
    expect(listed.json()).toEqual({ data: [] });
    const values = await reportValues(t.app, key, site, range('2026-03-01', '2026-03-10'));
    expect(values.overview).toMatchObject({ sessions: 0, pageviews: 0 });
  });

  it('refuses wrong arguments with the usage', async () => {
    const run = await runCli(['import', '--site', '1', '--format', 'mixpanel', '--file', 'x.csv'], { DATA_DIR: t.dataDir });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('loupe import --site <siteId>');
  });
});

describe('loupe import on DATA_DIR (server stopped)', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'loupe-cli-import-'));
  seedMigratedDataDir(dataDir);
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', BASE_URL: 'http://localhost:3001' });
  let site = 0;

  beforeAll(async () => {
    const loupe = await createApp(config, { dashboard: { buildWhenStale: false } });
    const owner = await signUp(loupe.app, 'cli-local@example.com');
    const org = await createOrganization(loupe.app, owner.cookie, 'cli-local');
    site = (await createSite(loupe.app, owner, org, { domain: 'local.example.com' })).siteId;
    await loupe.close();
  }, 60_000);
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('imports a file straight into the stores', async () => {
    const run = await runCli(['import', '--site', String(site), '--format', 'umami', '--file', fixture('umami.csv')], { DATA_DIR: dataDir });
    expect([run.code, run.stderr.split('\n').at(-2)]).toEqual([0, expect.stringContaining('100%')]);
    expect(JSON.parse(run.stdout)).toMatchObject({ rowsRead: 8, imported: 8, skipped: { total: 0 } });
    const loupe = await createApp(config, { dashboard: { buildWhenStale: false } });
    try {
      const overview = await loupe.services.analytics.query<{ n: string }>('SELECT count() AS n FROM events WHERE site_id = {site:UInt32} AND import_id != \'\'', { site });
      expect(overview).toEqual([{ n: '8' }]);
    } finally {
      await loupe.close();
    }
    const missing = await runCli(['import', '--site', '999', '--format', 'umami', '--file', fixture('umami.csv')], { DATA_DIR: dataDir });
    expect([missing.code, missing.stderr.trim()]).toEqual([1, 'error: no site with id 999']);
  });
});
