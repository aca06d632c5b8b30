// What the dashboard's build is made from (web/ sources and package versions), hashed into its manifest.
import { projectPath } from '../platform/project-path.js';
import { sourceTreeHash } from '../platform/build-freshness/source-tree-hash.js';

/** Files and folders under web/ whose bytes make the built dashboard (type-checking settings do not). */
export const DASHBOARD_SOURCE_ENTRIES = ['index.html', 'src', 'build.ts', 'vite.config.ts'] as const;

/** Packages whose installed version changes the built bytes. */
export const DASHBOARD_BUILD_PACKAGES = [
  'vite', '@vitejs/plugin-react', 'react', 'react-dom', '@tanstack/react-query', 'react-router', 'tailwindcss',
  '@tailwindcss/vite', 'uplot', 'topojson-client', 'world-atlas',
  // web/vite.config.ts bundles src/early-questions.ts with it (decision 0042).
  'esbuild',
] as const;

export interface DashboardSourceLocation {
  /** The web/ folder. */
  readonly webDir: string;
  readonly nodeModulesDir: string;
}

export function projectDashboardSource(): DashboardSourceLocation {
  return { webDir: projectPath('web'), nodeModulesDir: projectPath('node_modules') };
}

export function dashboardSourceHash(location: DashboardSourceLocation): string {
  return sourceTreeHash({ rootDir: location.webDir, entries: DASHBOARD_SOURCE_ENTRIES, packages: DASHBOARD_BUILD_PACKAGES, nodeModulesDir: location.nodeModulesDir });
}
