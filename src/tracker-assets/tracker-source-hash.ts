// The tracker's source hash: what tracker/dist/manifest.json records, so a start can tell a stale bundle cheaply.
import { sourceTreeHash } from '../platform/build-freshness/source-tree-hash.js';

/** Packages whose installed version changes the built bytes. */
export const TRACKER_BUILD_PACKAGES = ['esbuild', 'web-vitals', 'rrweb'] as const;

export interface TrackerSourceLocation {
  /** The tracker folder: holds `src/` and `build.ts`. */
  readonly trackerDir: string;
  /** The node_modules folder the build resolves packages from. */
  readonly nodeModulesDir: string;
}

/**
 * The same bytes tracker/build.ts hashes: each file under `src/` then `build.ts`, sorted by path, as
 * `<path>\0<bytes>\0`; then `esbuild@<version>\0web-vitals@<version>\0rrweb@<version>`. Hex sha256.
 */
export function trackerSourceHash(location: TrackerSourceLocation): string {
  return sourceTreeHash({ rootDir: location.trackerDir, entries: ['src', 'build.ts'], packages: TRACKER_BUILD_PACKAGES, nodeModulesDir: location.nodeModulesDir });
}
