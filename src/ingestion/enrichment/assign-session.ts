// Enrichment step: the 30-minute sliding session of the visitor (identified users get sessions of their own),
// and whether this event's visitor attributes differ from the session's first event's.
import { hash } from 'node:crypto';
import type { SessionStore, SessionVisit } from '../../platform/shared-state/session-store.js';
import type { EnrichContext } from './enrich-context.js';
import { drop, ok, type Step, type StepResult } from '../pipeline.js';

/**
 * The nine visitor attributes the `sessions` table keeps (migration 0009), as one short key: the values the
 * row gets. Rows may clean values further (lone surrogates), which can only make two keys' rows equal, so a
 * differing key marks at worst a session that agrees, and such a session is computed from its events.
 */
export function attributesKey(context: EnrichContext): string {
  const { ua, geo, record } = context;
  if (!ua || !geo) throw new Error('parse-user-agent and geolocate must run before assign-session');
  const values = [geo.country, geo.region, geo.city, ua.browser, ua.browser_version, ua.operating_system, ua.operating_system_version, ua.device_type, record.payload.language ?? ''];
  return hash('sha1', values.join('\u0000'), 'base64url');
}

function joined(context: EnrichContext, visit: SessionVisit | undefined): StepResult {
  if (visit === undefined) return drop('visit_ended');
  context.session = visit;
  return ok();
}

export function assignSession(sessions: SessionStore): Step<EnrichContext> {
  return {
    name: 'assign-session',
    // Synchronous with the in-process store: no promise per event.
    run(context) {
      const { record } = context;
      const identifiedUserId = record.payload.user_id;
      const sessionKey = identifiedUserId ? `${record.site_id}:u:${identifiedUserId}` : `${record.site_id}:v:${record.user_id}`;
      // An engagement event reports on a page of a running visit: it extends the visit, never opens one (a tab
      // brought back after the session ended would otherwise make a session without a pageview).
      const visit = record.payload.type === 'engagement'
        ? sessions.extend(sessionKey, record.at, attributesKey(context))
        : sessions.touch(sessionKey, record.at, attributesKey(context));
      return visit instanceof Promise ? visit.then((settled) => joined(context, settled)) : joined(context, visit);
    },
  };
}
