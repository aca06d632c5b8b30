// web/dist/loupe-build.json: the source hash a dashboard build came from and each built file's size and sha256.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export const DASHBOARD_MANIFEST_FILE = 'loupe-build.json';

export interface DashboardFile {
  readonly bytes: number;
  readonly sha256: string;
}

export interface DashboardManifest {
  readonly sourceHash: string;
  /** Path relative to the build folder (with `/`) -> its size and hash. */
  readonly files: Record<string, DashboardFile>;
}

function isManifest(value: unknown): value is DashboardManifest {
  if (typeof value !== 'object' || value === null) return false;
  const { sourceHash, files } = value as Record<string, unknown>;
  return typeof sourceHash === 'string' && typeof files === 'object' && files !== null;
}

export function readDashboardManifest(distDir: string): DashboardManifest | undefined {
  try {
    const parsed: unknown = JSON.parse(readFileSync(join(distDir, DASHBOARD_MANIFEST_FILE), 'utf8'));
    return isManifest(parsed) ? parsed : undefined;
  } catch {
    return undefined;
  }
}

export function describeFile(bytes: Uint8Array): DashboardFile {
  return { bytes: bytes.byteLength, sha256: createHash('sha256').update(bytes).digest('hex') };
}

/** True when every file the manifest lists is in `distDir` with its recorded size and hash. */
export function isBuildIntact(distDir: string, manifest: DashboardManifest): boolean {
  if (manifest.files['index.html'] === undefined) return false;
  return Object.entries(manifest.files).every(([name, expected]) => {
    try {
      const actual = describeFile(readFileSync(join(distDir, name)));
      return actual.bytes === expected.bytes && actual.sha256 === expected.sha256;
    } catch {
      return false;
    }
  });
}
