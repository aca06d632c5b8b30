// At start: the dashboard's build folder, rebuilt first when web/dist is missing, damaged or older than web/.
import { randomBytes } from 'node:crypto';
import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { installBuild } from '../platform/build-freshness/install-build.js';
import { isBuildIntact, readDashboardManifest, type DashboardManifest } from './dashboard-manifest.js';
import { dashboardSourceHash, type DashboardSourceLocation } from './dashboard-source-tree.js';

export interface DashboardBuildLocation extends DashboardSourceLocation {
  /** Where the built dashboard lives (web/dist). */
  readonly distDir: string;
  /** Builds the dashboard into `outDir` and returns its manifest (web/build.ts's buildDashboard). */
  readonly build: (outDir: string) => Promise<DashboardManifest>;
}

export interface StartLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
}

/** `ready`: distDir holds an intact build; `absent`: none, and building was not allowed or possible. */
export type DashboardBuildState = { readonly kind: 'ready'; readonly rebuilt: boolean } | { readonly kind: 'absent'; readonly reason: string };

type CurrentState = 'current' | 'missing' | 'damaged' | 'stale';

function currentState(distDir: string, sourceHash: string | undefined): CurrentState {
  const manifest = readDashboardManifest(distDir);
  if (!manifest) return 'missing';
  if (!isBuildIntact(distDir, manifest)) return 'damaged';
  return sourceHash !== undefined && manifest.sourceHash !== sourceHash ? 'stale' : 'current';
}

/** True when `distDir` holds an intact build whose manifest records `sourceHash` (the build script's `--if-stale`). */
export function isDashboardBuildCurrent(distDir: string, sourceHash: string): boolean {
  return currentState(distDir, sourceHash) === 'current';
}

async function rebuild(location: DashboardBuildLocation, sourceHash: string, log: StartLog): Promise<void> {
  const suffix = `${process.pid}-${randomBytes(4).toString('hex')}`;
  const builtDir = `${location.distDir}.building-${suffix}`;
  try {
    const manifest = await location.build(builtDir);
    if (!isBuildIntact(builtDir, manifest)) throw new Error(`the dashboard build in ${builtDir} does not match its manifest`);
    if (manifest.sourceHash !== sourceHash) log.warn({ built: manifest.sourceHash, expected: sourceHash }, 'dashboard build records another source hash: every start will rebuild');
    installBuild(builtDir, location.distDir, suffix);
  } finally {
    rmSync(builtDir, { recursive: true, force: true });
  }
}

/**
 * Makes sure `distDir` holds the build of the current sources. Without sources (a deployment shipping only
 * web/dist) any intact build is served; with `buildWhenStale` false, a stale build is served as it is.
 */
export async function ensureFreshDashboard(location: DashboardBuildLocation, buildWhenStale: boolean, log: StartLog): Promise<DashboardBuildState> {
  const hasSources = existsSync(join(location.webDir, 'src'));
  const sourceHash = hasSources && buildWhenStale ? dashboardSourceHash(location) : undefined;
  const state = currentState(location.distDir, sourceHash);
  if (state === 'current') return { kind: 'ready', rebuilt: false };
  if (sourceHash === undefined) return { kind: 'absent', reason: hasSources ? `dashboard build ${state}, building disabled` : `dashboard build ${state} and no web/ sources` };
  log.info({ reason: state, distDir: location.distDir }, 'building the dashboard');
  const started = performance.now();
  await rebuild(location, sourceHash, log);
  log.info({ ms: Math.round(performance.now() - started) }, 'dashboard built');
  return { kind: 'ready', rebuilt: true };
}
