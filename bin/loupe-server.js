#!/usr/bin/env node
// `npm start`: bundles the server's TypeScript sources with esbuild (in a child process, under dist/server/),
// then runs the bundle in plain Node: no tsx loader thread and no module record per source file (decision 0034).
import { execFileSync } from 'node:child_process';
import process from 'node:process';
import { fileURLToPath, pathToFileURL, URL } from 'node:url';

const builder = fileURLToPath(new URL('./build-server-bundle.js', import.meta.url));

/** The bundle's directory, or undefined when it cannot be built or written (a read-only checkout without one). */
function bundleDirectory() {
  try {
    // The build runs apart so esbuild's module and its buffers never enter the server's heap.
    return execFileSync(process.execPath, [builder], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] }).trim();
  } catch (error) {
    process.stderr.write(`loupe: could not bundle the server (${error instanceof Error ? error.message : String(error)}); running from the TypeScript sources with tsx\n`);
    return undefined;
  }
}

const bundleDir = bundleDirectory();
if (bundleDir) {
  process.env.LOUPE_BUNDLE_DIR = bundleDir;
  // Stack traces name the TypeScript files (the bundle carries a linked source map without the sources' text).
  process.setSourceMapsEnabled(true);
  await import(pathToFileURL(`${bundleDir}/main.js`).href);
} else {
  const { register } = await import('tsx/esm/api');
  register();
  await import('../src/main.ts');
}
