// Wires data retention: the worker that deletes each site's data older than its retentionDays, started here
// (the app stops it on close).
import type { FastifyInstance } from 'fastify';
import { RetentionWorker, type RetentionWorkerDeps } from './retention-worker.js';

export type DataRetentionModuleDeps = Omit<RetentionWorkerDeps, 'log'>;

export function registerDataRetention(app: FastifyInstance, deps: DataRetentionModuleDeps): RetentionWorker {
  const worker = new RetentionWorker({ ...deps, log: app.log });
  worker.start();
  return worker;
}
