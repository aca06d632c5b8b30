// The operator's commands on an embedded instance: `export` writes the same bytes as the HTTP export,
// `backup` refuses while the server holds the stores and then archives them, `restore` recreates an instance
// whose reports, export and sign-in sessions equal the original's; bad arguments exit with 2.
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, type LoupeApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { seedMigratedDataDir } from '../helpers/migrated-store.js';
import { call, createOrganization, createOrganizationKey, createSite, signUp } from '../helpers/auth-client.js';
import { runCli } from '../helpers/cli-process.js';
import { freePort } from '../helpers/server-process.js';
import { seedBotEvents, seedEvents } from '../helpers/seed-events.js';

const RANGE = 'start_date=2026-03-01&end_date=2026-03-15';
const REPORTS = [
  `/overview?${RANGE}`, `/metric?${RANGE}&parameter=pathname`, `/sessions?${RANGE}`, `/users?${RANGE}`, `/bots/overview?${RANGE}`, `/retention?${RANGE}`,
  // Session 1's recording: listed, played, and in the export with the recordings.
  `/session-replay/list?${RANGE}&time_zone=UTC`, '/session-replay/1', `/export?${RANGE}&bots=true&replays=true`,
];
const RECORDING = [
  { type: 4, data: { href: 'https://backup.example.com/', width: 1024, height: 768 }, timestamp: Date.parse('2026-03-10T10:00:00.100Z') },
  { type: 2, data: { node: { type: 0, childNodes: [], id: 1 }, initialOffset: { left: 0, top: 0 } }, timestamp: Date.parse('2026-03-10T10:00:00.200Z') },
  { type: 3, data: { source: 2, type: 2, id: 1, x: 5, y: 5 }, timestamp: Date.parse('2026-03-10T10:01:00.000Z') },
];

function openInstance(dataDir: string): Promise<LoupeApp> {
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', BASE_URL: 'http://localhost:3001', ENRICHMENT_THREAD: 'false' });
  return createApp(config, { clock: () => Date.parse('2026-03-20T12:00:00Z'), authRateLimitPerMinute: 10_000, dashboard: { buildWhenStale: false } });
}

