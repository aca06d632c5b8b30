// Wires the annotations feature: the repository, the service and the routes.
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Guards } from '../platform/http/guards.js';
import type { MetadataDatabase } from '../platform/metadata-store/metadata-schema.js';
import { AnnotationRepository } from './annotation.repository.js';
import { AnnotationService } from './annotation-service.js';
import { annotationsRoutes } from './annotations.routes.js';

export interface AnnotationsModuleDeps {
  readonly guards: Guards;
  readonly db: Kysely<MetadataDatabase>;
  readonly clock: () => number;
}

export async function registerAnnotations(app: FastifyInstance, deps: AnnotationsModuleDeps): Promise<void> {
  const service = new AnnotationService(new AnnotationRepository(deps.db), deps.clock);
  await app.register(annotationsRoutes, { guards: deps.guards, service });
}
