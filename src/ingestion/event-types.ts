// The event types POST /api/track accepts; pageview is the default. An engagement event reports a pageview's
// engaged time and scroll depth when the page is hidden or left: it is neither a pageview nor a custom event.
export const EVENT_TYPES = ['pageview', 'custom_event', 'performance', 'outbound', 'error', 'button_click', 'copy', 'form_submit', 'input_change', 'engagement'] as const;
export type EventType = (typeof EVENT_TYPES)[number];
