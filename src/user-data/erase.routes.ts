// Erasing for privacy requests: everything about one person, one visitor (device) or one session of a site.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AnalyticsStore } from '../platform/analytics-store/analytics-store.js';
import type { Guards } from '../platform/http/guards.js';
import { siteOf } from '../platform/http/guards.js';
import { ANY_CREDENTIAL } from '../platform/http/route-docs.js';
import type { EventOwner } from '../webhooks/index.js';
import { eraseSession, eraseUser, eraseVisitor, type Erased } from './erase-user.js';
import { spoolsStored } from './spools-stored.js';
import { UserPathParams } from './user-data.schema.js';

export interface EraseRoutesDeps {
  readonly guards: Guards;
  readonly analytics: AnalyticsStore;
  /** Stores every event and identity row received so far (the durable spools), so the erase sees them. */
  readonly flushSpools: () => Promise<void>;
  /** Deletes the webhook delivery log entries carrying the owner's events; returns how many. */
  readonly forgetDeliveries: (siteId: number, owner: EventOwner) => Promise<number>;
}

const ErasedSchema = z.object({
  success: z.literal(true),
  erased: z.object({ events: z.number(), sessions: z.number(), identities: z.number(), webhookDeliveries: z.number() }),
});

const VisitorPathParams = z.object({
  site: z.string().min(1).describe('Numeric siteId or 12-character hex public id'),
  visitorId: z.string().min(1).max(255).describe('anonymous visitor (device) id, as events carry it in `user_id`'),
});

/** A session id is a UInt64 written in decimal. */
const SessionPathParams = z.object({
  site: z.string().min(1).describe('Numeric siteId or 12-character hex public id'),
  sessionId: z.string().regex(/^\d{1,20}$/, 'must be a session id (decimal digits)').refine((id) => !/^\d{1,20}$/.test(id) || BigInt(id) <= 18446744073709551615n, 'must be a session id (at most 2^64 - 1)'),
});

const QUEUE_NOTE =
  'Everything received before the call is stored first, so queued events are erased too; events received after it are new data ' +
  '(503 when the store does not take the queue within 30 s; nothing is erased then). The webhook delivery log entries carrying ' +
  'the erased events are deleted too. Bot events carry no visitor or session id and are not touched.';

export const eraseRoutes: FastifyPluginAsyncZod<EraseRoutesDeps> = async (app, { guards, analytics, flushSpools, forgetDeliveries }) => {
  const erase = async (siteId: number, run: () => Promise<Erased>) => {
    await spoolsStored(flushSpools);
    const { owner, ...counts } = await run();
    return { success: true as const, erased: { ...counts, webhookDeliveries: await forgetDeliveries(siteId, owner) } };
  };
  const admin = guards.site({ scope: 'users:write', role: 'admin' });

  app.delete('/api/sites/:site/users/:userId', {
    onRequest: admin,
    schema: {
      tags: ['Users'],
      summary: 'Erase a person\'s analytics data (admin)',
      description:
        'Deletes the events identified as the person and the unidentified events of their devices (their own key and every ' +
        'device identify linked to them), the copies and sessions built from those events, and their identity rows (links ' +
        `and traits). Events a linked device sent while identified as someone else stay. ${QUEUE_NOTE} \`erased\` counts the ` +
        'events, the sessions removed whole (a session shared with someone else stays, rebuilt from their events), the identity rows and the log entries.',
      security: ANY_CREDENTIAL, params: UserPathParams, response: { 200: ErasedSchema },
    },
  }, async (request) => {
    const siteId = siteOf(request).siteId;
    return erase(siteId, () => eraseUser(analytics, siteId, request.params.userId));
  });

  app.delete('/api/sites/:site/visitors/:visitorId', {
    onRequest: admin,
    schema: {
      tags: ['Users'],
      summary: 'Erase a visitor\'s (device\'s) analytics data (admin)',
      description:
        'Deletes every event the device sent (its `user_id`), identified or not, the copies and sessions built from them, and the ' +
        `identity rows linking the device to a user. ${QUEUE_NOTE}`,
      security: ANY_CREDENTIAL, params: VisitorPathParams, response: { 200: ErasedSchema },
    },
  }, async (request) => {
    const siteId = siteOf(request).siteId;
    return erase(siteId, () => eraseVisitor(analytics, siteId, request.params.visitorId));
  });

  app.delete('/api/sites/:site/sessions/:sessionId', {
    onRequest: admin,
    schema: {
      tags: ['Sessions'],
      summary: 'Erase one session\'s analytics data (admin)',
      description: `Deletes every event of the session, their copies and the session's row. ${QUEUE_NOTE}`,
      security: ANY_CREDENTIAL, params: SessionPathParams, response: { 200: ErasedSchema },
    },
  }, async (request) => {
    const siteId = siteOf(request).siteId;
    return erase(siteId, () => eraseSession(analytics, siteId, request.params.sessionId));
  });
};
