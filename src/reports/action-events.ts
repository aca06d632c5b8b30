// The table the reports on custom events, outbound clicks, errors and autocaptured interactions read.

/**
 * A copy of the `events` rows of every type but pageviews and web-vitals samples, with the same columns,
 * ordered by type (analytics migration 0007): a report on one such type reads only that type's rows.
 */
export const ACTION_EVENTS = 'action_events';

/** Whether rows of this event type are copied into ACTION_EVENTS. */
export function isActionEventType(type: string): boolean {
  return type !== 'pageview' && type !== 'performance';
}
