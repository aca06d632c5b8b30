// The imports feature's public entry: its wiring and service, and the file import the CLI runs.
export { registerImports, type ImportsModuleDeps } from './imports-module.js';
export { ImportService } from './import-service.js';
export { DEFAULT_BATCH_ROWS, importFile, type BatchCounts, type ImportSummary, type ImportTarget } from './file-import.js';
export { ImportFileError } from './files/import-file-error.js';
export { FILE_FORMATS, type FileFormat } from './files/import-file.js';
export { localImportTarget } from './service-import-targets.js';
