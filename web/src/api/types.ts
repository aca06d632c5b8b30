// The API shapes the dashboard reads: taken from the generated schema.d.ts where the route declares its response,
// written here (narrowly, only the fields used) where it does not yet; each such type names its route.
import type { paths } from './schema';

/** The JSON body of a 200 answer to GET `P`, from the OpenAPI document. */
export type GetResponse<P extends keyof paths> = paths[P] extends { get: { responses: { 200: { content: { 'application/json': infer B } } } } } ? B : never;
/** The JSON body a POST to `P` takes, from the OpenAPI document. */
export type PostBody<P extends keyof paths> = paths[P] extends { post: { requestBody: { content: { 'application/json': infer B } } } } ? B : never;

export type InstanceConfig = GetResponse<'/api/config'>;
export type UserOrganization = GetResponse<'/api/user/organizations'>[number];
export type HasData = GetResponse<'/api/sites/{site}/has-data'>;
export type NewSite = PostBody<'/api/organizations/{organizationId}/sites'>;
export type SignUpBody = PostBody<'/api/auth/sign-up/email'>;
export type SignInBody = PostBody<'/api/auth/sign-in/email'>;
export type NewOrganization = PostBody<'/api/auth/organization/create'>;

/** GET /api/auth/get-session (null when signed out); the route declares no response schema. */
export type Session = { user: { id: string; email: string; name: string } } | null;

/** A site as POST /api/organizations/{org}/sites and GET /api/sites/{site} return it (no response schema yet). */
export interface Site {
  siteId: number;
  /** The 12-character public id the script tag carries. */
  id: string;
  domain: string;
  name: string;
  organizationId: string;
}

/** GET /api/organizations/{org}/sites (no response schema yet). */
export interface OrganizationSites {
  organization: { id: string; name: string; slug: string } | null;
  role: string;
  sites: Array<Site & { sessionsLast24Hours: number }>;
}

/** The figures of GET /api/sites/{site}/overview and each bucket of /overview/time-series (no response schema yet). */
export interface OverviewFigures {
  sessions: number;
  pageviews: number;
  users: number;
  pages_per_session: number;
  bounce_rate: number;
  session_duration: number;
}

export interface Overview { data: OverviewFigures }
export interface OverviewTimeSeries { data: Array<OverviewFigures & { time: string }> }

/** GET /api/sites/{site}/live-user-count (no response schema yet). */
export interface LiveUserCount { count: number }

/** A row of GET /api/sites/{site}/metric (no response schema yet). */
export interface MetricEntry {
  value: string;
  count: number;
  percentage: number;
  sessions: number;
  pageviews: number;
  bounce_rate: number;
}
export interface MetricBreakdown { data: { data: MetricEntry[]; totalCount: number } }

/** An item of GET /api/sites/{site}/annotations. */
export type Annotation = GetResponse<'/api/sites/{site}/annotations'>[number];

/** GET /api/sites/{site}/events/properties (no response schema yet). */
export interface EventProperties { data: Array<{ propertyKey: string; propertyValue: string; count: number }> }
/** GET /api/sites/{site}/events/outbound (no response schema yet). */
export interface OutboundLinks { data: Array<{ url: string; count: number; lastClicked: string }> }
