// Wires the link job between each visitor's sessions (decision 0085): its worker, started here (the app closes it).
import type { FastifyInstance } from 'fastify';
import { VisitorLinkWorker, type VisitorLinkWorkerDeps } from './visitor-link-worker.js';

export type VisitorLinksModuleDeps = Omit<VisitorLinkWorkerDeps, 'log'>;

export function registerVisitorLinks(app: FastifyInstance, deps: VisitorLinksModuleDeps): VisitorLinkWorker {
  const worker = new VisitorLinkWorker({ ...deps, log: app.log });
  worker.start();
  return worker;
}
