#!/usr/bin/env node
// `npm start`: bundles the server's TypeScript sources with esbuild (in a child process, under dist/server/),
// then runs the bundle in plain Node: no tsx loader thread and no module record per source file (decision 0034).
// Until the server listens (the bundle's import resolves then), V8's young generation keeps its initial size.
import { URL } from 'node:url';
import { runFromBundle } from './bundle-directory.js';
import { withYoungGenerationAtInitialSize } from './young-generation-at-start.js';

await withYoungGenerationAtInitialSize(() => runFromBundle('main.js', new URL('../src/main.ts', import.meta.url)));
