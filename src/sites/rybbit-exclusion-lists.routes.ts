// GET /api/sites/{site}/excluded-asns and /excluded-query-params: lists Rybbit's web app reads and Loupe does not
// support, always empty (a non-empty value is refused when settings are saved: rybbit-site-settings.ts).
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { NotFoundError } from '../platform/http/app-errors.js';
import type { Guards } from '../platform/http/guards.js';
import { siteOf } from '../platform/http/guards.js';
import { ANY_CREDENTIAL, SiteParams } from '../platform/http/route-docs.js';
import type { SiteRepository } from './site.repository.js';

/** Rybbit's lists Loupe does not support: always empty, since a non-empty value is refused. */
const EMPTY_LISTS = { 'excluded-asns': 'excludedASNs', 'excluded-query-params': 'excludedQueryParams' } as const;

export const rybbitExclusionListRoutes: FastifyPluginAsyncZod<{ guards: Guards; sites: SiteRepository }> = async (app, { guards, sites }) => {
  for (const [suffix, setting] of Object.entries(EMPTY_LISTS)) {
    app.get(`/api/sites/:site/${suffix}`, {
      onRequest: guards.site({ scope: 'sites:read' }),
      schema: {
        tags: ['Sites'], summary: `The site's ${setting} setting: always empty (not supported by Loupe)`, security: ANY_CREDENTIAL, params: SiteParams,
        response: { 200: z.object({ success: z.literal(true), [setting]: z.array(z.string()) }) },
      },
    }, async (request) => {
      if (!(await sites.get(siteOf(request).siteId))) throw new NotFoundError('Site not found');
      return { success: true as const, [setting]: [] };
    });
  }
};
