// The alerts feature's public entry: its wiring.
export { registerAlerts, type AlertsModule, type AlertsModuleDeps } from './alerts-module.js';
