// The user data feature's public entry: its wiring, the erase of events (data retention uses it) and the rewrite of
// people's days when events are removed (data retention and imports use it).
export { registerUserData, type UserDataModuleDeps } from './user-data-module.js';
export { countOf, eraseEvents } from './erase-events.js';
export { rewriteUserDays } from './user-days-rewrite.js';
