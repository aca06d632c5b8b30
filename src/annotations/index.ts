// The annotations feature's public entry: its wiring.
export { registerAnnotations, type AnnotationsModuleDeps } from './annotations-module.js';
