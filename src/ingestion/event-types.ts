// The event types POST /api/track accepts; pageview is the default.
export const EVENT_TYPES = ['pageview', 'custom_event', 'performance', 'outbound', 'error', 'button_click', 'copy', 'form_submit', 'input_change'] as const;
export type EventType = (typeof EVENT_TYPES)[number];
