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
    else if (entry.isFile()) found.push(path);
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
 * sha256 over, in order: each file under `src/` (sorted by path) and then `build.ts`, each as
 * `<path>\0<byte length>\0<bytes>`; then `<package>@<version>\0` for esbuild and web-vitals. Hex.
 */
export function trackerSourceHash(location: TrackerSourceLocation): string {
  const hash = createHash('sha256');
  const paths = [...filesUnder(join(location.trackerDir, 'src'), 'src/'), 'build.ts'];
  for (const path of paths) {
    const bytes = readFileSync(join(location.trackerDir, path));
    hash.update(`${path}\0${bytes.length}\0`).update(bytes);
  }
  for (const name of TRACKER_BUILD_PACKAGES) hash.update(`${name}@${installedVersion(location.nodeModulesDir, name)}\0`);
  return hash.digest('hex');
}
