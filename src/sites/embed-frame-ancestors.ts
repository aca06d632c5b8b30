// Which origins may frame a dashboard page: in embed mode (`?embed=true`) on a site's page, `/sites/{site}/...` or
// the private link form `/{site}/{key}/...`, the origins the site lists in `embedOrigins`; none anywhere else.
import type { FastifyRequest } from 'fastify';
import type { SiteRepository } from './site.repository.js';

const SITE_PAGE = /^\/sites\/([0-9a-z]{1,12})(?:\/|$)/;
const PRIVATE_LINK_PAGE = /^\/([0-9a-z]{1,12})\/[0-9a-f]{12,32}(?:\/|$)/;

/** The site a dashboard page in embed mode belongs to, or undefined for any other request. */
export function embeddedSiteOf(method: string, url: string): string | undefined {
  if (method !== 'GET' && method !== 'HEAD') return undefined;
  const question = url.indexOf('?');
  if (question === -1) return undefined;
  const path = url.slice(0, question);
  if (path.startsWith('/api/') || new URLSearchParams(url.slice(question + 1)).get('embed') !== 'true') return undefined;
  return (SITE_PAGE.exec(path) ?? PRIVATE_LINK_PAGE.exec(path))?.[1];
}

export function embedFrameAncestors(sites: SiteRepository): (request: FastifyRequest) => Promise<readonly string[]> {
  return async (request) => {
    const site = embeddedSiteOf(request.method, request.url);
    if (site === undefined) return [];
    return (await sites.get(site))?.embedOrigins ?? [];
  };
}
