// Registers a GET report under /api/sites/:site: site guard (who reads beyond the organization is the route's
// entry in platform/http/site-read-audience.ts), the common
// parameters parsed into a StatsQuery, the report's own parameters validated, one query function called.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Kysely } from 'kysely';
import type { MetadataDatabase } from '../platform/metadata-store/metadata-schema.js';
import type { AnalyticsStore } from '../platform/analytics-store/analytics-store.js';
import type { Guards } from '../platform/http/guards.js';
import { siteOf } from '../platform/http/guards.js';
import type { SiteRef } from '../platform/http/access-control.js';
import { ForbiddenError, UnauthorizedError } from '../platform/http/app-errors.js';
import { PEOPLE_DIMENSIONS } from '../platform/http/site-read-audience.js';
import type { Scope } from '../platform/http/principal.js';
import type { OpenApiTag } from '../platform/http/openapi.js';
import { OPTIONAL_CREDENTIAL } from '../platform/http/route-docs.js';
import type { SegmentRepository } from '../segments/index.js';
import type { SiteRepository } from '../sites/index.js';
import type { GoalRepository } from '../goals/index.js';
import type { FunnelRepository } from './funnels/funnel.repository.js';
import { commonParamsSchema, parseCommonParams, statsQueryFromParams, type CommonParams, type ParseCommonParamsOptions } from '../stats/common-params.schema.js';
import { storeRegexProblem } from '../stats/regex-check.js';
import type { StatsQuery } from '../stats/stats-query.js';
import type { CurrencyRates } from '../revenue/currency-rates.js';
import { responseTimeDescription } from './response-time.js';
import { ReportFormatParam, sendReportCsv, wantsCsv } from './report-csv.js';

export interface ReportDeps {
  readonly guards: Guards;
  readonly analytics: AnalyticsStore;
  readonly segments: SegmentRepository;
  readonly clock: () => number;
  /** The metadata store, for reports over saved definitions (goals, funnels, annotations). */
  readonly metadata: Kysely<MetadataDatabase>;
  /** The sites' records, for a site's reporting currency. */
  readonly sites: Pick<SiteRepository, 'get'>;
  /** The operator's exchange rates, for revenue in a site's reporting currency. */
  readonly currencyRates: CurrencyRates;
  /** The goals feature's repository: the goals report reads the definitions it counts. */
  readonly goals: GoalRepository;
  /** Saved funnels (the funnels report's own definitions). */
  readonly funnels: FunnelRepository;
}

export interface ReportContext<P> {
  readonly site: SiteRef;
  readonly query: StatsQuery;
  /** The report's own query parameters, validated. */
  readonly params: P;
  /** Path parameters beyond `site` (e.g. sessionId). */
  readonly path: Readonly<Record<string, string>>;
  readonly store: AnalyticsStore;
  readonly now: Date;
}

export interface ReportDefinition<S extends z.ZodRawShape, R extends z.ZodType = z.ZodUnknown> {
  /** Path after /api/sites/:site, e.g. `/overview`. */
  readonly path: string;
  readonly tag: OpenApiTag;
  readonly summary: string;
  readonly scope?: Scope;
  /** The report's own query parameters (the common ones are added). */
  readonly params?: S;
  /** Extra path parameters, e.g. `{ sessionId: z.string().min(1) }`. */
  readonly pathParams?: z.ZodRawShape;
  /**
   * The 200 answer's schema, for the OpenAPI document (and the dashboard's generated types). The answer is
   * serialized through it: only its keys are sent, in its order, and a value it refuses is a 500, so it must
   * declare exactly what `run` returns.
   */
  readonly response?: R;
  readonly run: (context: ReportContext<z.output<z.ZodObject<S>>>) => Promise<z.input<R>>;
}

