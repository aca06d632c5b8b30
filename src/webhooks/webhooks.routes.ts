// Webhook management under /api/sites/:siteId/webhooks (webhooks:read to read, webhooks:write and admin to change).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Guards } from '../platform/http/guards.js';
import { principalOf, siteOf } from '../platform/http/guards.js';
import { principalUserId } from '../platform/http/principal.js';
import { ANY_CREDENTIAL, SuccessSchema } from '../platform/http/route-docs.js';
import {
  CreatedWebhookSchema, CreateWebhookBodySchema, DeliveryLogSchema, RotatedSecretSchema, SiteIdParams, TestPingResultSchema, UpdateWebhookBodySchema,
  WebhookAnswerSchema, WebhookListSchema, WebhookParams,
} from './webhook.schema.js';
import type { WebhookService } from './webhook-service.js';

export interface WebhooksRoutesDeps {
  readonly guards: Guards;
  readonly service: WebhookService;
}

const BASE = '/api/sites/:siteId/webhooks';
const docs = (summary: string) => ({ tags: ['Sites'], summary, security: ANY_CREDENTIAL });

export const webhooksRoutes: FastifyPluginAsyncZod<WebhooksRoutesDeps> = async (app, { guards, service }) => {
  const read = guards.site({ scope: 'webhooks:read' });
  const write = guards.site({ scope: 'webhooks:write', role: 'admin' });

  app.post(BASE, { onRequest: write, schema: { ...docs('Create a webhook; the signing secret is shown only in this response'), params: SiteIdParams, body: CreateWebhookBodySchema, response: { 200: CreatedWebhookSchema } } },
    async (request) => ({ data: await service.create(siteOf(request), request.body, principalUserId(principalOf(request)) ?? null) }));

  app.get(BASE, { onRequest: read, schema: { ...docs("List the site's webhooks"), params: SiteIdParams, response: { 200: WebhookListSchema } } },
    async (request) => ({ data: await service.list(siteOf(request)) }));

  app.get(`${BASE}/:webhookId`, { onRequest: read, schema: { ...docs('Get a webhook'), params: WebhookParams, response: { 200: WebhookAnswerSchema } } },
    async (request) => ({ data: await service.get(siteOf(request), request.params.webhookId) }));

  app.patch(`${BASE}/:webhookId`, { onRequest: write, schema: { ...docs('Change a webhook; enabled:true re-enables it and resets the failure count'), params: WebhookParams, body: UpdateWebhookBodySchema, response: { 200: WebhookAnswerSchema } } },
    async (request) => ({ data: await service.update(siteOf(request), request.params.webhookId, request.body) }));

  app.delete(`${BASE}/:webhookId`, { onRequest: write, schema: { ...docs('Delete a webhook and its delivery log'), params: WebhookParams, response: { 200: SuccessSchema } } },
    async (request) => {
      await service.delete(siteOf(request), request.params.webhookId);
      return { success: true as const };
    });

  app.post(`${BASE}/:webhookId/rotate-secret`, { onRequest: write, schema: { ...docs('Replace the signing secret (applies to the next attempt)'), params: WebhookParams, response: { 200: RotatedSecretSchema } } },
    async (request) => ({ data: await service.rotateSecret(siteOf(request), request.params.webhookId) }));

  app.post(`${BASE}/:webhookId/test`, { onRequest: write, schema: { ...docs('Send a test.ping delivery now and return the result'), params: WebhookParams, response: { 200: TestPingResultSchema } } },
    async (request) => ({ data: await service.test(siteOf(request), request.params.webhookId) }));

  app.get(`${BASE}/:webhookId/deliveries`, { onRequest: read, schema: { ...docs('The delivery log (30 days), newest first'), params: WebhookParams, response: { 200: DeliveryLogSchema } } },
    async (request) => ({ data: await service.deliveryLog(siteOf(request), request.params.webhookId) }));
};
