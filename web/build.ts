// Builds the dashboard with Vite into web/dist (or `outDir`) and writes loupe-build.json: the hash of the sources
// it came from and each file's size and sha256, which the server checks at start (src/dashboard).
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import { describeFile, DASHBOARD_MANIFEST_FILE, type DashboardFile, type DashboardManifest } from '../src/dashboard-assets/dashboard-manifest.js';
import { isDashboardBuildCurrent } from '../src/dashboard-assets/ensure-fresh-dashboard.js';
import { dashboardSourceHash } from '../src/dashboard-assets/dashboard-source-tree.js';
import { dashboardViteConfig, WEB_DIR } from './vite.config.js';

export const DEFAULT_OUT_DIR = join(WEB_DIR, 'dist');

async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(entries.map((entry) => (entry.isDirectory() ? listFiles(join(dir, entry.name)) : [join(dir, entry.name)])));
  return nested.flat();
}

export async function buildDashboard(outDir: string = DEFAULT_OUT_DIR): Promise<DashboardManifest> {
  const sourceHash = dashboardSourceHash({ webDir: WEB_DIR, nodeModulesDir: join(WEB_DIR, '..', 'node_modules') });
  await build({
    ...dashboardViteConfig,
    configFile: false,
    logLevel: 'warn',
    build: { ...dashboardViteConfig.build, outDir: resolve(outDir), emptyOutDir: true },
  });
  const files: Record<string, DashboardFile> = {};
  for (const file of (await listFiles(outDir)).sort()) {
    files[relative(outDir, file).split(sep).join('/')] = describeFile(await readFile(file));
  }
  const manifest: DashboardManifest = { sourceHash, files };
  await writeFile(join(outDir, DASHBOARD_MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}

/** True when `outDir` holds an intact build of the current sources (the server's own check at start). */
export function isBuildCurrent(outDir: string): boolean {
  return isDashboardBuildCurrent(outDir, dashboardSourceHash({ webDir: WEB_DIR, nodeModulesDir: join(WEB_DIR, '..', 'node_modules') }));
}

// Run as a script (`npm run build:web`, or the server's child process with the output folder as argument).
// `--if-stale` (what `npm install` runs): nothing to do when the folder already holds the current sources' build.
if (process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const outDir = args.find((arg) => !arg.startsWith('--')) ?? DEFAULT_OUT_DIR;
  if (args.includes('--if-stale') && isBuildCurrent(outDir)) {
    console.log('dashboard build current: nothing to do');
  } else {
    const manifest = await buildDashboard(outDir);
    console.log(`dashboard built: ${Object.keys(manifest.files).length} files`);
  }
}
