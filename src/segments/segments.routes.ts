// /api/sites/:site/segments: saved filter sets of a site (members write), applied to reports through segment_id.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { principalOf, siteOf, type Guards } from '../platform/http/guards.js';
import { principalUserId } from '../platform/http/principal.js';
import { ANY_CREDENTIAL, OPTIONAL_CREDENTIAL, SiteParams, SuccessSchema } from '../platform/http/route-docs.js';
import { CreateSegmentBodySchema, SegmentParams, SegmentSchema, UpdateSegmentBodySchema } from './segment.schema.js';
import type { SegmentService, SegmentViewer } from './segment-service.js';

const TAGS = ['Segments'];

const viewerOf = (request: FastifyRequest): SegmentViewer => ({ member: request.organizationRole !== null });

/** What the segment routes need from the application. */
export interface SegmentsRouteDeps {
  readonly guards: Guards;
  readonly service: SegmentService;
}

export async function segmentsRoutes(instance: FastifyInstance, deps: SegmentsRouteDeps): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { service } = deps;
  const read = deps.guards.site({ scope: 'segments:read' });
  const write = deps.guards.site({ scope: 'segments:write' });

  app.get('/api/sites/:site/segments', {
    onRequest: read,
    schema: { tags: TAGS, summary: "The site's saved segments (viewers of a public site without access: public ones)", security: OPTIONAL_CREDENTIAL, params: SiteParams, response: { 200: z.array(SegmentSchema) } },
  }, async (request) => service.list(siteOf(request).siteId, viewerOf(request)));

  app.post('/api/sites/:site/segments', {
    onRequest: write,
    schema: { tags: TAGS, summary: 'Save a segment; its filters are checked like the filters parameter', security: ANY_CREDENTIAL, params: SiteParams, body: CreateSegmentBodySchema, response: { 200: SegmentSchema } },
  }, async (request) => service.create(siteOf(request).siteId, request.body, principalUserId(principalOf(request)) ?? null));

  app.get('/api/sites/:site/segments/:segmentId', {
    onRequest: read,
    schema: { tags: TAGS, summary: 'One saved segment', security: OPTIONAL_CREDENTIAL, params: SegmentParams, response: { 200: SegmentSchema } },
  }, async (request) => service.get(siteOf(request).siteId, request.params.segmentId, viewerOf(request)));

  app.put('/api/sites/:site/segments/:segmentId', {
    onRequest: write,
    schema: { tags: TAGS, summary: 'Update any fields of a segment and return it', security: ANY_CREDENTIAL, params: SegmentParams, body: UpdateSegmentBodySchema, response: { 200: SegmentSchema } },
  }, async (request) => service.update(siteOf(request).siteId, request.params.segmentId, request.body));

  app.delete('/api/sites/:site/segments/:segmentId', {
    onRequest: write,
    schema: { tags: TAGS, summary: 'Delete a segment', security: ANY_CREDENTIAL, params: SegmentParams, response: { 200: SuccessSchema } },
  }, async (request) => {
    await service.delete(siteOf(request).siteId, request.params.segmentId);
    return { success: true as const };
  });
}
