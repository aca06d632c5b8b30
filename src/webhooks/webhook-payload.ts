// Delivery bodies: `event.matched` with the triggering event, and the reduced `test.ping` (alerts/ writes the
// `alert.fired` / `alert.resolved` bodies).
import type { AnalyticsRow } from '../platform/analytics-store/analytics-store.js';

export type Trigger =
  | { kind: 'goal'; goal_id: number; name: string }
  | { kind: 'event'; name: string }
  | { kind: 'alert'; alert_id: string; name: string; event: 'alert.fired' | 'alert.resolved' };

function text(row: AnalyticsRow, column: string): string {
  const value = row[column];
  return typeof value === 'string' ? value : value === undefined || value === null ? '' : String(value);
}

function props(row: AnalyticsRow): Record<string, unknown> {
  const raw = text(row, 'props');
  if (!raw) return {};
  try {
    const parsed = JSON.parse(raw) as unknown;
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

export function matchedPayload(input: { id: string; createdAt: string; webhookId: string; siteId: number; trigger: Trigger; row: AnalyticsRow }): string {
  const { row } = input;
  return JSON.stringify({
    id: input.id,
    type: 'event.matched',
    created_at: input.createdAt,
    webhook_id: input.webhookId,
    site_id: input.siteId,
    trigger: input.trigger,
    event: {
      type: text(row, 'type'),
      event_name: text(row, 'event_name'),
      props: props(row),
      pathname: text(row, 'pathname'),
      hostname: text(row, 'hostname'),
      session_id: text(row, 'session_id'),
      user_id: text(row, 'user_id'),
      identified_user_id: text(row, 'identified_user_id'),
      country: text(row, 'country'),
      // Stored as `YYYY-MM-DD HH:MM:SS.mmm` (UTC), the format of the payload.
      timestamp: text(row, 'timestamp'),
    },
  });
}

/** Whose events an erase removes: one person (with their devices), one visitor (device) or one session. */
export type EventOwner =
  | { readonly kind: 'person'; readonly person: string; readonly devices: readonly string[] }
  | { readonly kind: 'visitor'; readonly visitor: string }
  | { readonly kind: 'session'; readonly sessionId: string };

/**
 * Exact pieces of text of the `event.matched` payloads of the owner's events, as matchedPayload writes them
 * (`session_id`, `user_id`, `identified_user_id` follow one another): a person's identified events and their
 * devices' unidentified ones; every event of a device; every event of a session.
 */
export function payloadMentions(owner: EventOwner): string[] {
  const field = (name: string, value: string) => `"${name}":${JSON.stringify(value)}`;
  if (owner.kind === 'session') return [`${field('session_id', owner.sessionId)},`];
  if (owner.kind === 'visitor') return [`${field('user_id', owner.visitor)},`];
  return [
    `${field('identified_user_id', owner.person)},`,
    ...owner.devices.map((device) => `${field('user_id', device)},${field('identified_user_id', '')},`),
  ];
}

export function testPingPayload(input: { id: string; createdAt: string; webhookId: string; siteId: number }): string {
  return JSON.stringify({ id: input.id, type: 'test.ping', created_at: input.createdAt, webhook_id: input.webhookId, site_id: input.siteId });
}
