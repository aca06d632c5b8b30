// The ingestion feature's public entry: its wiring and handle, the event types, the limits the
// imports share, and the identify service (user data links a device to a person through it).
export { registerIngestion, type IngestionModule, type IngestionModuleDeps, type StoredEventListener } from './ingestion-module.js';
export type { EventBuffer } from './event-buffer/event-buffer.js';
export { EVENT_TYPES, type EventType } from './event-types.js';
export { ENGAGED_MS_MAX } from './payload-limits.js';
export type { IdentifyService } from './identify-service.js';
