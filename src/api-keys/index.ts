// The API keys feature's public entry: its wiring.
export { registerApiKeys, type ApiKeysModuleDeps } from './api-keys-module.js';
