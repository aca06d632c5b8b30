// Organization-wide site routes in Rybbit's shapes: the sites list with activity, teams and
// subscription, and the events per day across the organization's sites (the usage chart).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Guards } from '../platform/http/guards.js';
import { principalOf } from '../platform/http/guards.js';
import { ANY_CREDENTIAL, OrganizationParams } from '../platform/http/route-docs.js';
import { resolveTimeRange } from '../stats/time-range.js';
import { organizationSitesView, visibleOrganizationSites, type OrganizationSitesDeps } from './organization-sites.js';
import { dailyEventCounts } from './site-activity.query.js';
import { OrganizationSitesSchema } from './organization-sites.schema.js';

export interface OrganizationSitesRoutesDeps extends OrganizationSitesDeps {
  readonly guards: Guards;
  readonly clock: () => number;
}

const optionalText = (schema: z.ZodString) => z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

const OrgEventCountQuery = z.object({
  start_date: optionalText(z.string().regex(/^\d{4}-\d{2}-\d{2}$/)).describe('first local day (YYYY-MM-DD), with end_date'),
  end_date: optionalText(z.string().regex(/^\d{4}-\d{2}-\d{2}$/)).describe('last local day, inclusive (YYYY-MM-DD)'),
  time_zone: optionalText(z.string().max(64)).describe('IANA time zone of the days; default UTC'),
});

export const organizationSitesRoutes: FastifyPluginAsyncZod<OrganizationSitesRoutesDeps> = async (app, deps) => {
  app.get('/api/organizations/:organizationId/sites', {
    onRequest: deps.guards.organization({ scope: 'sites:read' }),
    schema: {
      tags: ['Sites'],
      summary: "The organization's sites the caller sees, with sessions in the last 24 hours and their teams",
      description: 'Sorted by sessionsLast24Hours, most first. `isOwner` is true for admins and owners. A self-hosted instance has no event limit: `subscription.eventLimit` is null and `overMonthlyLimit` false.',
      security: ANY_CREDENTIAL,
      params: OrganizationParams,
      response: { 200: OrganizationSitesSchema },
    },
  }, async (request) => {
    const role = request.organizationRole ?? 'member';
    return organizationSitesView(deps, principalOf(request), request.params.organizationId, role, new Date(deps.clock()));
  });

  app.get('/api/org-event-count/:organizationId', {
    onRequest: deps.guards.organization({ scope: 'analytics:read' }),
    schema: {
      tags: ['Organizations'],
      summary: "Events per day across the organization's sites the caller can read, by type",
      description: 'Each day: `event_date` (`YYYY-MM-DD 00:00:00` in time_zone), one `<type>_count` per event type and `event_count`. Without dates: every day from the first to the last with events.',
      security: ANY_CREDENTIAL,
      params: OrganizationParams,
      querystring: OrgEventCountQuery,
    },
  }, async (request) => {
    const range = resolveTimeRange(request.query, new Date(deps.clock()));
    const role = request.organizationRole ?? 'member';
    const sites = await visibleOrganizationSites(deps, principalOf(request), request.params.organizationId, role);
    return { data: await dailyEventCounts(deps.analytics, sites.map((site) => site.siteId), range) };
  });
};
