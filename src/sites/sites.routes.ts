// Site routes: create per organization (listing: organization-sites.routes.ts); read, configure and delete by numeric or hex id.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AnalyticsStore } from '../platform/analytics-store/analytics-store.js';
import { NotFoundError } from '../platform/http/app-errors.js';
import type { Guards } from '../platform/http/guards.js';
import { principalOf, siteOf } from '../platform/http/guards.js';
import { principalUserId, type Principal } from '../platform/http/principal.js';
import type { Site } from './site.js';
import { ANY_CREDENTIAL, OPTIONAL_CREDENTIAL, OrganizationParams, SiteParams, SuccessSchema } from '../platform/http/route-docs.js';
import { CreateSiteBodySchema, UpdateSiteBodySchema } from './site-settings.schema.js';
import type { SiteRepository } from './site.repository.js';
import { deleteSiteEverywhere } from './delete-site.js';
import { loupeSettingsOf, withRybbitFields } from './rybbit-site-settings.js';
import { TrackingConfigSchema, trackingConfigFor } from './tracking-config.js';
import { publicViewOf } from './site-public-view.js';
import { SiteAnswerSchema, SiteRecordSchema } from './site.schema.js';

export interface SitesRoutesDeps {
  readonly guards: Guards;
  readonly sites: SiteRepository;
  readonly analytics: AnalyticsStore;
  readonly visibleSites: (principal: Principal) => Promise<Site[]>;
  /** False when the operator turned off the tracking call's origin check (DISABLE_ORIGIN_CHECK). */
  readonly originCheck: boolean;
}

export const sitesRoutes: FastifyPluginAsyncZod<SitesRoutesDeps> = async (app, { guards, sites, analytics, visibleSites, originCheck }) => {
  const loadSite = async (ref: string) => {
    const site = await sites.get(ref);
    if (!site) throw new NotFoundError('Site not found');
    return site;
  };

  app.post('/api/organizations/:organizationId/sites', {
    onRequest: guards.organization({ scope: 'sites:write', role: 'admin' }),
    schema: { tags: ['Sites'], summary: 'Create a site in the organization', security: ANY_CREDENTIAL, params: OrganizationParams, body: CreateSiteBodySchema, response: { 200: SiteRecordSchema } },
  }, async (request) => {
    const { domain, name, ...settings } = loupeSettingsOf(request.body);
    return withRybbitFields(await sites.create({ organizationId: request.params.organizationId, domain, name, settings, createdBy: principalUserId(principalOf(request)) }));
  });

  app.get('/api/sites', {
    onRequest: guards.signedIn({ scope: 'sites:read' }),
    schema: { tags: ['Sites'], summary: 'Every site the caller can see, across its organizations', security: ANY_CREDENTIAL },
  }, async (request) => ({ data: await visibleSites(principalOf(request)) }));

  app.get('/api/sites/:site', {
    onRequest: guards.site({ scope: 'sites:read' }),
    schema: { tags: ['Sites'], summary: 'Get a site and its settings', security: OPTIONAL_CREDENTIAL, params: SiteParams, response: { 200: SiteAnswerSchema } },
  }, async (request) => {
    const site = withRybbitFields(await loadSite(String(siteOf(request).siteId)));
    // A visitor of a public site (or of a private link) reads its dashboard, not its owner's settings.
    return request.organizationRole === null ? publicViewOf(site) : site;
  });

  app.put('/api/sites/:site/config', {
    onRequest: guards.site({ scope: 'sites:write', role: 'admin' }),
    schema: { tags: ['Sites'], summary: "Update a site's domain, name or settings", security: ANY_CREDENTIAL, params: SiteParams, body: UpdateSiteBodySchema, response: { 200: SiteRecordSchema } },
  }, async (request) => withRybbitFields(await sites.update(await loadSite(String(siteOf(request).siteId)), loupeSettingsOf(request.body))));

  app.delete('/api/sites/:site', {
    onRequest: guards.site({ scope: 'sites:write', role: 'admin' }),
    schema: { tags: ['Sites'], summary: 'Delete a site with its analytics data', security: ANY_CREDENTIAL, params: SiteParams, response: { 200: SuccessSchema } },
  }, async (request) => {
    await deleteSiteEverywhere(await loadSite(String(siteOf(request).siteId)), sites, analytics, request.log);
    return { success: true as const };
  });

  app.get('/api/site/tracking-config/:site', {
    schema: {
      tags: ['Sites'],
      summary: 'Tracker toggles of a site, for its own pages',
      description:
        "Answered to a call from the site's own pages (its Origin, else its Referer, within the site's domain, as the tracking call's origin " +
        'check decides); any other call gets the 404 of an unknown site, so site ids cannot be walked to list domains. DISABLE_ORIGIN_CHECK lifts it.',
      security: OPTIONAL_CREDENTIAL, params: SiteParams, response: { 200: TrackingConfigSchema },
    },
  }, async (request) => {
    const config = trackingConfigFor(await sites.get(request.params.site), request.headers, { originCheck });
    if (!config) throw new NotFoundError('Site not found');
    return config;
  });
};
