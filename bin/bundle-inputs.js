// What the server bundle was built from: every file esbuild read (its metafile's inputs), the entry points, the
// builder, tsconfig.json and esbuild's version, hashed, beside the directory the build wrote. A start whose inputs
// hash the same reuses that directory without running esbuild (bin/build-server-bundle.js).
import { createHash } from 'node:crypto';
import { readFile, rename, stat, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import process from 'node:process';

/** The record of the last build: `{ inputs: string[] (relative to the root), hash, dir }`. */
const RECORD = '.last-build.json';

/** esbuild's version, read from its package file (importing esbuild costs more than the whole check). */
function esbuildVersion(root) {
  return createRequire(join(root, 'package.json'))('esbuild/package.json').version;
}

/**
 * The hash of the inputs' bytes and of everything else that shapes the output; `read` gives a file's bytes (the
 * builder passes the text esbuild was given, so a source saved during the build is not recorded as built).
 */
export async function inputsHash(root, builder, entries, inputs, read = (file) => readFile(file)) {
  const hash = createHash('sha256');
  hash.update(`${root}\0esbuild@${esbuildVersion(root)}\0${JSON.stringify(entries)}\0`);
  for (const file of [builder, join(root, 'tsconfig.json'), ...inputs.map((input) => join(root, input))]) {
    hash.update(file).update('\0').update(await read(file)).update('\0');
  }
  return hash.digest('hex');
}

/** The directory of the last build when none of its inputs changed since, else undefined. */
export async function unchangedBundle(root, outRoot, builder, entries) {
  try {
    const record = JSON.parse(await readFile(join(outRoot, RECORD), 'utf8'));
    if (!Array.isArray(record.inputs) || typeof record.hash !== 'string' || typeof record.dir !== 'string') return undefined;
    if (!(await stat(join(record.dir, 'main.js')).catch(() => undefined))) return undefined;
    return (await inputsHash(root, builder, entries, record.inputs)) === record.hash ? record.dir : undefined;
  } catch {
    return undefined; // no record yet, or an input gone: build
  }
}

/** Records the build of `dir` from `inputs` (written aside and renamed, so a concurrent start reads a whole record). */
export async function recordBuild(root, outRoot, builder, entries, inputs, dir, read) {
  const record = { inputs, hash: await inputsHash(root, builder, entries, inputs, read), dir };
  const staging = join(outRoot, `${RECORD}.${process.pid}`);
  await writeFile(staging, JSON.stringify(record));
  await rename(staging, join(outRoot, RECORD));
}