/** Builds the StatsQuery of a request (used by report routes and by POST reports such as funnels). */
export async function statsQueryOf(request: FastifyRequest, deps: ReportDeps, site: SiteRef): Promise<StatsQuery> {
  const query = await parseCommonParams(request.query, new Date(deps.clock()), segmentAccess(request, deps, site));
  refusePeopleDimensions(request, site, query.filters.map((filter) => filter.parameter));
  return query;
}

/**
 * A reader outside the site's organization (public site, private link) gets aggregates only: a breakdown by, or a
 * filter on, a dimension that names people (user_id) would list them or tell whether one visited. Refused like a
 * people-level route: 401 without a credential, 403 with one, unless the site opted in (publicPeopleData).
 */
function refusePeopleDimensions(request: FastifyRequest, site: SiteRef, names: ReadonlyArray<string | undefined>): void {
  if (request.organizationRole !== null || site.publicPeopleData) return;
  const named = names.find((name) => name !== undefined && PEOPLE_DIMENSIONS.has(name));
  if (named === undefined) return;
  if (!request.principal) throw new UnauthorizedError();
  throw new ForbiddenError(`Reports by ${named} are for members of the site's organization`);
}

/** The dimension parameters a report may take (metric's parameter, by-dimension reports' dimension, breakdowns' list). */
function dimensionParamsOf(params: Record<string, unknown>): Array<string | undefined> {
  const listed = typeof params.parameters === 'string' ? params.parameters.split(',') : [];
  return [params.parameter, params.dimension, ...listed].map((value) => (typeof value === 'string' ? value : undefined));
}

/** The site being read, the saved segments this request may apply, and the store that judges regexes. */
function segmentAccess(request: FastifyRequest, deps: ReportDeps, site: SiteRef): ParseCommonParamsOptions {
  // A viewer of a public site without a role in its organization may apply public segments only.
  const publicOnly = request.organizationRole === null;
  return {
    siteId: site.siteId,
    regexProblem: storeRegexProblem(deps.analytics),
    resolveSegment: async (segmentId) => {
      const segment = await deps.segments.get(site.siteId, segmentId);
      return segment && (!publicOnly || segment.isPublic) ? segment.filters : undefined;
    },
  };
}

function optionalDescription(description: string | undefined): { description?: string } {
  return description === undefined ? {} : { description };
}

export function registerReport<S extends z.ZodRawShape, R extends z.ZodType = z.ZodUnknown>(
  app: FastifyInstance,
  deps: ReportDeps,
  definition: ReportDefinition<S, R>,
): void {
  const ownParams = z.object(definition.params ?? ({} as S));
  const querystring = commonParamsSchema.extend(ownParams.shape).extend(ReportFormatParam);
  app.withTypeProvider<ZodTypeProvider>().get(`/api/sites/:site${definition.path}`, {
    onRequest: deps.guards.site({ scope: definition.scope ?? 'analytics:read' }),
    schema: {
      tags: [definition.tag],
      summary: definition.summary,
      ...optionalDescription(responseTimeDescription(definition.path)),
      security: OPTIONAL_CREDENTIAL,
      params: z.object({ site: z.string().min(1), ...(definition.pathParams ?? {}) }),
      querystring,
      ...(definition.response === undefined ? {} : { response: { 200: definition.response } }),
    },
  }, async (request, reply) => {
    const site = siteOf(request);
    const { site: _site, ...path } = request.params as Record<string, string>;
    // The route's schema has validated the whole query string (common and own parameters) into its output.
    const validated = request.query as CommonParams & z.output<z.ZodObject<S>> & { format?: 'json' | 'csv' };
    const query = await statsQueryFromParams(validated, new Date(deps.clock()), segmentAccess(request, deps, site));
    refusePeopleDimensions(request, site, [...query.filters.map((filter) => filter.parameter), ...dimensionParamsOf(validated)]);
    const answer = await definition.run({
      site,
      query,
      params: validated,
      path,
      store: deps.analytics,
      now: new Date(deps.clock()),
    });
    return wantsCsv(validated.format, request.headers.accept) ? sendReportCsv(reply, definition.path, answer) : answer;
  });
}
