// The health feature's public entry: its wiring.
export { registerHealth, type HealthModule, type HealthModuleDeps } from './health-module.js';
