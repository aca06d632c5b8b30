// Wires the health feature: health and readiness probes, the Prometheus metrics endpoint and the public instance
// information; returns the pipeline metrics the ingestion feeds.
import type { FastifyInstance } from 'fastify';
import type { MetricsRegistry } from '../platform/metrics/metrics-registry.js';
import { healthRoutes, type HealthRoutesDeps } from './health.routes.js';
import { instanceInfoRoutes, type InstanceInfoRoutesDeps } from './instance-info.routes.js';
import { registerMemoryMetrics } from './memory-metrics.js';
import { metricsRoutes } from './metrics.routes.js';
import { createPipelineMetrics, type PipelineMetrics } from './pipeline-metrics.js';
import { probesRoutes, type ProbesRoutesDeps } from './probes.routes.js';

export interface HealthModuleDeps {
  readonly health: HealthRoutesDeps;
  readonly probes: ProbesRoutesDeps;
  readonly instanceInfo: InstanceInfoRoutesDeps;
  readonly registry: MetricsRegistry;
  /** METRICS_TOKEN; undefined: the metrics endpoint is off. */
  readonly metricsToken: string | undefined;
}

export interface HealthModule {
  readonly pipelineMetrics: PipelineMetrics;
}

export async function registerHealth(app: FastifyInstance, deps: HealthModuleDeps): Promise<HealthModule> {
  await app.register(healthRoutes, deps.health);
  await app.register(probesRoutes, deps.probes);
  await app.register(metricsRoutes, { registry: deps.registry, token: deps.metricsToken });
  await app.register(instanceInfoRoutes, deps.instanceInfo);
  registerMemoryMetrics(deps.registry, deps.health.analytics);
  return { pipelineMetrics: createPipelineMetrics(deps.registry) };
}
