// The dashboard's writes to one person of a site: link a device to a user, replace traits (erasing: erase.routes.ts).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AnalyticsStore } from '../platform/analytics-store/analytics-store.js';
import type { Guards } from '../platform/http/guards.js';
import { siteOf } from '../platform/http/guards.js';
import { ANY_CREDENTIAL, SiteParams, SuccessSchema } from '../platform/http/route-docs.js';
import type { IdentifyService } from '../ingestion/index.js';
import { latestTraits } from '../reports/index.js';
import { spoolsStored } from './spools-stored.js';
import { IdentifyUserBodySchema, UserPathParams, UserTraitsBodySchema, withoutNulls } from './user-data.schema.js';

export interface UserDataRoutesDeps {
  readonly guards: Guards;
  readonly analytics: AnalyticsStore;
  readonly identify: IdentifyService;
  /** Stores every event and identity row received so far (the durable spools), so reads and deletes see them. */
  readonly flushSpools: () => Promise<void>;
}

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
};
