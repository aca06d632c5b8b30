// The runtime data folder: created owner-only with everything in it, tightened when an earlier folder was
// open, and free of source files (a cleared DATA_DIR starts like a new one; the catalogs live elsewhere).
import { afterAll, describe, expect, it } from 'vitest';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { projectPath } from '../../src/platform/project-path.js';
import { startServer, waitForHealth, type ServerProcess } from '../helpers/server-process.js';

const dirs: string[] = [];
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

function parentDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'loupe-data-dir-'));
  chmodSync(dir, 0o755);
  dirs.push(dir);
  return dir;
}

/** Every path under `root` (itself included) with its permission bits, as `relative path: octal mode`. */
function modesUnder(root: string): Map<string, number> {
  const modes = new Map<string, number>([['.', statSync(root).mode & 0o777]]);
  const walk = (dir: string, prefix: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      const name = prefix ? `${prefix}/${entry.name}` : entry.name;
      modes.set(name, statSync(path).mode & 0o777);
      if (entry.isDirectory()) walk(path, name);
    }
  };
  walk(root, '');
  return modes;
}

async function runOnce(dataDir: string): Promise<ServerProcess> {
  const server = await startServer(dataDir);
  await waitForHealth(server);
  const tracked = await fetch(`${server.baseUrl}/api/track`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/130.0 Safari/537.36' },
    body: JSON.stringify({ site_id: 'nosuchsite01', pathname: '/' }),
  });
  expect(tracked.status).toBe(404);
  server.child.kill('SIGTERM');
  expect((await server.exited()).code).toBe(0);
  return server;
}

describe('DATA_DIR', () => {
  it('is created owner-only, with every folder 0700 and every file 0600, by a server started on a missing path', async () => {
    const dataDir = join(parentDir(), 'nested', 'data');
    await runOnce(dataDir);
    const modes = modesUnder(dataDir);
    for (const expected of ['meta.db', 'analytics', 'spool', 'secrets', 'secrets/auth-secret']) expect(modes.has(expected)).toBe(true);
    expect(modes.size).toBeGreaterThan(20);
    const open = [...modes].filter(([, mode]) => (mode & 0o077) !== 0).map(([path, mode]) => `${path} ${mode.toString(8)}`);
    expect(open).toEqual([]);
  });

  it('takes group and other access away from a folder and files an earlier start left open', async () => {
    const dataDir = join(parentDir(), 'data');
    mkdirSync(dataDir, { mode: 0o755 });
    chmodSync(dataDir, 0o755);
    writeFileSync(join(dataDir, 'notes.txt'), 'left by hand\n', { mode: 0o644 });
    chmodSync(join(dataDir, 'notes.txt'), 0o644);
    await runOnce(dataDir);
    expect(statSync(dataDir).mode & 0o777).toBe(0o700);
    expect(statSync(join(dataDir, 'notes.txt')).mode & 0o777).toBe(0o600);
  });

  it('holds no source: the catalogs live in the project\'s catalogs/ folder, and a cleared folder starts like a new one', async () => {
    const catalogs = ['ai-operators.json', 'bot-asns.json', 'channel-sources.json', 'header-heuristics.json', 'headless-signals.json', 'known-bots.json'];
    expect(readdirSync(projectPath('catalogs')).filter((name) => catalogs.includes(name)).sort()).toEqual(catalogs);
    const defaultDataDir = projectPath('data');
    const sourcesInDefault = existsSync(defaultDataDir) ? readdirSync(defaultDataDir).filter((name) => catalogs.includes(name)) : [];
    expect(sourcesInDefault).toEqual([]);

    const dataDir = join(parentDir(), 'data');
    await runOnce(dataDir);
    rmSync(dataDir, { recursive: true });
    mkdirSync(dataDir);
    const again = await runOnce(dataDir);
    expect(again.output()).not.toMatch(/ENOENT|invalid/);
    expect(existsSync(join(dataDir, 'meta.db'))).toBe(true);
  });
});
