// Wires the segments feature: the service over the repository (regexes checked by the store's own engine) and
// the routes.
import type { FastifyInstance } from 'fastify';
import type { AnalyticsStore } from '../platform/analytics-store/analytics-store.js';
import type { Guards } from '../platform/http/guards.js';
import { storeRegexProblem } from '../stats/regex-check.js';
import type { SegmentRepository } from './segment.repository.js';
import { SegmentService } from './segment-service.js';
import { segmentsRoutes } from './segments.routes.js';

export interface SegmentsModuleDeps {
  readonly guards: Guards;
  /** The saved segments; the reports read them too, so the app builds the repository once. */
  readonly segments: SegmentRepository;
  readonly analytics: AnalyticsStore;
}

export async function registerSegments(app: FastifyInstance, deps: SegmentsModuleDeps): Promise<void> {
  const service = new SegmentService(deps.segments, storeRegexProblem(deps.analytics));
  await app.register(segmentsRoutes, { guards: deps.guards, service });
}
