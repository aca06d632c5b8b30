// The tracking script feature: make sure the bundle is fresh, hold it compressed in memory, serve it.
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { runBuildScript } from '../platform/build-freshness/run-build-script.js';
import { projectPath } from '../platform/project-path.js';
import { ensureFreshBundle, type StartLog, type TrackerBuildLocation } from './ensure-fresh-bundle.js';
import { prepareTrackerAssets } from './tracker-asset.js';
import { readTrackerManifest, type TrackerManifest } from './tracker-manifest.js';
import { trackerAssetsRoutes } from './tracker-assets.routes.js';

/** A rebuild runs tracker/build.ts in a child process (esbuild never loads into the server) and reads its manifest. */
async function buildWithProjectBuild(outDir: string): Promise<TrackerManifest> {
  await runBuildScript(projectPath('tracker', 'build.ts'), outDir, projectPath());
  const manifest = readTrackerManifest(outDir);
  if (!manifest) throw new Error(`tracker/build.ts wrote no readable manifest in ${outDir}`);
  return manifest;
}

export function projectTrackerLocation(): TrackerBuildLocation {
  const trackerDir = projectPath('tracker');
  return { trackerDir, nodeModulesDir: projectPath('node_modules'), distDir: join(trackerDir, 'dist'), build: buildWithProjectBuild };
}

export interface TrackerAssetsOptions {
  readonly trackerPath: string | undefined;
  /** Where the tracker's sources, build and output are (tests point it at a copy). */
  readonly location?: Partial<TrackerBuildLocation>;
}

export async function registerTrackerAssets(app: FastifyInstance, options: TrackerAssetsOptions): Promise<void> {
  const log: StartLog = { info: (details, message) => app.log.info(details, message), warn: (details, message) => app.log.warn(details, message) };
  const bundle = await ensureFreshBundle({ ...projectTrackerLocation(), ...options.location }, log);
  await app.register(trackerAssetsRoutes, { assets: prepareTrackerAssets(bundle), trackerPath: options.trackerPath });
}
