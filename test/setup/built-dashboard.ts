// Global setup of the system tier: the dashboard is built once per run (only when web/dist is missing or older
// than web/, as at server start) and every browser test serves that one build.
import type { TestProject } from 'vitest/node';
import { projectDashboardLocation } from '../../src/dashboard-assets/dashboard-assets-module.js';
import { ensureFreshDashboard } from '../../src/dashboard-assets/ensure-fresh-dashboard.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The run's dashboard build (web/dist, current). */
    dashboardDistDir: string;
  }
}

export default async function setup(project: TestProject): Promise<void> {
  const location = projectDashboardLocation();
  const say = (details: object, message: string): void => console.log(`dashboard: ${message} ${JSON.stringify(details)}`);
  const state = await ensureFreshDashboard(location, true, { info: say, warn: say });
  if (state.kind !== 'ready') throw new Error(`no dashboard build for the browser tests: ${state.reason}`);
  project.provide('dashboardDistDir', location.distDir);
}
