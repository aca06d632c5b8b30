// Step: the anonymous visitor id and the 30-minute sliding session (identified users get sessions of their own).
import type { SessionStore } from '../../platform/shared-state/session-store.js';
import { visitorId } from '../enrichment/visitor-id.js';
import { ok, type Step } from '../pipeline.js';
import { siteOf, type TrackContext } from '../track-context.js';
import type { DailySalts } from '../daily-salts.js';

export function assignSession(deps: { sessions: SessionStore; salts: DailySalts }): Step<TrackContext> {
  return {
    name: 'assign-session',
    async run(context) {
      const site = siteOf(context);
      const { anonymous_id: anonymousId, user_id: identifiedUserId } = context.payload;
      const salt = site.saltUserIds && !anonymousId ? await deps.salts.saltFor(context.nowMs) : undefined;
      const userId = visitorId({
        ip: context.ip,
        userAgent: context.userAgent,
        siteId: site.siteId,
        ...(anonymousId ? { anonymousId } : {}),
        ...(salt ? { salt } : {}),
      });
      const sessionKey = identifiedUserId ? `${site.siteId}:u:${identifiedUserId}` : `${site.siteId}:v:${userId}`;
      context.visitor = { userId, sessionId: await deps.sessions.touch(sessionKey, context.nowMs) };
      return ok();
    },
  };
}
