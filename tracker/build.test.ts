// Builds the tracker into a temp dir: the core stays within 2,048 bytes gzipped (gzip -9), every module is
// written, the manifest describes the files exactly, and its sourceHash is stable across builds.
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execFileSync } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import { buildTracker, isBuildCurrent, TRACKER_ENTRIES, trackerSourceHash, type TrackerManifest } from './build.js';

const CORE_GZIP_BUDGET = 2048;

describe('buildTracker', () => {
  const dirs = [mkdtempSync(join(tmpdir(), 'loupe-tracker-')), mkdtempSync(join(tmpdir(), 'loupe-tracker-'))];
  afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));
  let first: TrackerManifest;

  it('keeps the core within 2,048 bytes gzipped at level 9', async () => {
    first = await buildTracker(dirs[0]);
    // The gzip command itself, reading stdin (no file name in the header), as anyone measuring would.
    const gzipped = execFileSync('gzip', ['-9', '-c'], { input: readFileSync(join(dirs[0]!, 'script.js')) });
    expect(gzipped.length).toBeLessThanOrEqual(CORE_GZIP_BUDGET);
  });

  it('writes every module and a manifest with each file size and sha256', () => {
    expect(Object.keys(first.files).sort()).toEqual(TRACKER_ENTRIES.map((entry) => `${entry}.js`).sort());
    for (const [file, entry] of Object.entries(first.files)) {
      const contents = readFileSync(join(dirs[0]!, file));
      expect(entry).toEqual({ bytes: contents.length, sha256: createHash('sha256').update(contents).digest('hex') });
    }
    expect(JSON.parse(readFileSync(join(dirs[0]!, 'manifest.json'), 'utf8'))).toEqual(first);
  });

  it('produces the same files and sourceHash on a second build', async () => {
    const second = await buildTracker(dirs[1]);
    expect(second).toEqual(first);
    expect(first.sourceHash).toMatch(/^[0-9a-f]{64}$/);
    expect(await trackerSourceHash()).toBe(first.sourceHash);
  });

  it('calls a build current (what `--if-stale` skips) only while every file matches its manifest', async () => {
    expect(await isBuildCurrent(dirs[1]!)).toBe(true);
    writeFileSync(join(dirs[1]!, 'spa.js'), 'changed');
    expect(await isBuildCurrent(dirs[1]!)).toBe(false);
    expect(await isBuildCurrent(join(dirs[1]!, 'none'))).toBe(false);
  });

  it('loads web vitals only in metrics.js, never in the core', () => {
    expect(readFileSync(join(dirs[0]!, 'script.js'), 'utf8')).not.toContain('largest-contentful-paint');
    expect(readFileSync(join(dirs[0]!, 'metrics.js'), 'utf8')).toContain('largest-contentful-paint');
  });
});
