// The dashboard assets feature's public entry: its wiring (serving the dashboard's build).
export { projectDashboardLocation, registerDashboardAssets, type DashboardOptions } from './dashboard-assets-module.js';
