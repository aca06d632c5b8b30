// GET /api/health: 200 when both stores answer, 503 naming the one that does not.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql, type Kysely } from 'kysely';
import type { AnalyticsStore } from '../platform/analytics-store/analytics-store.js';

export interface HealthRoutesDeps {
  readonly analytics: AnalyticsStore;
  readonly metadata: Kysely<unknown>;
}

async function metadataAnswers(db: Kysely<unknown>): Promise<boolean> {
  try {
    await sql`select 1`.execute(db);
    return true;
  } catch {
    return false;
  }
}

export const healthRoutes: FastifyPluginAsyncZod<HealthRoutesDeps> = async (app, { analytics, metadata }) => {
  app.get('/api/health', {
    schema: { tags: ['General'], summary: 'Health of the service and both stores', security: [{}] },
  }, async (_request, reply) => {
    const [analyticsOk, metadataOk] = await Promise.all([analytics.ping().catch(() => false), metadataAnswers(metadata)]);
    const ok = analyticsOk && metadataOk;
    return reply.status(ok ? 200 : 503).send({
      status: ok ? 'ok' : 'degraded',
      analytics: analyticsOk ? 'ok' : 'unavailable',
      metadata: metadataOk ? 'ok' : 'unavailable',
    });
  });
};
