// GET /api/health/live and /api/health/ready: the probes a load balancer or orchestrator polls.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { checkReadiness, type ReadinessDeps } from './readiness.js';

export type ProbesRoutesDeps = ReadinessDeps;

const CheckSchema = z.enum(['ok', 'unavailable', 'not_configured', 'pending']);

const ReadinessSchema = z.object({
  status: z.enum(['ready', 'not_ready']),
  checks: z.object({
    analytics: CheckSchema.describe('the analytics store (chDB or the ClickHouse server) answers a ping'),
    metadata: CheckSchema.describe('the metadata store (SQLite or PostgreSQL) answers a query'),
    redis: CheckSchema.describe("Redis answers a PING; not_configured without REDIS_URL (sessions and rate limits are this process's own)"),
    migrations: CheckSchema.describe('both stores record every migration this node ships (pending: some are not applied yet)'),
  }),
});

export const probesRoutes: FastifyPluginAsyncZod<ProbesRoutesDeps> = async (app, deps) => {
  app.get('/api/health/live', {
    schema: {
      tags: ['General'], summary: 'Liveness: the process serves requests', security: [{}],
      description: 'Always 200 while the process answers HTTP; it checks no dependency (restart the process only when this fails).',
      response: { 200: z.object({ status: z.literal('ok') }) },
    },
  }, async () => ({ status: 'ok' as const }));

  app.get('/api/health/ready', {
    schema: {
      tags: ['General'], summary: 'Readiness: the node can take traffic', security: [{}],
      description: '200 when the analytics store, the metadata store and (if configured) Redis answer and every migration is applied; 503 naming what failed otherwise.',
      response: { 200: ReadinessSchema, 503: ReadinessSchema },
    },
  }, async (_request, reply) => {
    const readiness = await checkReadiness(deps);
    return reply.status(readiness.ready ? 200 : 503).send({ status: readiness.ready ? 'ready' : 'not_ready', checks: readiness.checks });
  });
};
