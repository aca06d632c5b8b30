// The start-up freshness check: a missing, stale or damaged tracker/dist is rebuilt (and logged), a fresh one is only read.
import { createHash } from 'node:crypto';
import { appendFileSync, cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { ensureFreshBundle, type TrackerBuildLocation } from '../../src/tracker-assets/ensure-fresh-bundle.js';
import { projectTrackerLocation } from '../../src/tracker-assets/tracker-assets-module.js';
import type { TrackerManifest } from '../../src/tracker-assets/tracker-manifest.js';
import { trackerSourceHash } from '../../src/tracker-assets/tracker-source-hash.js';
import { projectPath } from '../../src/platform/project-path.js';
import { createTestApp } from '../helpers/test-app.js';

const root = mkdtempSync(join(tmpdir(), 'loupe-tracker-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const project = projectTrackerLocation();
let workDir: string;
let location: TrackerBuildLocation;
let builds: string[];
let logs: { level: string; details: object; message: string }[];
const log = {
  info: (details: object, message: string) => logs.push({ level: 'info', details, message }),
  warn: (details: object, message: string) => logs.push({ level: 'warn', details, message }),
};

/** A build of the copy's sources without esbuild: each entry's text becomes its file. */
async function fakeBuild(outDir: string): Promise<TrackerManifest> {
  builds.push(outDir);
  mkdirSync(outDir, { recursive: true });
  const files: TrackerManifest['files'] = {};
  for (const entry of ['script', 'metrics']) {
    const bytes = readFileSync(join(location.trackerDir, 'src', 'entries', `${entry}.ts`));
    writeFileSync(join(outDir, `${entry}.js`), bytes);
    files[`${entry}.js`] = { bytes: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex') };
  }
  const manifest = { files, sourceHash: trackerSourceHash(location) };
  writeFileSync(join(outDir, 'manifest.json'), JSON.stringify(manifest));
  return manifest;
}

beforeEach(() => {
  workDir = mkdtempSync(join(root, 'case-'));
  const trackerDir = join(workDir, 'tracker');
  cpSync(join(project.trackerDir, 'src'), join(trackerDir, 'src'), { recursive: true });
  cpSync(join(project.trackerDir, 'build.ts'), join(trackerDir, 'build.ts'));
  location = { trackerDir, nodeModulesDir: project.nodeModulesDir, distDir: join(trackerDir, 'dist'), build: fakeBuild };
  builds = [];
  logs = [];
});

function manifestOnDisk(): TrackerManifest {
  return JSON.parse(readFileSync(join(location.distDir, 'manifest.json'), 'utf8')) as TrackerManifest;
}

describe('ensureFreshBundle', () => {
  it('builds a missing bundle beside dist, installs it and logs why; the next start only reads it', async () => {
    const first = await ensureFreshBundle(location, log);
    expect(first.rebuilt).toBe(true);
    expect(builds).toHaveLength(1);
    expect(builds[0]).toMatch(/\/tracker\/dist\.building-\d+-[0-9a-f]{8}$/);
    expect(readdirSync(location.trackerDir).sort()).toEqual(['build.ts', 'dist', 'src']);
    expect(manifestOnDisk()).toEqual(first.manifest);
    expect(first.files.get('script.js')?.equals(readFileSync(join(location.trackerDir, 'src', 'entries', 'script.ts')))).toBe(true);
    expect(logs.map((line) => [line.level, line.message])).toEqual([['info', 'building the tracking script'], ['info', 'tracking script built']]);
    expect(logs[0]?.details).toEqual({ reason: 'missing', distDir: location.distDir });

    const second = await ensureFreshBundle(location, log);
    expect(second.rebuilt).toBe(false);
    expect(builds).toHaveLength(1);
    expect(second.manifest).toEqual(first.manifest);
  });

  it('rebuilds when a source file changes, one is added, or the manifest records another hash', async () => {
    await ensureFreshBundle(location, log);
    appendFileSync(join(location.trackerDir, 'src', 'entries', 'script.ts'), '\n// touched\n');
    expect((await ensureFreshBundle(location, log)).rebuilt).toBe(true);
    expect(logs.at(-2)?.details).toEqual({ reason: 'stale', distDir: location.distDir });
    expect(manifestOnDisk().files['script.js']?.sha256).toBe(createHash('sha256').update(readFileSync(join(location.trackerDir, 'src', 'entries', 'script.ts'))).digest('hex'));

    writeFileSync(join(location.trackerDir, 'src', 'new-module.ts'), 'export {};\n');
    expect((await ensureFreshBundle(location, log)).rebuilt).toBe(true);

    writeFileSync(join(location.distDir, 'manifest.json'), JSON.stringify({ ...manifestOnDisk(), sourceHash: 'an-older-build' }));
    expect((await ensureFreshBundle(location, log)).rebuilt).toBe(true);
    expect(manifestOnDisk().sourceHash).toBe(trackerSourceHash(location));
    expect(builds).toHaveLength(4);
    expect((await ensureFreshBundle(location, log)).rebuilt).toBe(false);
  });

  it('rebuilds when esbuild, web-vitals or rrweb is another version', async () => {
    await ensureFreshBundle(location, log);
    const nodeModulesDir = join(workDir, 'node_modules');
    for (const name of ['esbuild', 'web-vitals', 'rrweb']) {
      mkdirSync(join(nodeModulesDir, name), { recursive: true });
      cpSync(join(project.nodeModulesDir, name, 'package.json'), join(nodeModulesDir, name, 'package.json'));
    }
    expect((await ensureFreshBundle({ ...location, nodeModulesDir }, log)).rebuilt).toBe(false);
    const manifest = JSON.parse(readFileSync(join(nodeModulesDir, 'web-vitals', 'package.json'), 'utf8')) as { version: string };
    writeFileSync(join(nodeModulesDir, 'web-vitals', 'package.json'), JSON.stringify({ ...manifest, version: `${manifest.version}-next` }));
    expect((await ensureFreshBundle({ ...location, nodeModulesDir }, log)).rebuilt).toBe(true);
  });

  it('rebuilds a damaged bundle: a changed file, a missing file, a malformed manifest', async () => {
    await ensureFreshBundle(location, log);
    appendFileSync(join(location.distDir, 'metrics.js'), ';');
    expect((await ensureFreshBundle(location, log)).rebuilt).toBe(true);
    expect(logs.at(-2)?.details).toEqual({ reason: 'damaged', distDir: location.distDir });
    rmSync(join(location.distDir, 'script.js'));
    expect((await ensureFreshBundle(location, log)).rebuilt).toBe(true);
    writeFileSync(join(location.distDir, 'manifest.json'), '{"files":{"../x.js":{"bytes":1,"sha256":"00"}},"sourceHash":"x"}');
    expect((await ensureFreshBundle(location, log)).rebuilt).toBe(true);
    expect(logs.at(-2)?.details).toEqual({ reason: 'missing', distDir: location.distDir });
    expect(builds).toHaveLength(4);
  });

  it('lets two starts at once both finish with a complete bundle', async () => {
    const [a, b] = await Promise.all([ensureFreshBundle(location, log), ensureFreshBundle(location, log)]);
    expect(a.manifest).toEqual(b.manifest);
    expect(manifestOnDisk()).toEqual(a.manifest);
    expect(readdirSync(location.trackerDir).sort()).toEqual(['build.ts', 'dist', 'src']);
    expect((await ensureFreshBundle(location, log)).rebuilt).toBe(false);
  });

  it('serves an intact build without its sources, and refuses to start with neither', async () => {
    await ensureFreshBundle(location, log);
    rmSync(join(location.trackerDir, 'src'), { recursive: true });
    const shipped = await ensureFreshBundle(location, log);
    expect(shipped.rebuilt).toBe(false);
    expect(logs.at(-1)).toEqual({ level: 'warn', message: 'tracker sources not found: serving the built files without a freshness check', details: { trackerDir: location.trackerDir } });
    rmSync(location.distDir, { recursive: true });
    await expect(ensureFreshBundle(location, log)).rejects.toThrow(`the tracking script is neither built in ${location.distDir} nor buildable: ${location.trackerDir} has no sources`);
    expect(builds).toHaveLength(1);
  });

  it('warns when the build records a source hash other than the one the server computes', async () => {
    const build = async (outDir: string) => {
      const manifest = await fakeBuild(outDir);
      const other = { ...manifest, sourceHash: 'computed-another-way' };
      writeFileSync(join(outDir, 'manifest.json'), JSON.stringify(other));
      return other;
    };
    await ensureFreshBundle({ ...location, build }, log);
    expect(logs.find((line) => line.level === 'warn')).toEqual({
      level: 'warn', message: 'tracker build records another source hash: every start will rebuild',
      details: { built: 'computed-another-way', expected: trackerSourceHash(location) },
    });
  });
});

describe('a server started on a stale bundle', () => {
  it('rebuilds it with the project build (and logs it), then serves the new files', async () => {
    const distDir = join(mkdtempSync(join(root, 'dist-')), 'dist');
    cpSync(project.distDir, distDir, { recursive: true });
    const stale = JSON.parse(readFileSync(join(distDir, 'manifest.json'), 'utf8')) as TrackerManifest;
    writeFileSync(join(distDir, 'manifest.json'), JSON.stringify({ ...stale, sourceHash: 'an-older-build' }));
    writeFileSync(join(distDir, 'script.js'), 'old script');
    const lines: string[] = [];
    const t = await createTestApp({ trackerLocation: { distDir }, env: { LOG_LEVEL: 'info' }, logDestination: { write: (line) => lines.push(line) } });
    try {
      const rebuilt = JSON.parse(readFileSync(join(distDir, 'manifest.json'), 'utf8')) as TrackerManifest;
      expect(rebuilt.sourceHash).toBe(trackerSourceHash(project));
      const res = await t.app.inject({ method: 'GET', url: '/api/script.js' });
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload.equals(readFileSync(join(distDir, 'script.js')))).toBe(true);
      expect(res.body).not.toBe('old script');
      expect(createHash('sha256').update(res.rawPayload).digest('hex')).toBe(rebuilt.files['script.js']?.sha256);
      const building = lines.map((line) => JSON.parse(line) as { msg: string; reason?: string }).find((line) => line.msg === 'building the tracking script');
      expect(building?.reason).toBe('stale');
    } finally {
      await t.close();
    }
  });
});

describe("the project's tracker build", () => {
  it('runs tracker/build.ts in a child process and answers the manifest it wrote, matching the files', async () => {
    const outDir = join(root, 'child-build');
    const manifest = await project.build(outDir);
    expect(manifest.sourceHash).toBe(trackerSourceHash(project));
    expect(Object.keys(manifest.files)).toContain('script.js');
    for (const [file, described] of Object.entries(manifest.files)) {
      const bytes = readFileSync(join(outDir, file));
      expect([file, bytes.length, createHash('sha256').update(bytes).digest('hex')]).toEqual([file, described.bytes, described.sha256]);
    }
  }, 60_000);

  it('rejects with the script\'s error output when the build fails', async () => {
    const { runBuildScript } = await import('../../src/platform/build-freshness/run-build-script.js');
    const broken = join(root, 'broken-build.ts');
    writeFileSync(broken, "throw new Error('no such entry: planted');\n");
    await expect(runBuildScript(broken, join(root, 'never'), projectPath())).rejects.toThrow(/broken-build\.ts failed \(exit 1\): [\s\S]*no such entry: planted/);
  }, 60_000);
});
