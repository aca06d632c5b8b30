// The teams feature's public entry: its wiring.
export { registerTeams, type TeamsModule, type TeamsModuleDeps } from './teams-module.js';
