// The tracker's source hash: what tracker/dist/manifest.json records, so a start can tell a stale bundle cheaply.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Packages whose installed version changes the built bytes. */
export const TRACKER_BUILD_PACKAGES = ['esbuild', 'web-vitals'] as const;

export interface TrackerSourceLocation {
  /** The tracker folder: holds `src/` and `build.ts`. */
  readonly trackerDir: string;
  /** The node_modules folder the build resolves packages from. */
  readonly nodeModulesDir: string;
}

/** Relative paths (with `/`) of every file under `dir`, sorted. */
function filesUnder(dir: string, prefix: string): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = `${prefix}${entry.name}`;
    if (entry.isDirectory()) found.push(...filesUnder(join(dir, entry.name), `${path}/`));
    else found.push(path);
  }
  return found.sort();
}

function installedVersion(nodeModulesDir: string, name: string): string {
  try {
    const manifest = JSON.parse(readFileSync(join(nodeModulesDir, name, 'package.json'), 'utf8')) as { version?: unknown };
    return typeof manifest.version === 'string' ? manifest.version : 'unknown';
  } catch {
    return 'missing';
  }
}

/**
 * The same bytes tracker/build.ts hashes: each file under `src/` then `build.ts`, sorted by path, as
 * `<path>\0<bytes>\0`; then `esbuild@<version>\0web-vitals@<version>`. Hex sha256.
 */
export function trackerSourceHash(location: TrackerSourceLocation): string {
  const hash = createHash('sha256');
  for (const path of [...filesUnder(join(location.trackerDir, 'src'), 'src/'), 'build.ts']) {
    hash.update(`${path}\0`).update(readFileSync(join(location.trackerDir, path))).update('\0');
  }
  hash.update(TRACKER_BUILD_PACKAGES.map((name) => `${name}@${installedVersion(location.nodeModulesDir, name)}`).join('\0'));
  return hash.digest('hex');
}
