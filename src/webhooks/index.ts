// The webhooks feature's public entry: its wiring, its settings, and who an erased event belonged to.
export { registerWebhooks, type WebhooksModule, type WebhooksModuleDeps } from './webhooks-module.js';
export { webhookSettingsFrom } from './webhook-settings.js';
export type { EventOwner } from './webhook-payload.js';
