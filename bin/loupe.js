#!/usr/bin/env node
// The `loupe` command (and `npm run cli`): runs the command line from the bundle the server runs from, in plain
// Node, as `npm start` runs the server (decisions 0034, 0039); from the TypeScript sources when no bundle can be built.
import { URL } from 'node:url';
import { runFromBundle } from './bundle-directory.js';

await runFromBundle('cli.js', new URL('../src/cli/main.ts', import.meta.url));
