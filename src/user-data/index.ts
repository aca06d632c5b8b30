// The user data feature's public entry: its wiring and the erase of events (data retention uses it).
export { registerUserData, type UserDataModuleDeps } from './user-data-module.js';
export { countOf, eraseEvents } from './erase-events.js';
