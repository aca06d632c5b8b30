// The visitor links feature's public entry: its wiring and the worker's type.
export { registerVisitorLinks, type VisitorLinksModuleDeps } from './visitor-links-module.js';
export type { VisitorLinkWorker } from './visitor-link-worker.js';
