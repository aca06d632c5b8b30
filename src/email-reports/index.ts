// The email reports feature's public entry: its wiring.
export { registerEmailReports, type EmailReportsModule, type EmailReportsModuleDeps } from './email-reports-module.js';
