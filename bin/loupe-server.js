#!/usr/bin/env node
// `npm start`: bundles the server's TypeScript sources with esbuild (in a child process, under dist/server/),
// then runs the bundle in plain Node: no tsx loader thread and no module record per source file (decision 0034).
import { execFileSync } from 'node:child_process';
import process from 'node:process';
import { fileURLToPath, pathToFileURL, URL } from 'node:url';

const builder = fileURLToPath(new URL('./build-server-bundle.js', import.meta.url));
// The build runs apart so esbuild's module and its buffers never enter the server's heap.
const bundleDir = execFileSync(process.execPath, [builder], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] }).trim();

process.env.LOUPE_BUNDLE_DIR = bundleDir;
// Stack traces name the TypeScript files (the bundle carries a linked source map without the sources' text).
process.setSourceMapsEnabled(true);
await import(pathToFileURL(`${bundleDir}/main.js`).href);
