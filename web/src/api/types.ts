// The API shapes the dashboard reads, derived from the generated schema.d.ts (the OpenAPI document of the
// routes, so the dashboard cannot drift from the API). Only better-auth's own routes declare no response
// schema: their narrow types (the fields used) are written here and in settings-types.ts, each naming its route.
import type { paths } from './schema';

type JsonOf<R> = R extends { content: { 'application/json': infer B } } ? B : never;

/** The JSON body of a 200 answer to `M` on `P`, from the OpenAPI document. */
export type AnswerOf<P extends keyof paths, M extends 'get' | 'post' | 'put' | 'patch' | 'delete'> =
  paths[P] extends { [K in M]: { responses: { 200: infer R } } } ? JsonOf<R> : never;
/** The JSON body `M` on `P` takes, from the OpenAPI document. */
export type BodyOf<P extends keyof paths, M extends 'post' | 'put' | 'patch'> = paths[P] extends { [K in M]: { requestBody: infer R } } ? JsonOf<R> : never;

export type GetResponse<P extends keyof paths> = AnswerOf<P, 'get'>;
export type PostResponse<P extends keyof paths> = AnswerOf<P, 'post'>;
export type PutResponse<P extends keyof paths> = AnswerOf<P, 'put'>;
export type DeleteResponse<P extends keyof paths> = AnswerOf<P, 'delete'>;
export type PostBody<P extends keyof paths> = BodyOf<P, 'post'>;
export type PutBody<P extends keyof paths> = BodyOf<P, 'put'>;

/** The API's time buckets: the `bucket` parameter of the time series, as the OpenAPI document lists them. */
export type Bucket = NonNullable<NonNullable<paths['/api/sites/{site}/overview/time-series']['get']['parameters']['query']>['bucket']>;

export type InstanceConfig = GetResponse<'/api/config'>;
export type UserOrganization = GetResponse<'/api/user/organizations'>[number];
export type HasData = GetResponse<'/api/sites/{site}/has-data'>;
export type IsPublic = GetResponse<'/api/sites/{site}/is-public'>;
export type NewSite = PostBody<'/api/organizations/{organizationId}/sites'>;
export type SignUpBody = PostBody<'/api/auth/sign-up/email'>;
export type SignInBody = PostBody<'/api/auth/sign-in/email'>;
export type NewOrganization = PostBody<'/api/auth/organization/create'>;

/** better-auth's GET /api/auth/get-session (null when signed out; declares no response schema): the fields used. */
export type Session = { user: { id: string; email: string; name: string; emailVerified: boolean } } | null;
/** better-auth's POST /api/auth/organization/create (declares no response schema): the field used. */
export interface CreatedOrganization { id: string }

/** GET /api/sites/{site}: the record with its settings for a member of the organization, the public view for anyone else. */
export type SiteAnswer = GetResponse<'/api/sites/{site}'>;
/** The record with its settings: a member's GET /api/sites/{site}, and the answer of PUT /api/sites/{site}/config. */
export type SiteRecord = PutResponse<'/api/sites/{site}/config'>;
/** What every answer about a site carries (both views of GET /api/sites/{site}, the organization's list, a created site). */
export type Site = Pick<SiteAnswer, 'siteId' | 'id' | 'domain' | 'name' | 'organizationId'>;
export type CreatedSite = PostResponse<'/api/organizations/{organizationId}/sites'>;
export type OrganizationSites = GetResponse<'/api/organizations/{organizationId}/sites'>;
export type DeletedSite = DeleteResponse<'/api/sites/{site}'>;

export type Overview = GetResponse<'/api/sites/{site}/overview'>;
export type OverviewFigures = Overview['data'];
export type OverviewTimeSeries = GetResponse<'/api/sites/{site}/overview/time-series'>;
export type LiveUserCount = GetResponse<'/api/sites/{site}/live-user-count'>;

export type MetricBreakdown = GetResponse<'/api/sites/{site}/metric'>;
export type MetricEntry = MetricBreakdown['data']['data'][number];
export type Annotation = GetResponse<'/api/sites/{site}/annotations'>[number];
export type EventProperties = GetResponse<'/api/sites/{site}/events/properties'>;
export type OutboundLinks = GetResponse<'/api/sites/{site}/events/outbound'>;
