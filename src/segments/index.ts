// The segments feature's public entry: its wiring and the repository the reports read segments from.
export { registerSegments, type SegmentsModuleDeps } from './segments-module.js';
export { SegmentRepository } from './segment.repository.js';
