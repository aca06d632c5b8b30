// The exports feature's public entry: its wiring and the export stream (the CLI writes it to a file).
export { registerExports, type ExportsModuleDeps } from './exports-module.js';
export { exportStream, type ExportFormat } from './export-stream.js';
