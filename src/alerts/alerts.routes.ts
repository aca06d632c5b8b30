// Alert rules under /api/sites/:siteId/alerts (alerts:read to read, alerts:write and admin to change), their
// firing log, and the built-in presets.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Guards } from '../platform/http/guards.js';
import { principalOf, siteOf } from '../platform/http/guards.js';
import { principalUserId } from '../platform/http/principal.js';
import { ANY_CREDENTIAL, SuccessSchema } from '../platform/http/route-docs.js';
import {
  AlertAnswerSchema, AlertListSchema, AlertParams, CreateAlertBodySchema, FiringListSchema, FiringsQuery, PresetListSchema, SiteIdParams, UpdateAlertBodySchema,
} from './alert-rule.schema.js';
import { alertAnswer, type AlertService } from './alert-service.js';

export interface AlertsRoutesDeps {
  readonly guards: Guards;
  readonly service: AlertService;
}

const BASE = '/api/sites/:siteId/alerts';
const docs = (summary: string) => ({ tags: ['Sites'], summary, security: ANY_CREDENTIAL });

export const alertsRoutes: FastifyPluginAsyncZod<AlertsRoutesDeps> = async (app, { guards, service }) => {
  const read = guards.site({ scope: 'alerts:read' });
  const write = guards.site({ scope: 'alerts:write', role: 'admin' });

  app.get('/api/sites/:siteId/alert-presets', { onRequest: read, schema: { ...docs('The built-in alert presets (traffic spike, traffic drop, error surge)'), params: SiteIdParams, response: { 200: PresetListSchema } } },
    async () => ({ data: service.presets() }));

  app.get('/api/sites/:siteId/alert-firings', { onRequest: read, schema: { ...docs('The firing log (of one alert with alertId), newest first, with each mail and webhook delivery'), params: SiteIdParams, querystring: FiringsQuery, response: { 200: FiringListSchema } } },
    async (request) => ({ data: await service.firings(siteOf(request), request.query.alertId) }));

  app.post(BASE, { onRequest: write, schema: { ...docs('Create an alert rule (a preset may fill metric, window, condition and threshold)'), params: SiteIdParams, body: CreateAlertBodySchema, response: { 200: AlertAnswerSchema } } },
    async (request) => ({ data: alertAnswer(await service.create(siteOf(request), request.body, principalUserId(principalOf(request)) ?? null)) }));

  app.get(BASE, { onRequest: read, schema: { ...docs("List the site's alert rules with their state and last figures"), params: SiteIdParams, response: { 200: AlertListSchema } } },
    async (request) => ({ data: (await service.list(siteOf(request))).map(alertAnswer) }));

  app.get(`${BASE}/:alertId`, { onRequest: read, schema: { ...docs('Get an alert rule'), params: AlertParams, response: { 200: AlertAnswerSchema } } },
    async (request) => ({ data: alertAnswer(await service.get(siteOf(request), request.params.alertId)) }));

  app.patch(`${BASE}/:alertId`, { onRequest: write, schema: { ...docs('Change an alert rule; a changed definition starts over in the ok state'), params: AlertParams, body: UpdateAlertBodySchema, response: { 200: AlertAnswerSchema } } },
    async (request) => ({ data: alertAnswer(await service.update(siteOf(request), request.params.alertId, request.body)) }));

  app.delete(`${BASE}/:alertId`, { onRequest: write, schema: { ...docs('Delete an alert rule and its firing log'), params: AlertParams, response: { 200: SuccessSchema } } },
    async (request) => {
      await service.delete(siteOf(request), request.params.alertId);
      return { success: true as const };
    });
};
