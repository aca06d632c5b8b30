// The data retention feature's public entry: its wiring and the worker's type.
export { registerDataRetention, type DataRetentionModuleDeps } from './data-retention-module.js';
export type { RetentionWorker } from './retention-worker.js';
