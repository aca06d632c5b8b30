// The dashboard's writes to one person of a site: link a device to a user, replace traits, erase everything.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AnalyticsStore } from '../platform/analytics-store/analytics-store.js';
import { ServiceUnavailableError } from '../platform/http/app-errors.js';
import type { Guards } from '../platform/http/guards.js';
import { siteOf } from '../platform/http/guards.js';
import { ANY_CREDENTIAL, SiteParams, SuccessSchema } from '../platform/http/route-docs.js';
import type { IdentifyService } from '../ingestion/identify-service.js';
import { latestTraits } from '../reports/users/user-fields.js';
import { eraseUser } from './erase-user.js';
import { IdentifyUserBodySchema, UserPathParams, UserTraitsBodySchema, withoutNulls } from './user-data.schema.js';

export interface UserDataRoutesDeps {
  readonly guards: Guards;
  readonly analytics: AnalyticsStore;
  readonly identify: IdentifyService;
  /** Stores every event and identity row received so far (the durable spools), so reads and deletes see them. */
  readonly flushSpools: () => Promise<void>;
}

/** How long a write waits for the spools to reach the store (it retries while the store is down). */
const SPOOL_WAIT_MS = 30_000;

/** Resolves once the spools are stored; a 503 when the store does not take them in time (nothing was erased yet). */
async function spoolsStored(flushSpools: () => Promise<void>): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'late'>((resolve) => { timer = setTimeout(() => resolve('late'), SPOOL_WAIT_MS); });
  const outcome = await Promise.race([flushSpools().then(() => 'stored' as const), late]);
  clearTimeout(timer);
  if (outcome === 'late') throw new ServiceUnavailableError('The analytics store is not taking queued events; try again later', 30);
}

const ErasedSchema = z.object({
  success: z.literal(true),
  erased: z.object({ events: z.number(), sessions: z.number(), identities: z.number() }),
});

export const userDataRoutes: FastifyPluginAsyncZod<UserDataRoutesDeps> = async (app, { guards, analytics, identify, flushSpools }) => {
  app.post('/api/sites/:site/users/identify', {
    onRequest: guards.site({ scope: 'users:write' }),
    schema: {
      tags: ['Users'],
      summary: 'Link a device (anonymous visitor id) to an identified user, as the tracker\'s identify does, from the dashboard',
      description: 'Traits are merged into the user\'s latest traits. Past events of the device keep their identified user id; the link shows in the user\'s `linked_devices` and brings the device\'s unidentified events into an erasure of the user.',
      security: ANY_CREDENTIAL, params: SiteParams, body: IdentifyUserBodySchema, response: { 200: SuccessSchema },
    },
  }, async (request) => {
    const siteId = siteOf(request).siteId;
    const { anonymous_id, user_id, traits } = request.body;
    await spoolsStored(flushSpools);
    const current = (await latestTraits(analytics, siteId, [user_id])).get(user_id);
    const base = current !== null && typeof current === 'object' ? (current as Record<string, unknown>) : {};
    await identify.link({ siteId, identifiedUserId: user_id, deviceId: anonymous_id, anonymousId: '', traits: { ...base, ...withoutNulls(traits ?? {}) } });
    return { success: true as const };
  });

  app.put('/api/sites/:site/users/:userId/traits', {
    onRequest: guards.site({ scope: 'users:write' }),
    schema: {
      tags: ['User Traits'],
      summary: 'Replace an identified user\'s traits',
      security: ANY_CREDENTIAL, params: UserPathParams, body: UserTraitsBodySchema, response: { 200: SuccessSchema },
    },
  }, async (request) => {
    const siteId = siteOf(request).siteId;
    await identify.link({ siteId, identifiedUserId: request.params.userId, deviceId: '', anonymousId: '', traits: withoutNulls(request.body.traits) });
    return { success: true as const };
  });

  app.delete('/api/sites/:site/users/:userId', {
    onRequest: guards.site({ scope: 'users:write', role: 'admin' }),
    schema: {
      tags: ['Users'],
      summary: 'Erase a person\'s analytics data (admin)',
      description:
        'Deletes the events identified as the person and the unidentified events of their devices (their own key and every ' +
        'device identify linked to them), the copies and sessions built from those events, and their identity rows (links ' +
        'and traits). Events a linked device sent while identified as someone else stay. Everything received before the ' +
        'call is stored first, so queued events are erased too; events received after it are new data (503 when the store does ' +
        'not take the queue within 30 s; nothing is erased then). `erased` counts the events, the sessions removed whole (a ' +
        'session shared with someone else stays, rebuilt from their events) and the identity rows.',
      security: ANY_CREDENTIAL, params: UserPathParams, response: { 200: ErasedSchema },
    },
  }, async (request) => {
    await spoolsStored(flushSpools);
    const erased = await eraseUser(analytics, siteOf(request).siteId, request.params.userId);
    return { success: true as const, erased };
  });
};
