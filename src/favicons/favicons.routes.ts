// GET /api/sites/:site/favicon?domain=: a referrer's favicon, fetched by this server (the dashboard loads nothing
// from elsewhere) and cached. 204 when there is none, favicons are off (FAVICONS=false) or the host was never a
// referrer of the site (nothing is fetched then): the page draws a letter.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BadRequestError } from '../platform/http/app-errors.js';
import { siteOf, type Guards } from '../platform/http/guards.js';
import { OPTIONAL_CREDENTIAL, SiteParams } from '../platform/http/route-docs.js';
import type { FaviconCache } from './favicon-cache.js';
import { faviconDomain } from './favicon-domain.js';
import type { SeenReferrers } from './seen-referrers.query.js';

export interface FaviconsRouteDeps {
  readonly guards: Guards;
  /** Undefined when favicons are off. */
  readonly cache: FaviconCache | undefined;
  /** The bound: only hosts seen as referrers of the site are fetched for. */
  readonly referrers: SeenReferrers;
}

const QuerySchema = z.object({ domain: z.string().min(1).max(253).describe("a referrer's host name, e.g. www.example.com") });

export async function faviconsRoutes(instance: FastifyInstance, deps: FaviconsRouteDeps): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  app.get('/api/sites/:site/favicon', {
    onRequest: deps.guards.site({ scope: 'analytics:read' }),
    schema: {
      tags: ['Overview'],
      summary: "A referrer's favicon (its /favicon.ico, a raster image of at most 64 KB), fetched and cached by this server for a host seen as a referrer of the site; 204 when there is none, the host never referred to the site or the instance fetches none",
      security: OPTIONAL_CREDENTIAL,
      params: SiteParams,
      querystring: QuerySchema,
      response: {
        200: z.unknown().describe('the image (ICO, PNG, GIF, JPEG or WebP)'),
        204: z.null().describe('no favicon to show'),
      },
    },
  }, async (request, reply) => {
    const domain = faviconDomain(request.query.domain);
    if (domain === undefined) throw new BadRequestError('domain must be a host name such as www.example.com');
    const referred = deps.cache !== undefined && (await deps.referrers.seen(siteOf(request).siteId, domain));
    const favicon = referred ? await deps.cache?.get(domain) : undefined;
    if (!favicon) return reply.code(204).header('cache-control', 'private, max-age=3600').send();
    return reply
      .type(favicon.type)
      .header('cache-control', 'private, max-age=86400')
      .header('x-content-type-options', 'nosniff')
      .send(favicon.bytes);
  });
}
