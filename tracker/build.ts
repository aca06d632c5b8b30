// Builds the tracking script: one minified IIFE per entry (the core script.js and its lazily loaded modules)
// into tracker/dist, with manifest.json giving each file's size and sha256 and a hash of everything it came from.
import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, version as esbuildVersion } from 'esbuild';
import { isTrackerBuildCurrent } from '../src/tracker-assets/ensure-fresh-bundle.js';

export interface TrackerFile {
  readonly bytes: number;
  readonly sha256: string;
}

export interface TrackerManifest {
  readonly files: Record<string, TrackerFile>;
  readonly sourceHash: string;
}

const TRACKER_DIR = dirname(fileURLToPath(import.meta.url));
const SOURCE_DIR = join(TRACKER_DIR, 'src');
export const DEFAULT_OUT_DIR = join(TRACKER_DIR, 'dist');

/** The core first; every other entry is a module the core loads only when the site enables it. */
export const TRACKER_ENTRIES = ['script', 'patterns', 'spa', 'metrics', 'errors', 'interactions', 'engage', 'replay'] as const;

/** Keys of TagConfig (tracker/src/tag-config.ts), internal to the core bundle. */
const MANGLED_KEYS = /^(site|ns|api|dir|debounce|skip|mask)$/;

const sha256 = (data: string | Uint8Array) => createHash('sha256').update(data).digest('hex');

async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(entries.map((entry) => (entry.isDirectory() ? listFiles(join(dir, entry.name)) : [join(dir, entry.name)])));
  return nested.flat();
}

async function installedVersion(name: string): Promise<string> {
  const manifest = JSON.parse(await readFile(join(TRACKER_DIR, '..', 'node_modules', name, 'package.json'), 'utf8')) as { version?: string };
  return manifest.version ?? '';
}

/** sha256 over every file under tracker/src (path and content, in a fixed order), build.ts, and the esbuild, web-vitals and rrweb versions. */
export async function trackerSourceHash(): Promise<string> {
  const hash = createHash('sha256');
  const files = (await listFiles(SOURCE_DIR)).map((file) => relative(TRACKER_DIR, file).split(sep).join('/')).sort();
  for (const file of [...files, 'build.ts']) {
    hash.update(file + '\0').update(await readFile(join(TRACKER_DIR, file))).update('\0');
  }
  hash.update(`esbuild@${esbuildVersion}\0web-vitals@${await installedVersion('web-vitals')}\0rrweb@${await installedVersion('rrweb')}`);
  return hash.digest('hex');
}

async function bundle(entry: string): Promise<Uint8Array> {
  const result = await build({
    entryPoints: [join(SOURCE_DIR, 'entries', `${entry}.ts`)],
    bundle: true,
    format: 'iife',
    minify: true,
    target: 'es2020',
    platform: 'browser',
    legalComments: 'none',
    write: false,
    logLevel: 'silent',
    // tracker/tsconfig.json is for type-checking; the bundle needs none of its settings (nor a "use strict" prologue).
    tsconfigRaw: '{}',
    // The tag settings' own keys become one letter. Keys written quoted (attribute names, payload fields) are never renamed.
    mangleProps: MANGLED_KEYS,
  });
  const output = result.outputFiles[0];
  if (!output) throw new Error(`esbuild produced nothing for ${entry}`);
  return output.contents;
}

export async function buildTracker(outDir: string = DEFAULT_OUT_DIR): Promise<TrackerManifest> {
  await mkdir(outDir, { recursive: true });
  const files: Record<string, TrackerFile> = {};
  for (const entry of TRACKER_ENTRIES) {
    const contents = await bundle(entry);
    await writeFile(join(outDir, `${entry}.js`), contents);
    files[`${entry}.js`] = { bytes: contents.byteLength, sha256: sha256(contents) };
  }
  const manifest: TrackerManifest = { files, sourceHash: await trackerSourceHash() };
  // Written last and renamed into place: a reader never sees a manifest ahead of its files.
  const temporary = join(outDir, `manifest.json.${process.pid}.tmp`);
  await writeFile(temporary, `${JSON.stringify(manifest, null, 2)}\n`);
  await rename(temporary, join(outDir, 'manifest.json'));
  return manifest;
}

/** True when `outDir` holds an intact build of the current sources (the server's own check at start). */
export async function isBuildCurrent(outDir: string): Promise<boolean> {
  return isTrackerBuildCurrent(outDir, await trackerSourceHash());
}

// `--if-stale` (what `npm install` runs): nothing to do when the folder already holds the current sources' build.
if (process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const named = args.find((arg) => !arg.startsWith('--'));
  const outDir = named ? resolve(named) : DEFAULT_OUT_DIR;
  if (args.includes('--if-stale') && (await isBuildCurrent(outDir))) {
    process.stdout.write('tracker build current: nothing to do\n');
  } else {
    const manifest = await buildTracker(outDir);
    for (const [file, { bytes }] of Object.entries(manifest.files)) process.stdout.write(`${file} ${bytes} bytes\n`);
    process.stdout.write(`tracker built into ${outDir}\n`);
  }
}
