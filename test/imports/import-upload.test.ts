// Uploading a whole export file to an import (the dashboard's imports page): the file is read on the server
// as `loupe import` reads it; the answer's counts and the reports afterwards are the file's, counted from the
// file itself; a second upload stores nothing twice; a bad line is a 400 naming it and leaves nothing, in
// whichever batch it is; a ZIP bomb and NDJSON nested too deep are refused as the mapping thread reads them; a
// file past IMPORT_UPLOAD_MAX_MB is a 413; platforms without an export file and cookie calls from another
// origin are refused.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createOrganization, createOrganizationKey, createSite, signUp } from '../helpers/auth-client.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { fixture, reportValues } from './import-reports.js';
import { zipFile } from './zip-file.js';

const range = 'start_date=2026-03-01&end_date=2026-03-10&time_zone=UTC';

interface ListedImport { importId: string; status: string; importedEvents: number; skippedEvents: number; skipped: Record<string, number> }

describe('uploading an export file to an import', () => {
  let t: TestApp;
  let key: { key: string };
  let owner: { cookie: string };
  let org: string;

  const start = async (site: number, platform: string) => {
    const res = await call(t.app, key, { method: 'POST', url: `/api/sites/${site}/imports`, payload: { platform } });
    expect(res.statusCode).toBe(200);
    return (res.json() as { data: { importId: string } }).data.importId;
  };
  const upload = (site: number, importId: string, body: Buffer, name = 'export.csv') =>
    call(t.app, key, { method: 'PUT', url: `/api/sites/${site}/imports/${importId}/file?name=${encodeURIComponent(name)}`, headers: { 'content-type': 'application/octet-stream' }, payload: body });
  const listed = async (site: number) => {
    const res = await call(t.app, key, { method: 'GET', url: `/api/sites/${site}/imports` });
    return (res.json() as { data: ListedImport[] }).data;
  };

  beforeAll(async () => {
    t = await createTestApp({ clock: () => Date.parse('2026-03-10T12:00:00Z'), env: { IMPORT_UPLOAD_MAX_MB: '1' } });
    owner = await signUp(t.app, 'import-upload@example.com');
    org = await createOrganization(t.app, owner.cookie, 'import-upload');
    key = await createOrganizationKey(t.app, owner, org);
  }, 60_000);
  afterAll(async () => t.close());

  it('imports an uploaded Umami CSV: the counts of the file, the import completed, the reports as the file holds them', async () => {
    const site = (await createSite(t.app, owner, org, { domain: 'upload.example.com' })).siteId;
    const file = readFileSync(fixture('umami.csv'));
    const lines = file.toString('utf8').trim().split('\n').slice(1);
    const importId = await start(site, 'umami');
    const res = await upload(site, importId, file, 'umami.csv');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { importId, rowsRead: lines.length, importedEvents: lines.length, skippedEvents: 0, skipped: {} } });
    expect(await listed(site)).toMatchObject([{ importId, status: 'completed', importedEvents: lines.length, skippedEvents: 0 }]);
    const pageviews = lines.filter((line) => line.replace(/"(?:[^"]|"")*"/g, '').split(',')[17] === '1').length;
    expect(pageviews).toBe(7);
    const values = await reportValues(t.app, key, site, range);
    expect(values.overview).toMatchObject({ pageviews, sessions: 4, users: 3 });

    // The same file again, into a second import: every row is recognised and skipped.
    const again = await start(site, 'umami');
    const second = await upload(site, again, file, 'umami.csv');
    expect(second.json()).toEqual({ data: { importId: again, rowsRead: lines.length, importedEvents: 0, skippedEvents: lines.length, skipped: { already_imported: lines.length } } });
    expect((await reportValues(t.app, key, site, range)).overview).toEqual(values.overview);

    // A completed import takes no more files.
    const late = await upload(site, importId, file);
    expect(late.statusCode).toBe(400);
    expect(late.json()).toMatchObject({ error: 'Import is already complete' });
  });

  it('refuses a file with a bad line, naming the file and the line, and keeps nothing of it', async () => {
    const site = (await createSite(t.app, owner, org, { domain: 'bad-upload.example.com' })).siteId;
    const importId = await start(site, 'umami');
    const res = await upload(site, importId, readFileSync(fixture('umami-bad-row.csv')), 'umami-bad-row.csv');
    expect(res.statusCode).toBe(400);
    expect((res.json() as { error: string }).error).toMatch(/^umami-bad-row\.csv line 5: created_at: .+ \(the import was deleted: nothing of the file was kept\)$/);
    expect(await listed(site)).toEqual([]);
    expect((await reportValues(t.app, key, site, range)).overview).toMatchObject({ pageviews: 0, sessions: 0 });
  });

  it('reads a file of several batches on the mapping thread: every row counted once; a bad row of the second batch is named by its line and nothing stays', async () => {
    const site = (await createSite(t.app, owner, org, { domain: 'batches-upload.example.com' })).siteId;
    const row = (i: number) => `2026-03-0${1 + (i % 9)}T10:${String(i % 60).padStart(2, '0')}:00.000Z,s${i % 700},/p${i}\n`;
    const file = (count: number, badRow = -1) =>
      Buffer.from(`added_iso,session_id,path\n${Array.from({ length: count }, (_, i) => (i === badRow ? row(i).replace(/^[^,]+/, 'yesterday') : row(i))).join('')}`);
    // 12,001 rows: batches of 5,000, 5,000 and 2,001.
    const importId = await start(site, 'simple_analytics');
    const res = await upload(site, importId, file(12_001), 'sa.csv');
    expect(res.json()).toEqual({ data: { importId, rowsRead: 12_001, importedEvents: 12_001, skippedEvents: 0, skipped: {} } });
    expect((await reportValues(t.app, key, site, range)).overview).toMatchObject({ pageviews: 12_001 });
    await call(t.app, key, { method: 'DELETE', url: `/api/sites/${site}/imports/${importId}` });

    // 22,001 rows, row 7,500 (line 7,502: the header is line 1) without a valid time: the second batch is refused,
    // the first goes with the import, and the file's reading stops there.
    const refused = await start(site, 'simple_analytics');
    const answer = await upload(site, refused, file(22_001, 7_500), 'sa.csv');
    expect(answer.statusCode).toBe(400);
    expect((answer.json() as { error: string }).error).toMatch(/^sa\.csv line 7502: added_iso: .+ \(the import was deleted: nothing of the file was kept\)$/);
    expect(await listed(site)).toEqual([]);
    expect((await reportValues(t.app, key, site, range)).overview).toMatchObject({ pageviews: 0, sessions: 0 });
  });

  it.each([
    ['a ZIP entry inflating over 200 times its size', 'plausible_csv', 'bomb.zip', () => zipFile('imported_visitors_20260101_20260131.csv', Buffer.concat([Buffer.from('date,visitors\n'), Buffer.alloc(64 * 1024 * 1024, 0x30)])),
      'bomb.zip imported_visitors_20260101_20260131.csv: the entry inflates more than 200 times (not an export)'],
    ['NDJSON nested thousands deep', 'loupe', 'deep.ndjson', () => Buffer.from(`{"table":"events"}\n{"props":${'['.repeat(200_000)}${']'.repeat(200_000)}}\n`),
      'deep.ndjson line 2: nested deeper than 64 levels'],
  ])('refuses %s as the file is read, naming its place, and deletes the import', async (_what, platform, name, make, message) => {
    const site = (await createSite(t.app, owner, org, { domain: `hostile-${platform.replace('_', '-')}.example.com` })).siteId;
    const importId = await start(site, platform);
    const res = await upload(site, importId, make(), name);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: `${message} (the import was deleted: nothing of the file was kept)` });
    expect(await listed(site)).toEqual([]);
  });

  it('refuses a file past the upload limit with a 413 and deletes the import', async () => {
    const site = (await createSite(t.app, owner, org, { domain: 'big-upload.example.com' })).siteId;
    const importId = await start(site, 'umami');
    const res = await upload(site, importId, Buffer.alloc(1024 * 1024 + 1, 'a'));
    expect(res.statusCode).toBe(413);
    expect((res.json() as { error: string }).error).toContain('larger than the upload limit of 1 MB');
    expect(await listed(site)).toEqual([]);
  });

  it('refuses a platform without an export file, another content type, a bad name and a cookie call from another origin', async () => {
    const site = (await createSite(t.app, owner, org, { domain: 'odd-upload.example.com' })).siteId;
    const raw = await start(site, 'plausible');
    const noFile = await upload(site, raw, Buffer.from('{}'));
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json()).toMatchObject({ error: 'The platform plausible has no export file to upload; post its rows in batches' });

    const importId = await start(site, 'umami');
    const asJson = await call(t.app, key, { method: 'PUT', url: `/api/sites/${site}/imports/${importId}/file`, headers: { 'content-type': 'application/json' }, payload: '{}' });
    expect(asJson.statusCode).toBe(400);
    for (const name of ['../../etc/passwd', '..', '.hidden']) expect((await upload(site, importId, Buffer.from('x'), name)).statusCode).toBe(400);
    const foreign = await call(t.app, owner, {
      method: 'PUT', url: `/api/sites/${site}/imports/${importId}/file`, headers: { 'content-type': 'application/octet-stream', origin: 'https://evil.example' }, payload: Buffer.from('x'),
    });
    expect(foreign.statusCode).toBe(403);
    // Both are still running and empty (the frozen clock starts them at the same instant: their order is not asserted).
    const after = await listed(site);
    expect(after.map((entry) => [entry.importId, entry.status, entry.importedEvents]).sort()).toEqual([[importId, 'running', 0], [raw, 'running', 0]].sort());
  });
});
