// Who may read each site-scoped read route beyond the site's organization: the one table the site guard consults.
//
// - `aggregate`: counts, rates and rankings. Readers of a public site and holders of its private link read them.
// - `people`: rows that name a person or a session (user ids, traits, sessions, raw events, error occurrences).
//   Members and keys read them; others only when the site opts in with its `publicPeopleData` setting.
// - `members`: the organization's own settings and exports; never outside the organization.
//
// Every GET route under /api/sites/{site} is listed (a test holds the table to the app's route table), and so
// are the POST routes that only read (funnel analysis, goal preview). A route missing here is members-only.

export type ReadAudience = 'aggregate' | 'people' | 'members';

const SITE = '/api/sites/:site';

export const SITE_READ_AUDIENCE: Readonly<Record<string, ReadAudience>> = {
  // The site itself: the public view (name, domain, tracker toggles), whether it has data, whether it is public.
  [`GET ${SITE}`]: 'aggregate',
  [`GET ${SITE}/has-data`]: 'aggregate',
  [`GET ${SITE}/is-public`]: 'aggregate',
  // Aggregate reports.
  [`GET ${SITE}/overview`]: 'aggregate',
  [`GET ${SITE}/overview/time-series`]: 'aggregate',
  [`GET ${SITE}/engagement`]: 'aggregate',
  [`GET ${SITE}/engagement/pages`]: 'aggregate',
  [`GET ${SITE}/metric`]: 'aggregate',
  [`GET ${SITE}/breakdowns`]: 'aggregate',
  // A referrer's favicon (an image from the referrer's own site).
  [`GET ${SITE}/favicon`]: 'aggregate',
  [`GET ${SITE}/page-titles`]: 'aggregate',
  [`GET ${SITE}/live-user-count`]: 'aggregate',
  [`GET ${SITE}/journeys`]: 'aggregate',
  [`GET ${SITE}/retention`]: 'aggregate',
  [`GET ${SITE}/performance/overview`]: 'aggregate',
  [`GET ${SITE}/performance/time-series`]: 'aggregate',
  [`GET ${SITE}/performance/by-dimension`]: 'aggregate',
  [`GET ${SITE}/bots/overview`]: 'aggregate',
  [`GET ${SITE}/bots/time-series`]: 'aggregate',
  [`GET ${SITE}/bots/by-dimension`]: 'aggregate',
  [`GET ${SITE}/bots/ai-summary`]: 'aggregate',
  [`GET ${SITE}/goals`]: 'aggregate',
  [`GET ${SITE}/goals/time-series`]: 'aggregate',
  [`GET ${SITE}/goals/:goalId/time-series`]: 'aggregate',
  [`POST ${SITE}/goals/preview`]: 'aggregate',
  [`GET ${SITE}/revenue`]: 'aggregate',
  [`GET ${SITE}/revenue/breakdown`]: 'aggregate',
  [`GET ${SITE}/funnels`]: 'aggregate',
  [`POST ${SITE}/funnels/analyze`]: 'aggregate',
  [`GET ${SITE}/events/time-series`]: 'aggregate',
  [`GET ${SITE}/events/names`]: 'aggregate',
  [`GET ${SITE}/events/properties`]: 'aggregate',
  [`GET ${SITE}/events/outbound`]: 'aggregate',
  [`GET ${SITE}/events/count`]: 'aggregate',
  [`GET ${SITE}/events/autocapture`]: 'aggregate',
  [`GET ${SITE}/events/autocapture-values`]: 'aggregate',
  [`GET ${SITE}/errors/names`]: 'aggregate',
  [`GET ${SITE}/errors/time-series`]: 'aggregate',
  // Sessions counted per place (latitude and longitude of a city), never one row per session.
  [`GET ${SITE}/sessions/locations`]: 'aggregate',
  // Public segments and annotations only (the routes filter them for readers outside the organization).
  [`GET ${SITE}/segments`]: 'aggregate',
  [`GET ${SITE}/segments/:segmentId`]: 'aggregate',
  [`GET ${SITE}/annotations`]: 'aggregate',
  // People-level: rows naming a person or a session.
  [`GET ${SITE}/users`]: 'people',
  [`GET ${SITE}/users/:userId`]: 'people',
  [`GET ${SITE}/users/session-count`]: 'people',
  [`GET ${SITE}/user-traits/keys`]: 'people',
  [`GET ${SITE}/user-traits/values`]: 'people',
  [`GET ${SITE}/user-traits/users`]: 'people',
  [`GET ${SITE}/sessions`]: 'people',
  [`GET ${SITE}/sessions/:sessionId`]: 'people',
  [`GET ${SITE}/events`]: 'people',
  [`GET ${SITE}/errors/events`]: 'people',
  [`GET ${SITE}/goals/:goalId/sessions`]: 'people',
  [`POST ${SITE}/funnels/:stepNumber/sessions`]: 'people',
  // Recordings show what a visitor saw and did: people-level.
  [`GET ${SITE}/session-replay/list`]: 'people',
  [`GET ${SITE}/session-replay/:sessionId`]: 'people',
  // The organization's own: settings, exports, imports, webhooks.
  [`GET ${SITE}/export`]: 'members',
  [`GET ${SITE}/imports`]: 'members',
  [`GET ${SITE}/private-link-config`]: 'members',
  [`GET ${SITE}/excluded-ips`]: 'members',
  [`GET ${SITE}/excluded-countries`]: 'members',
  [`GET ${SITE}/excluded-paths`]: 'members',
  [`GET ${SITE}/excluded-hostnames`]: 'members',
  [`GET ${SITE}/excluded-user-agents`]: 'members',
  [`GET ${SITE}/excluded-asns`]: 'members',
  [`GET ${SITE}/excluded-query-params`]: 'members',
  ['GET /api/sites/:siteId/webhooks']: 'members',
  ['GET /api/sites/:siteId/webhooks/:webhookId']: 'members',
  ['GET /api/sites/:siteId/webhooks/:webhookId/deliveries']: 'members',
  ['GET /api/sites/:siteId/alerts']: 'members',
  ['GET /api/sites/:siteId/alerts/:alertId']: 'members',
  ['GET /api/sites/:siteId/alert-firings']: 'members',
  ['GET /api/sites/:siteId/alert-presets']: 'members',
  ['GET /api/sites/:siteId/email-reports']: 'members',
};

/**
 * Dimensions whose values name a person: readers outside the organization may neither break a report down by
 * them nor filter on them (a filter would tell whether a given person visited), unless the site opts in.
 */
export const PEOPLE_DIMENSIONS: ReadonlySet<string> = new Set(['user_id']);

/** The audience of a route, by method (HEAD counts as GET) and route pattern; members-only when unlisted. */
export function readAudienceOf(method: string, url: string): ReadAudience {
  const key = `${method === 'HEAD' ? 'GET' : method} ${url}`;
  return Object.hasOwn(SITE_READ_AUDIENCE, key) ? (SITE_READ_AUDIENCE[key] ?? 'members') : 'members';
}

/** True when the route only reads: a GET, or a POST the table lists as a read. */
export function isReadRoute(method: string, url: string): boolean {
  return method === 'GET' || method === 'HEAD' || Object.hasOwn(SITE_READ_AUDIENCE, `${method} ${url}`);
}
