// Step: find the site named by site_id (numeric siteId or public id).
import type { SiteRepository } from '../../sites/index.js';
import { drop, ok, type Step } from '../pipeline.js';
import type { TrackContext } from './track-context.js';

export function resolveSite(sites: SiteRepository): Step<TrackContext> {
  return {
    name: 'resolve-site',
    async run(context) {
      const site = await sites.get(context.payload.site_id);
      if (!site) return drop('site_not_found', { message: 'Site not found' });
      context.site = site;
      return ok();
    },
  };
}
