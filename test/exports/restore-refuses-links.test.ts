// `restore` from a crafted archive: a symbolic link, a hard link or a FIFO among its members refuses the whole
// archive before anything reaches DATA_DIR (a link there would point the instance's files, which the next
// start chmods, at other files of the host).
import { execFileSync } from 'node:child_process';
import { existsSync, linkSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli-process.js';

const root = mkdtempSync(join(tmpdir(), 'loupe-restore-links-'));

/** A backup's layout (manifest, meta.db, analytics/) plus `plant(dir)`'s member, packed as `name`. */
function craftedArchive(name: string, plant: (dir: string) => void): string {
  const dir = join(root, `${name}-src`);
  mkdirSync(join(dir, 'analytics'), { recursive: true });
  writeFileSync(join(dir, 'manifest.json'), JSON.stringify({ format: 'loupe-backup', version: 1, createdAt: '2026-03-01T00:00:00Z', files: ['secrets'] }));
  writeFileSync(join(dir, 'meta.db'), '');
  plant(dir);
  const archive = join(root, `${name}.tar.gz`);
  execFileSync('tar', ['-czf', archive, '-C', dir, '.']);
  return archive;
}

describe('restore refuses links and special files', () => {
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const outside = join(root, 'outside-target');
  writeFileSync(outside, 'not Loupe\'s');

  it.each([
    ['a symbolic link', (dir: string) => symlinkSync(outside, join(dir, 'secrets'))],
    ['a symbolic link in a folder', (dir: string) => { mkdirSync(join(dir, 'spool')); symlinkSync('/etc', join(dir, 'spool', 'etc')); }],
    ['a hard link', (dir: string) => { writeFileSync(join(dir, 'secrets'), 'x'); linkSync(join(dir, 'secrets'), join(dir, 'analytics', 'copy')); }],
    ['a FIFO', (dir: string) => execFileSync('mkfifo', [join(dir, 'secrets')])],
  ])('refuses %s and leaves DATA_DIR empty', async (what, plant) => {
    const archive = craftedArchive(what.replace(/\W+/g, '-'), plant);
    const dataDir = join(root, `data-${what.replace(/\W+/g, '-')}`);
    mkdirSync(dataDir);
    const run = await runCli(['restore', '--from', archive], { DATA_DIR: dataDir });
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/the archive holds .*(only regular files and folders are restored|not a regular file or folder)/);
    expect(existsSync(join(dataDir, 'meta.db'))).toBe(false);
    expect(existsSync(join(dataDir, 'analytics'))).toBe(false);
    expect(readdirSync(dataDir).some((entry) => lstatSync(join(dataDir, entry)).isSymbolicLink())).toBe(false);
  });
});
