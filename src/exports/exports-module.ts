// Wires the exports feature: a site's raw events and recordings as a download.
import type { FastifyInstance } from 'fastify';
import { exportRoutes, type ExportRoutesDeps } from './export.routes.js';

export type ExportsModuleDeps = ExportRoutesDeps;

export async function registerExports(app: FastifyInstance, deps: ExportsModuleDeps): Promise<void> {
  await app.register(exportRoutes, deps);
}
