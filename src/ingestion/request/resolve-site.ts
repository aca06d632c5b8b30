// Step: find the site named by site_id (numeric siteId or public id).
import type { Site, SiteRepository } from '../../sites/index.js';
import { drop, ok, type StepResult, type Step } from '../pipeline.js';
import type { TrackContext } from './track-context.js';

function settle(context: TrackContext, site: Site | undefined): StepResult {
  if (!site) return drop('site_not_found', { message: 'Site not found' });
  context.site = site;
  return ok();
}

export function resolveSite(sites: SiteRepository): Step<TrackContext> {
  return {
    name: 'resolve-site',
    run(context) {
      // Answered from the repository's cache without a promise when the site was looked up a moment ago.
      const cached = sites.cached(context.payload.site_id);
      if (cached) return settle(context, cached.site);
      return sites.get(context.payload.site_id).then((site) => settle(context, site));
    },
  };
}
