// Enrichment step: the 30-minute sliding session of the visitor (identified users get sessions of their own).
import type { SessionStore } from '../../platform/shared-state/session-store.js';
import type { EnrichContext } from '../intake/enrich-context.js';
import { ok, type Step } from '../pipeline.js';

export function assignSession(sessions: SessionStore): Step<EnrichContext> {
  return {
    name: 'assign-session',
    async run(context) {
      const { record } = context;
      const identifiedUserId = record.payload.user_id;
      const sessionKey = identifiedUserId ? `${record.site_id}:u:${identifiedUserId}` : `${record.site_id}:v:${record.user_id}`;
      context.session = await sessions.touch(sessionKey, record.at);
      return ok();
    },
  };
}
