// At start: the built tracker files, rebuilt first when tracker/dist is missing, damaged or older than the sources.
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { installBuild } from '../platform/build-freshness/install-build.js';
import { readTrackerManifest, type TrackerManifest } from './tracker-manifest.js';
import { trackerSourceHash, type TrackerSourceLocation } from './tracker-source-hash.js';

export interface TrackerBuildLocation extends TrackerSourceLocation {
  /** Where the built files and manifest.json live (tracker/dist). */
  readonly distDir: string;
  /** Builds the tracker into `outDir` and returns its manifest (tracker/build.ts's buildTracker). */
  readonly build: (outDir: string) => Promise<TrackerManifest>;
}

export interface StartLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
}

export interface TrackerFiles {
  readonly manifest: TrackerManifest;
  /** File name -> its bytes, each checked against the manifest's size and sha256. */
  readonly files: ReadonlyMap<string, Buffer>;
  readonly rebuilt: boolean;
}

type StaleReason = 'missing' | 'damaged' | 'stale';

/** The manifest's files from `dir`, or undefined when one is missing or differs from its manifest entry. */
function readVerifiedFiles(dir: string, manifest: TrackerManifest): Map<string, Buffer> | undefined {
  const files = new Map<string, Buffer>();
  for (const [name, expected] of Object.entries(manifest.files)) {
    let bytes: Buffer;
    try {
      bytes = readFileSync(join(dir, name));
    } catch {
      return undefined;
    }
    if (bytes.length !== expected.bytes || createHash('sha256').update(bytes).digest('hex') !== expected.sha256) return undefined;
    files.set(name, bytes);
  }
  return files;
}

/** `sourceHash` undefined: no sources to compare with, so any intact build will do. */
function readCurrent(distDir: string, sourceHash: string | undefined): { files: TrackerFiles } | { reason: StaleReason } {
  const manifest = readTrackerManifest(distDir);
  if (!manifest) return { reason: 'missing' };
  if (sourceHash !== undefined && manifest.sourceHash !== sourceHash) return { reason: 'stale' };
  const files = readVerifiedFiles(distDir, manifest);
  return files ? { files: { manifest, files, rebuilt: false } } : { reason: 'damaged' };
}

/** True when `distDir` holds an intact build whose manifest records `sourceHash` (the build script's `--if-stale`). */
export function isTrackerBuildCurrent(distDir: string, sourceHash: string): boolean {
  return 'files' in readCurrent(distDir, sourceHash);
}

/** A deployment may ship the built files without the tracker's sources: then the build is used as it is. */
function sourceHashIfPresent(location: TrackerBuildLocation, log: StartLog): string | undefined {
  if (!existsSync(join(location.trackerDir, 'src'))) {
    log.warn({ trackerDir: location.trackerDir }, 'tracker sources not found: serving the built files without a freshness check');
    return undefined;
  }
  return trackerSourceHash(location);
}

async function rebuild(location: TrackerBuildLocation, sourceHash: string, log: StartLog): Promise<TrackerFiles> {
  const suffix = `${process.pid}-${randomBytes(4).toString('hex')}`;
  const builtDir = `${location.distDir}.building-${suffix}`;
  try {
    const manifest = await location.build(builtDir);
    const files = readVerifiedFiles(builtDir, manifest);
    if (!files) throw new Error(`the tracker build in ${builtDir} does not match its manifest`);
    if (manifest.sourceHash !== sourceHash) {
      log.warn({ built: manifest.sourceHash, expected: sourceHash }, 'tracker build records another source hash: every start will rebuild');
    }
    installBuild(builtDir, location.distDir, suffix);
    return { manifest, files, rebuilt: true };
  } finally {
    rmSync(builtDir, { recursive: true, force: true });
  }
}

/** The tracker's built files in memory, rebuilding (and logging why) when the bundle is not that of the sources. */
export async function ensureFreshBundle(location: TrackerBuildLocation, log: StartLog): Promise<TrackerFiles> {
  const sourceHash = sourceHashIfPresent(location, log);
  const current = readCurrent(location.distDir, sourceHash);
  if ('files' in current) return current.files;
  if (sourceHash === undefined) throw new Error(`the tracking script is neither built in ${location.distDir} nor buildable: ${location.trackerDir} has no sources`);
  log.info({ reason: current.reason, distDir: location.distDir }, 'building the tracking script');
  const started = performance.now();
  const files = await rebuild(location, sourceHash, log);
  log.info({ files: Object.keys(files.manifest.files), ms: Math.round(performance.now() - started) }, 'tracking script built');
  return files;
}
