// The small per-site routes Rybbit's dashboard shell calls: has-data, is-public, the private link
// settings (admins only) and the exclusion lists, each in Rybbit's shape.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AnalyticsStore } from '../platform/analytics-store/analytics-store.js';
import type { Guards } from '../platform/http/guards.js';
import { siteOf } from '../platform/http/guards.js';
import { ANY_CREDENTIAL, OPTIONAL_CREDENTIAL, SiteParams } from '../platform/http/route-docs.js';
import type { PrivateLinks } from './private-links.js';
import { siteHasData } from './site-activity.query.js';
import type { SiteRepository } from './site.repository.js';
import type { SiteSettings } from './site-settings.schema.js';
import { NotFoundError } from '../platform/http/app-errors.js';

export interface SiteShellRoutesDeps {
  readonly guards: Guards;
  readonly sites: SiteRepository;
  readonly analytics: AnalyticsStore;
  readonly privateLinks: PrivateLinks;
  readonly clock: () => number;
}

const PrivateLinkConfigSchema = z.object({
  success: z.literal(true),
  data: z.object({
    privateLinkKey: z.string().nullable().describe('the key the x-private-key header carries; null when the site has none'),
    hasPassword: z.boolean().describe('whether the link asks for a password (a Loupe addition; PUT .../private-link-password)'),
  }),
});

const PrivateLinkActionSchema = z.object({ action: z.enum(['generate_private_link_key', 'revoke_private_link_key']) }).strict();

/** Path suffix -> the setting it lists (Rybbit's response field is the setting's name). */
const EXCLUSION_LISTS = {
  'excluded-ips': 'excludedIPs',
  'excluded-countries': 'excludedCountries',
  'excluded-paths': 'excludedPaths',
  'excluded-hostnames': 'excludedHostnames',
  'excluded-user-agents': 'excludedUserAgents',
} as const satisfies Record<string, keyof SiteSettings>;

export const siteShellRoutes: FastifyPluginAsyncZod<SiteShellRoutesDeps> = async (app, { guards, sites, analytics, privateLinks, clock }) => {
  const readAnalytics = guards.site({ scope: 'analytics:read' });
  const managePrivateLink = guards.site({ scope: 'sites:write', role: 'admin' });

  app.get('/api/sites/:site/has-data', {
    onRequest: readAnalytics,
    schema: { tags: ['Sites'], summary: 'Whether the site has stored any event yet', security: OPTIONAL_CREDENTIAL, params: SiteParams, response: { 200: z.object({ hasData: z.boolean() }) } },
  }, async (request) => ({ hasData: await siteHasData(analytics, siteOf(request).siteId) }));

  // Asked before anything else, signed in or not: it answers false alike for a private site and an unknown id.
  app.get('/api/sites/:site/is-public', {
    schema: {
      tags: ['Sites'], summary: "Whether the site's aggregate reports are readable without credentials (false for a private or unknown site)",
      security: OPTIONAL_CREDENTIAL, params: SiteParams, response: { 200: z.object({ isPublic: z.boolean() }) },
    },
  }, async (request) => ({ isPublic: (await sites.get(request.params.site))?.public === true }));

  app.get('/api/sites/:site/private-link-config', {
    onRequest: managePrivateLink,
    schema: {
      tags: ['Sites'],
      summary: "The site's private link key (admins only)",
      description: 'A private link opens the site\'s read routes, read-only, to whoever sends its key in the `x-private-key` header.',
      security: ANY_CREDENTIAL, params: SiteParams, response: { 200: PrivateLinkConfigSchema },
    },
  }, async (request) => {
    const { siteId } = siteOf(request);
    return { success: true as const, data: { privateLinkKey: await privateLinks.current(siteId), hasPassword: await privateLinks.hasPassword(siteId) } };
  });

  app.post('/api/sites/:site/private-link-config', {
    onRequest: managePrivateLink,
    schema: {
      tags: ['Sites'],
      summary: 'Generate (or replace) or revoke the private link key',
      description: '`generate_private_link_key` returns a new key and invalidates the previous one; `revoke_private_link_key` returns null.',
      security: ANY_CREDENTIAL, params: SiteParams, body: PrivateLinkActionSchema, response: { 200: PrivateLinkConfigSchema },
    },
  }, async (request) => {
    const { siteId } = siteOf(request);
    if (request.body.action === 'revoke_private_link_key') {
      await privateLinks.revoke(siteId);
      return { success: true as const, data: { privateLinkKey: null, hasPassword: false } };
    }
    const privateLinkKey = await privateLinks.generate(siteId, new Date(clock()));
    return { success: true as const, data: { privateLinkKey, hasPassword: await privateLinks.hasPassword(siteId) } };
  });

  for (const [suffix, setting] of Object.entries(EXCLUSION_LISTS)) {
    app.get(`/api/sites/:site/${suffix}`, {
      onRequest: guards.site({ scope: 'sites:read' }),
      schema: { tags: ['Sites'], summary: `The site's ${setting} setting`, security: ANY_CREDENTIAL, params: SiteParams, response: { 200: z.object({ success: z.literal(true), [setting]: z.array(z.string()) }) } },
    }, async (request) => {
      const site = await sites.get(siteOf(request).siteId);
      if (!site) throw new NotFoundError('Site not found');
      return { success: true as const, [setting]: site[setting] };
    });
  }
};
