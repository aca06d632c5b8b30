#!/usr/bin/env node
// Bundles the server (src/main.ts), the command line (src/cli/main.ts), the enrichment thread and the metadata migrations into plain JavaScript under
// dist/server/<content hash>/ and prints that directory. Packages stay imports (resolved from the checkout's
// node_modules); each source file keeps its own `import.meta.url`, so paths inside the project resolve as before.
// When no file the last build read has changed (bin/bundle-inputs.js), it prints that build's directory without
// running esbuild: a start of the server or of the command line then costs no build.
import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';
import process from 'node:process';
import { fileURLToPath, pathToFileURL, URL } from 'node:url';
import { recordBuild, unchangedBundle } from './bundle-inputs.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const BUILDER = fileURLToPath(import.meta.url);
const OUT_ROOT = join(ROOT, 'dist', 'server');
/** Bundles of earlier sources are removed after this long (a server started from one may still need its worker). */
const KEEP_OLD_BUNDLES_MS = 7 * 24 * 3600 * 1000;

/** The text of each TypeScript source as esbuild was given it, by absolute path (what the build record hashes). */
const loaded = new Map();

/** Replaces `import.meta.url` in a project source by the URL of that source, as if it ran unbundled. */
const ownFileUrls = {
  name: 'own-file-urls',
  setup(esbuild) {
    esbuild.onLoad({ filter: /\.ts$/ }, async (args) => {
      const text = await readFile(args.path, 'utf8');
      loaded.set(args.path, text);
      return { contents: text.replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href)), loader: 'ts' };
    });
  },
};

async function entryPoints() {
  const entries = {
    main: join(ROOT, 'src', 'main.ts'),
    cli: join(ROOT, 'src', 'cli', 'main.ts'),
    'enrichment-worker': join(ROOT, 'src', 'ingestion', 'enrichment', 'enrichment-worker.ts'),
  };
  const migrations = join(ROOT, 'migrations', 'metadata');
  for (const file of await readdir(migrations)) {
    if (/^\d{4}-.+\.ts$/.test(file)) entries[`migrations/metadata/${file.slice(0, -3)}`] = join(migrations, file);
  }
  return entries;
}

async function pruneOldBundles(keep) {
  const names = await readdir(OUT_ROOT).catch(() => []);
  for (const name of names) {
    const dir = join(OUT_ROOT, name);
    if (name === keep || name.startsWith('.')) continue;
    const info = await stat(dir).catch(() => undefined);
    if (info && Date.now() - info.mtimeMs > KEEP_OLD_BUNDLES_MS) await rm(dir, { recursive: true, force: true });
  }
}

/** Builds the bundle of `entries`, writes it under its content hash unless there, records its inputs; its directory. */
async function buildBundle(entries) {
  // Loaded only to build: a start whose sources have not changed needs no esbuild.
  const { build } = await import('esbuild');
  const result = await build({
    entryPoints: entries,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    // Modules the server imports on first use (the MCP tools) go to chunks of their own, with their packages.
    splitting: true,
    // Built as if into dist/server/bundle/, then written to a sibling named after the content: the same depth, so
    // the source map's relative paths hold.
    outdir: join(OUT_ROOT, 'bundle'),
    sourcemap: 'linked',
    sourcesContent: false,
    write: false,
    logLevel: 'warning',
    // Which files the build read, for the record of this build (paths relative to the root, wherever it runs from).
    metafile: true,
    absWorkingDir: ROOT,
    plugins: [ownFileUrls],
  });

  const hash = createHash('sha256');
  for (const file of result.outputFiles) hash.update(relative(join(OUT_ROOT, 'bundle'), file.path)).update(file.contents);
  const name = hash.digest('hex').slice(0, 16);
  const dir = join(OUT_ROOT, name);
  if (!(await stat(dir).catch(() => undefined))) {
    // Written aside and renamed into place, so a server started at the same moment never sees half a bundle.
    const staging = join(OUT_ROOT, `.${name}-${process.pid}`);
    for (const file of result.outputFiles) {
      const target = join(staging, relative(join(OUT_ROOT, 'bundle'), file.path));
      await mkdir(dirname(target), { recursive: true });
      await writeFile(target, file.contents);
    }
    await rename(staging, dir).catch(async (error) => {
      await rm(staging, { recursive: true, force: true });
      if (!(await stat(dir).catch(() => undefined))) throw error;
    });
  }
  const inputs = Object.keys(result.metafile.inputs).sort();
  await recordBuild(ROOT, OUT_ROOT, BUILDER, entries, inputs, dir, (file) => loaded.get(file) ?? readFile(file));
  await pruneOldBundles(name);
  return dir;
}

const entries = await entryPoints();
process.stdout.write(`${(await unchangedBundle(ROOT, OUT_ROOT, BUILDER, entries)) ?? (await buildBundle(entries))}\n`);
