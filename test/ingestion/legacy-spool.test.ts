// A data directory from a version that spooled enriched rows per table (spool/events, spool/bot_events):
// the rows it acknowledged but had not inserted are stored once at the next start.
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createApp, type LoupeApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { newSegmentName } from '../../src/ingestion/event-buffer/segment-file.js';
import { rows } from '../helpers/analytics-rows.js';
import { seedMigratedDataDir } from '../helpers/migrated-store.js';

const EVENT = { site_id: 41, timestamp: '2026-04-01 10:00:00.000', event_id: '3f1c2a4e-3b7d-4e8f-9a0b-1c2d3e4f5a61', session_id: '77', user_id: 'a1b2c3d4e5f6', type: 'pageview', pathname: '/legacy' };
const BOT = { site_id: 41, timestamp: '2026-04-01 10:00:01.000', event_id: '3f1c2a4e-3b7d-4e8f-9a0b-1c2d3e4f5a62', type: 'pageview', pathname: '/legacy-bot', user_agent: 'curl/8.5.0', ua_pattern: 1 };

describe('spools of an earlier version', () => {
  const dirs: string[] = [];
  const apps: LoupeApp[] = [];
  afterAll(async () => {
    for (const app of apps) await app.close();
    await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
  });

  it('inserts the rows left in spool/events and spool/bot_events once, and empties both', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'loupe-legacy-spool-'));
    seedMigratedDataDir(dataDir);
    dirs.push(dataDir);
    for (const [table, row] of [['events', EVENT], ['bot_events', BOT]] as const) {
      await mkdir(join(dataDir, 'spool', table), { recursive: true });
      await writeFile(join(dataDir, 'spool', table, newSegmentName(Date.now(), 0)), JSON.stringify(row) + '\n');
    }
    const loupe = await createApp(loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', ENRICHMENT_THREAD: 'false' }));
    apps.push(loupe);
    expect(await rows(loupe, 'SELECT pathname, toString(session_id) AS session FROM events WHERE site_id = 41')).toEqual([{ pathname: '/legacy', session: '77' }]);
    expect(await rows(loupe, 'SELECT pathname, ua_pattern FROM bot_events WHERE site_id = 41')).toEqual([{ pathname: '/legacy-bot', ua_pattern: 1 }]);
    expect([await readdir(join(dataDir, 'spool', 'events')), await readdir(join(dataDir, 'spool', 'bot_events'))]).toEqual([[], []]);
  });
});
