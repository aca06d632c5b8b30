// /api/sites/:site/annotations: list (public sites: public annotations), create, update, delete.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { siteOf, type Guards } from '../platform/http/guards.js';
import { principalUserId } from '../platform/http/principal.js';
import { ANY_CREDENTIAL, OPTIONAL_CREDENTIAL, SiteParams, SuccessSchema } from '../platform/http/route-docs.js';
import {
  AnnotationParams,
  AnnotationSchema,
  CreateAnnotationBodySchema,
  CreatedAnnotationSchema,
  ListAnnotationsQuerySchema,
  UpdateAnnotationBodySchema,
} from './annotation.schema.js';
import { AnnotationService, type AnnotationActor } from './annotation-service.js';

const TAGS = ['Annotations'];

function actorOf(request: FastifyRequest): AnnotationActor {
  return { role: request.organizationRole, userId: request.principal ? (principalUserId(request.principal) ?? null) : null };
}

/** What the annotation routes need from the application. */
export interface AnnotationsRouteDeps {
  readonly guards: Guards;
  readonly service: AnnotationService;
}

export async function annotationsRoutes(instance: FastifyInstance, deps: AnnotationsRouteDeps): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { service } = deps;
  const read = deps.guards.site({ scope: 'annotations:read' });
  const write = deps.guards.site({ scope: 'annotations:write' });

  app.get('/api/sites/:site/annotations', {
    onRequest: read,
    schema: {
      tags: TAGS,
      summary: "The site's and its organization's annotations by date (viewers of a public site without access: public ones); with start_date and end_date, those overlapping the days",
      security: OPTIONAL_CREDENTIAL,
      params: SiteParams,
      querystring: ListAnnotationsQuerySchema,
      response: { 200: z.array(AnnotationSchema) },
    },
  }, async (request) => service.list(siteOf(request), actorOf(request), request.query));

  app.post('/api/sites/:site/annotations', {
    onRequest: write,
    schema: {
      tags: TAGS,
      summary: 'Create an annotation (members; scope organization needs admin)',
      security: ANY_CREDENTIAL,
      params: SiteParams,
      body: CreateAnnotationBodySchema,
      response: { 200: CreatedAnnotationSchema },
    },
  }, async (request) => {
    const annotation = await service.create(siteOf(request), actorOf(request), request.body);
    return { success: true as const, annotationId: annotation.annotationId };
  });

  app.put('/api/sites/:site/annotations/:annotationId', {
    onRequest: write,
    schema: {
      tags: TAGS,
      summary: 'Update any fields of an annotation and return it (members: their own; admins: any)',
      security: ANY_CREDENTIAL,
      params: AnnotationParams,
      body: UpdateAnnotationBodySchema,
      response: { 200: AnnotationSchema },
    },
  }, async (request) => service.update(siteOf(request), actorOf(request), request.params.annotationId, request.body));

  app.delete('/api/sites/:site/annotations/:annotationId', {
    onRequest: write,
    schema: {
      tags: TAGS,
      summary: 'Delete an annotation permanently (members: their own; admins: any)',
      security: ANY_CREDENTIAL,
      params: AnnotationParams,
      response: { 200: SuccessSchema },
    },
  }, async (request) => {
    await service.delete(siteOf(request), actorOf(request), request.params.annotationId);
    return { success: true as const };
  });
}
