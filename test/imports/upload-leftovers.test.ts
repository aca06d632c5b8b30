// What uploads cut short by a stop leave in DATA_DIR/import-uploads is cleared when Loupe starts again: the file of
// an upload that was being read is removed and its import deleted with the rows it had stored (as a failed upload's
// is); a folder left by an import that had completed, and entries named after no import, are removed; an import fed
// in batches by a client, which has no upload folder, is left as it was.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { call, createOrganization, createOrganizationKey, createSite, signUp } from '../helpers/auth-client.js';
import { rows } from '../helpers/analytics-rows.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { fixture, importOverHttp } from './import-reports.js';

const NOW = Date.parse('2026-03-10T12:00:00Z');

interface ListedImport { importId: string; status: string; importedEvents: number }

describe('upload leftovers at start', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'loupe-upload-leftovers-'));
  const uploads = join(dataDir, 'import-uploads');
  const apps: TestApp[] = [];
  afterAll(async () => {
    for (const app of apps) await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('removes every leftover, deletes the import whose upload was cut short with its rows, and keeps the others', async () => {
    const first = await createTestApp({ clock: () => NOW, env: { DATA_DIR: dataDir } });
    apps.push(first);
    const owner = await signUp(first.app, 'upload-leftovers@example.com');
    const org = await createOrganization(first.app, owner.cookie, 'upload-leftovers');
    const key = await createOrganizationKey(first.app, owner, org);
    const site = async (domain: string) => (await createSite(first.app, owner, org, { domain })).siteId;
    const file = readFileSync(fixture('umami.csv'));
    const fileRows = file.toString('utf8').trim().split('\n').slice(1).length;

    // Completed: every row stored and the import completed, but its folder not yet removed.
    const doneSite = await site('done.example.com');
    const done = await importOverHttp(first.app, key, doneSite, 'umami', 'umami.csv', 3);
    mkdirSync(join(uploads, done.importId), { recursive: true });
    writeFileSync(join(uploads, done.importId, 'umami.csv'), file);
    const start = async (siteId: number) =>
      ((await call(first.app, key, { method: 'POST', url: `/api/sites/${siteId}/imports`, payload: { platform: 'umami' } })).json() as { data: { importId: string } }).data.importId;

    // Cut short: the upload had stored its first batch (three rows) when the server stopped, its file in its folder.
    const cutSite = await site('cut.example.com');
    const cutId = await start(cutSite);
    const batch = await call(first.app, key, { method: 'POST', url: `/api/sites/${cutSite}/imports/${cutId}/events`, payload: { events: done.rows.slice(0, 3), isLastBatch: false } });
    expect(batch.json()).toEqual({ data: { importedEvents: 3, skippedEvents: 0, skipped: {} } });
    mkdirSync(join(uploads, cutId), { recursive: true });
    writeFileSync(join(uploads, cutId, 'umami.csv'), file);

    // Running: a client posting batches (no upload folder), half way through.
    const runningSite = await site('running.example.com');
    const runningId = await start(runningSite);
    await call(first.app, key, { method: 'POST', url: `/api/sites/${runningSite}/imports/${runningId}/events`, payload: { events: done.rows.slice(0, 4), isLastBatch: false } });

    // Entries of no import: a folder with a made-up id, a file at the top.
    mkdirSync(join(uploads, '00000000-0000-4000-8000-000000000000'), { recursive: true });
    writeFileSync(join(uploads, '00000000-0000-4000-8000-000000000000', 'export.csv'), file);
    writeFileSync(join(uploads, 'stray'), 'x');
    expect(readdirSync(uploads).sort()).toEqual(['00000000-0000-4000-8000-000000000000', cutId, done.importId, 'stray'].sort());

    await first.close();
    const second = await createTestApp({ clock: () => NOW, env: { DATA_DIR: dataDir } });
    apps.push(second);

    expect(readdirSync(uploads)).toEqual([]);
    const listed = async (siteId: number) => ((await call(second.app, key, { method: 'GET', url: `/api/sites/${siteId}/imports` })).json() as { data: ListedImport[] }).data
      .map((entry) => ({ importId: entry.importId, status: entry.status, importedEvents: entry.importedEvents }));
    expect(await listed(cutSite)).toEqual([]);
    expect(await listed(doneSite)).toEqual([{ importId: done.importId, status: 'completed', importedEvents: fileRows }]);
    expect(await listed(runningSite)).toEqual([{ importId: runningId, status: 'running', importedEvents: 4 }]);
    const stored = await rows<{ site: number; events: string }>(second,
      'SELECT site_id AS site, count() AS events FROM events WHERE site_id IN {sites:Array(UInt32)} GROUP BY site_id ORDER BY site_id',
      { sites: [cutSite, doneSite, runningSite] });
    expect(stored).toEqual([{ site: doneSite, events: String(fileRows) }, { site: runningSite, events: '4' }]);
  });
});
