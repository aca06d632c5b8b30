// Step: events the site owner excluded (IPs/CIDRs, paths, hostnames, user agents), and with respectDoNotTrack
// browser calls from visitors who ask not to be tracked, are acknowledged, not stored.
import { drop, ok, type Step } from '../pipeline.js';
import { siteOf, type TrackContext } from './track-context.js';
import { exclusionsFor } from './site-exclusions.js';

/**
 * Browsers send `DNT: 1` when the visitor turned Do Not Track on and `Sec-GPC: 1` for Global Privacy Control,
 * on every request, the tracker's included; so the server honours them without a byte of tracker code. Calls
 * with an API key come from the site's own servers, which decide for themselves.
 */
export function asksNotToBeTracked(headers: Readonly<Record<string, string | string[] | undefined>>): boolean {
  return headers.dnt === '1' || headers['sec-gpc'] === '1';
}

export function applyExclusions(): Step<TrackContext> {
  return {
    name: 'apply-exclusions',
    run(context) {
      const exclusions = exclusionsFor(siteOf(context));
      if (exclusions.ip(context.ip)) return drop('excluded_ip', { message: 'Event not tracked - IP excluded' });
      if (exclusions.path(context.payload.pathname ?? '')) return drop('excluded_path', { message: 'Event not tracked - path excluded' });
      if (exclusions.hostname(context.payload.hostname ?? '')) return drop('excluded_hostname', { message: 'Event not tracked - hostname excluded' });
      if (exclusions.userAgent(context.userAgent)) return drop('excluded_user_agent', { message: 'Event not tracked - user agent excluded' });
      if (siteOf(context).respectDoNotTrack && !context.keyed && asksNotToBeTracked(context.request.headers)) {
        return drop('do_not_track', { message: 'Event not tracked - Do Not Track or Global Privacy Control' });
      }
      return ok();
    },
  };
}
