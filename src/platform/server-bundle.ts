// Where `npm start` (bin/loupe-server.js) put the bundled server, so the parts that load code at run time (the
// enrichment thread, the metadata migrations) take its plain JavaScript instead of the TypeScript sources.
import { join } from 'node:path';

/** A file of the running bundle, or undefined when the server runs from its sources (tsx, tests). */
export function bundledFile(...parts: string[]): string | undefined {
  const dir = process.env.LOUPE_BUNDLE_DIR;
  return dir ? join(dir, ...parts) : undefined;
}