describe('export, backup and restore commands', () => {
  const root = mkdtempSync(join(tmpdir(), 'loupe-backup-test-'));
  const original = join(root, 'original');
  const restored = join(root, 'restored');
  const archive = join(root, 'instance.tar.gz');
  let owner: { cookie: string };
  let site: number;
  let answers: Map<string, string>;
  let exported: string;
  let withReplays: string;
  let fromServer: { code: number; stdout: string; stderr: string };

  async function answersOf(app: LoupeApp): Promise<Map<string, string>> {
    const found = new Map<string, string>();
    for (const report of REPORTS) {
      const res = await call(app.app, owner, { method: 'GET', url: `/api/sites/${site}${report}` });
      expect([report, res.statusCode]).toEqual([report, 200]);
      found.set(report, res.body);
    }
    return found;
  }

  beforeAll(async () => {
    // The original starts from the run's migrated stores, as after its first start (the restore is the test).
    seedMigratedDataDir(original);
    const app = await openInstance(original);
    try {
      owner = await signUp(app.app, 'backup-owner@example.com');
      const org = await createOrganization(app.app, owner.cookie, 'backup-org');
      site = (await createSite(app.app, owner, org, { domain: 'backup.example.com' })).siteId;
      const t = { services: app.services } as Parameters<typeof seedEvents>[0];
      await seedEvents(t, site, [
        { session_id: 1, user_id: 'u1', identified_user_id: 'ann', at: '2026-03-10T10:00:00Z', pathname: '/', channel: 'Direct' },
        { session_id: 1, user_id: 'u1', identified_user_id: 'ann', at: '2026-03-10T10:02:00Z', pathname: '/pricing', channel: 'Direct' },
        { session_id: 2, user_id: 'u2', at: '2026-03-11T09:00:00Z', pathname: '/blog', channel: 'Organic Search' },
      ]);
      await seedBotEvents(t, site, [{ at: '2026-03-10T08:00:00Z', bot_name: 'Googlebot' }]);
      await app.services.analytics.insert('session_replay_batches', [{
        site_id: site, session_id: '1', batch_id: 'load-1.0', sequence: 0, first_at: '2026-03-10 10:00:00.100', last_at: '2026-03-10 10:01:00.000',
        event_count: 3, full_snapshots: 1, raw_bytes: JSON.stringify(RECORDING).length, events: JSON.stringify(RECORDING), retention_days: 3650,
      }]);
      await app.services.analytics.insert('session_replay_metadata', [{
        site_id: site, session_id: '1', session_start: '2026-03-10 10:00:00.000', user_id: 'u1', identified_user_id: 'ann', start_time: '2026-03-10 10:00:00.100',
        end_time: '2026-03-10 10:01:00.000', first_page: '2026-03-10 10:00:00.100https://backup.example.com/', user_agent: 'Mozilla/5.0', language: 'en',
        country: 'FR', region: '', city: '', lat: 0, lon: 0, browser: 'Firefox', browser_version: '128', operating_system: 'Linux', operating_system_version: '',
        device_type: 'Desktop', screen_width: 1024, screen_height: 768, hostname: 'backup.example.com', referrer: '', retention_days: 3650,
      }]);
      answers = await answersOf(app);
      expect(JSON.parse(answers.get('/session-replay/1') ?? '{}').events).toEqual(RECORDING);
      withReplays = answers.get(`/export?${RANGE}&bots=true&replays=true`) ?? '';
      expect(withReplays.split('\n').map((line) => (line === '' ? '' : (JSON.parse(line) as { table: string }).table))).toEqual(
        ['events', 'events', 'events', 'bot_events', 'session_replay_metadata', 'session_replay_batches', ''],
      );
      exported = (await call(app.app, owner, { method: 'GET', url: `/api/sites/${site}/export?${RANGE}&bots=true` })).body;
      expect(exported.split('\n')).toHaveLength(5);
      // From the running server, with an organization key.
      const key = await createOrganizationKey(app.app, owner, org, { name: 'export' });
      const port = await freePort();
      await app.app.listen({ port, host: '127.0.0.1' });
      fromServer = await runCli(['export', '--site', String(site), '--start-date', '2026-03-01', '--end-date', '2026-03-15', '--bots', '--url', `http://127.0.0.1:${port}`, '--key', key.key], { DATA_DIR: join(root, 'unused') });
      // The server holds the stores: the backup says to stop it and writes nothing.
      const busy = await runCli(['backup', '--out', archive], { DATA_DIR: original });
      expect([busy.code, busy.stdout]).toEqual([1, '']);
      expect(busy.stderr).toContain('the analytics store is in use: stop the server first');
    } finally {
      await app.close();
    }
  }, 120_000);
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('export writes what the HTTP export answers: from a running server, or from the stopped stores to a file or stdout', async () => {
    expect([fromServer.code, fromServer.stderr]).toEqual([0, '']);
    expect(fromServer.stdout).toBe(exported);
    const out = join(root, 'site.ndjson');
    const toFile = await runCli(['export', '--site', String(site), '--start-date', '2026-03-01', '--end-date', '2026-03-15', '--bots', '--out', out], { DATA_DIR: original });
    expect([toFile.code, toFile.stderr]).toEqual([0, '']);
    expect(await readFile(out, 'utf8')).toBe(exported);
    const recordings = await runCli(['export', '--site', String(site), '--start-date', '2026-03-01', '--end-date', '2026-03-15', '--bots', '--replays'], { DATA_DIR: original });
    expect([recordings.code, recordings.stderr]).toEqual([0, '']);
    expect(recordings.stdout).toBe(withReplays);
    const toStdout = await runCli(['export', '--site', String(site), '--format', 'csv'], { DATA_DIR: original });
    expect(toStdout.code).toBe(0);
    expect(toStdout.stdout.split('\r\n').map((line) => line.split(',')[0])).toEqual(['table', 'events', 'events', 'events', '']);
  });

  it('backup archives the stopped instance (owner-only); restore recreates it with the same reports, recordings, export and sessions', async () => {
    const backup = await runCli(['backup', '--out', archive], { DATA_DIR: original });
    expect([backup.code, backup.stderr]).toEqual([0, '']);
    expect(JSON.parse(backup.stdout)).toMatchObject({ archive, format: 'loupe-backup', version: 1, files: ['secrets', 'spool'] });
    expect(statSync(archive).mode & 0o777).toBe(0o600);

    const restore = await runCli(['restore', '--from', archive], { DATA_DIR: restored });
    expect([restore.code, restore.stderr]).toEqual([0, '']);
    const again = await runCli(['restore', '--from', archive], { DATA_DIR: restored });
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('already holds an instance (meta.db, analytics, secrets, spool); restore into an empty DATA_DIR');

    const app = await openInstance(restored);
    try {
      expect(await answersOf(app)).toEqual(answers);
      expect((await call(app.app, owner, { method: 'GET', url: `/api/sites/${site}/export?${RANGE}&bots=true` })).body).toBe(exported);
    } finally {
      await app.close();
    }
  });

  it.each([
    [['export'], 'export needs --site <siteId>'],
    [['export', '--site', '1', '--start-date', '2026-03-01'], 'start_date and end_date must be given together'],
    [['restore'], 'restore needs --from <file.tar.gz>'],
  ])('%j exits with 2 and says why', async (args, message) => {
    const run = await runCli(args, { DATA_DIR: join(root, 'unused') });
    expect(run.code).toBe(2);
    expect(run.stderr.split('\n')[0]).toBe(message);
  });
});
