// The dashboard feature: make sure web/dist is the build of web/ (building it when stale), then serve it at `/`.
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { runBuildScript } from '../platform/build-freshness/run-build-script.js';
import { projectPath } from '../platform/project-path.js';
import { readDashboardManifest, type DashboardManifest } from './dashboard-manifest.js';
import { projectDashboardSource } from './dashboard-source-tree.js';
import { dashboardAssetsRoutes } from './dashboard-assets.routes.js';
import { ensureFreshDashboard, type DashboardBuildLocation, type StartLog } from './ensure-fresh-dashboard.js';

/** A rebuild runs web/build.ts in a child process (Vite never loads into the server) and reads the manifest it wrote. */
async function buildWithProjectBuild(outDir: string): Promise<DashboardManifest> {
  await runBuildScript(projectPath('web', 'build.ts'), outDir, projectPath());
  const manifest = readDashboardManifest(outDir);
  if (!manifest) throw new Error(`web/build.ts wrote no readable manifest in ${outDir}`);
  return manifest;
}

export function projectDashboardLocation(): DashboardBuildLocation {
  const source = projectDashboardSource();
  return { ...source, distDir: join(source.webDir, 'dist'), build: buildWithProjectBuild };
}

export interface DashboardOptions {
  /** Where the dashboard's sources, build and output are (tests point it at a fixture). */
  readonly location?: Partial<DashboardBuildLocation>;
  /** false: serve whatever intact build is there, never build (default true). */
  readonly buildWhenStale?: boolean;
  /** Path prefixes outside /api the server answers itself (TRACKER_PATH's), never the dashboard page. */
  readonly reservedPrefixes?: readonly string[];
}

export async function registerDashboardAssets(app: FastifyInstance, options: DashboardOptions = {}): Promise<void> {
  const log: StartLog = { info: (details, message) => app.log.info(details, message), warn: (details, message) => app.log.warn(details, message) };
  const location = { ...projectDashboardLocation(), ...options.location };
  const state = await ensureFreshDashboard(location, options.buildWhenStale ?? true, log);
  if (state.kind === 'absent') log.warn({ reason: state.reason }, 'dashboard not served');
  await app.register(dashboardAssetsRoutes, { distDir: state.kind === 'ready' ? location.distDir : undefined, reservedPrefixes: options.reservedPrefixes ?? [] });
}
