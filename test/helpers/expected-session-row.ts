// The row the sessions list (and the goal and funnel-step drill-downs) returns for a seeded session, for exact assertions.

/**
 * An analytics timestamp as the API renders it (`YYYY-MM-DD HH:MM:SS` UTC), from the ISO instant a test seeded. The one place the tests
 * of the session drill-downs spell that form.
 */
export function analyticsTime(iso: string): string {
  return new Date(iso).toISOString().slice(0, 19).replace('T', ' ');
}

/** The device and place the drill-down tests give every seeded event. */
export const SEEDED_DEVICE = {
  user_id: 'v1', country: 'DE', region: 'DE-BE', city: 'Berlin', language: 'de-DE', device_type: 'Desktop',
  browser: 'Firefox', browser_version: '124', operating_system: 'Linux', operating_system_version: '6.8',
  screen_width: 1920, screen_height: 1080, hostname: 'shop.example.com',
} as const;

export interface SessionShape {
  readonly session_id: string;
  readonly start: string;
  readonly end: string;
  readonly duration: number;
  readonly channel: string;
  readonly entry_page: string;
  readonly exit_page: string;
  readonly pageviews: number;
  readonly events: number;
  readonly user_id?: string;
  readonly referrer?: string;
  readonly errors?: number;
  readonly has_replay?: number;
}

/** The whole row of a session seeded with SEEDED_DEVICE. */
export function expectedSessionRow(shape: SessionShape): Record<string, string | number> {
  return {
    session_id: shape.session_id,
    user_id: shape.user_id ?? SEEDED_DEVICE.user_id,
    identified_user_id: '',
    country: SEEDED_DEVICE.country,
    region: SEEDED_DEVICE.region,
    city: SEEDED_DEVICE.city,
    language: SEEDED_DEVICE.language,
    device_type: SEEDED_DEVICE.device_type,
    browser: SEEDED_DEVICE.browser,
    browser_version: SEEDED_DEVICE.browser_version,
    operating_system: SEEDED_DEVICE.operating_system,
    operating_system_version: SEEDED_DEVICE.operating_system_version,
    screen_width: SEEDED_DEVICE.screen_width,
    screen_height: SEEDED_DEVICE.screen_height,
    referrer: shape.referrer ?? '',
    channel: shape.channel,
    hostname: SEEDED_DEVICE.hostname,
    session_start: analyticsTime(shape.start),
    session_end: analyticsTime(shape.end),
    session_duration: shape.duration,
    entry_page: shape.entry_page,
    exit_page: shape.exit_page,
    pageviews: shape.pageviews,
    events: shape.events,
    errors: shape.errors ?? 0,
    has_replay: shape.has_replay ?? 0,
  };
}
