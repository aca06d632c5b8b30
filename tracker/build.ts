// Stand-in build of the tracking script (the tracker's own build replaces it): one minified IIFE per entry and a manifest.
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { trackerSourceHash } from '../src/tracker-assets/tracker-source-hash.js';

export interface TrackerManifest {
  readonly files: Record<string, { readonly bytes: number; readonly sha256: string }>;
  readonly sourceHash: string;
}

const TRACKER_DIR = dirname(fileURLToPath(import.meta.url));

export async function buildTracker(outDir = join(TRACKER_DIR, 'dist')): Promise<TrackerManifest> {
  const entriesDir = join(TRACKER_DIR, 'src', 'entries');
  const entries = readdirSync(entriesDir).filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'));
  mkdirSync(outDir, { recursive: true });
  const files: Record<string, { bytes: number; sha256: string }> = {};
  for (const entry of entries) {
    const name = entry.replace(/\.ts$/, '.js');
    const result = await build({
      entryPoints: [join(entriesDir, entry)], bundle: true, format: 'iife', minify: true, target: 'es2019', write: false, legalComments: 'none',
    });
    const bytes = Buffer.from(result.outputFiles[0]?.contents ?? new Uint8Array());
    writeFileSync(join(outDir, name), bytes);
    files[name] = { bytes: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex') };
  }
  const manifest: TrackerManifest = { files, sourceHash: trackerSourceHash({ trackerDir: TRACKER_DIR, nodeModulesDir: join(TRACKER_DIR, '..', 'node_modules') }) };
  writeFileSync(join(outDir, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const manifest = await buildTracker();
  for (const [name, file] of Object.entries(manifest.files)) console.log(`${name}: ${file.bytes} bytes`);
}
