// Runs an entry of Loupe from its bundle (bin/build-server-bundle.js, rebuilt first when the sources changed) in
// plain Node, or from the TypeScript sources through tsx when no bundle can be built; shared by
// `bin/loupe-server.js` and `bin/loupe.js`.
import { execFileSync } from 'node:child_process';
import process from 'node:process';
import { fileURLToPath, pathToFileURL, URL } from 'node:url';

const builder = fileURLToPath(new URL('./build-server-bundle.js', import.meta.url));

/** The bundle's directory, or undefined when it cannot be built or written (a read-only checkout without one). */
function bundleDirectory() {
  try {
    // The build runs apart so esbuild's module and its buffers never enter this process's heap.
    return execFileSync(process.execPath, [builder], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] }).trim();
  } catch (error) {
    process.stderr.write(`loupe: could not bundle the sources (${error instanceof Error ? error.message : String(error)}); running them with tsx\n`);
    return undefined;
  }
}

/** Imports `bundled` (a file of the bundle, e.g. `main.js`), else `source` (a URL of the TypeScript entry) under tsx. */
export async function runFromBundle(bundled, source) {
  const bundleDir = bundleDirectory();
  if (bundleDir) {
    // The enrichment thread and the metadata migrations are loaded from the bundle too (src/platform/server-bundle.ts).
    process.env.LOUPE_BUNDLE_DIR = bundleDir;
    // Stack traces name the TypeScript files (the bundle carries a linked source map without the sources' text).
    process.setSourceMapsEnabled(true);
    await import(pathToFileURL(`${bundleDir}/${bundled}`).href);
  } else {
    const { register } = await import('tsx/esm/api');
    register();
    await import(source.href);
  }
}
