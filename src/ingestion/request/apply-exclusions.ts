// Step: events the site owner excluded (IPs/CIDRs, paths, hostnames, user agents) are acknowledged, not stored.
import { drop, ok, type Step } from '../pipeline.js';
import { siteOf, type TrackContext } from './track-context.js';
import { exclusionsFor } from './site-exclusions.js';

export function applyExclusions(): Step<TrackContext> {
  return {
    name: 'apply-exclusions',
    run(context) {
      const exclusions = exclusionsFor(siteOf(context));
      if (exclusions.ip(context.ip)) return drop('excluded_ip', { message: 'Event not tracked - IP excluded' });
      if (exclusions.path(context.payload.pathname ?? '')) return drop('excluded_path', { message: 'Event not tracked - path excluded' });
      if (exclusions.hostname(context.payload.hostname ?? '')) return drop('excluded_hostname', { message: 'Event not tracked - hostname excluded' });
      if (exclusions.userAgent(context.userAgent)) return drop('excluded_user_agent', { message: 'Event not tracked - user agent excluded' });
      return ok();
    },
  };
}
