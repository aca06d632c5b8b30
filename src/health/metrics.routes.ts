// GET /metrics: the Prometheus exposition, for a scraper holding METRICS_TOKEN (bearer). Without the setting
// the route answers 404 like any unknown path; with it, a missing or wrong token answers 401.
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import { EXPOSITION_CONTENT_TYPE } from '../platform/metrics/exposition.js';
import type { MetricsRegistry } from '../platform/metrics/metrics-registry.js';

export interface MetricsRoutesDeps {
  readonly registry: MetricsRegistry;
  /** METRICS_TOKEN; undefined: the endpoint is off. */
  readonly token: string | undefined;
}

const digest = (value: string): Buffer => createHash('sha256').update(value).digest();

/** Compares digests, so neither the token's length nor its content leaks through timing. */
function presentsToken(authorization: string | undefined, expected: Buffer): boolean {
  if (authorization === undefined) return false;
  const match = /^Bearer ([^\s]+)$/i.exec(authorization.trim());
  return match?.[1] !== undefined && timingSafeEqual(digest(match[1]), expected);
}

export const metricsRoutes: FastifyPluginAsync<MetricsRoutesDeps> = async (app, { registry, token }) => {
  const expected = token === undefined ? undefined : digest(token);
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (expected === undefined) return reply.status(404).send({ error: 'Route GET /metrics not found' });
    if (!presentsToken(request.headers.authorization, expected)) {
      return reply.status(401).header('www-authenticate', 'Bearer realm="loupe-metrics"').send({ error: 'A valid METRICS_TOKEN bearer token is required' });
    }
    return reply.type(EXPOSITION_CONTENT_TYPE).send(await registry.render());
  });
};
