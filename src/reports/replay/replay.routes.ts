// Rybbit's replay reading routes under /api/sites/{site}/session-replay: the list (common
// parameters and filters), one recording ({events, metadata}) and its deletion (admin).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { siteOf } from '../../platform/http/guards.js';
import { ANY_CREDENTIAL, OPTIONAL_CREDENTIAL } from '../../platform/http/route-docs.js';
import { integerParam, optionalIntegerParam } from '../integer-param.js';
import { registerReport, type ReportDeps } from '../report-route.js';
import { listReplays } from './replay-list.query.js';
import { deleteRecording, recordingJson } from './replay-recording.query.js';
import { ReplayListSchema, ReplayRecordingSchema } from './replay.schema.js';

const userParam = z.string().min(1).max(255).optional();

const RecordingPathParams = z.object({
  site: z.string().min(1).describe('Numeric siteId or 12-character hex public id'),
  sessionId: z.string().min(1).max(40).describe('the session id, a decimal UInt64'),
});

export async function replayRoutes(app: FastifyInstance, deps: ReportDeps): Promise<void> {
  registerReport(app, deps, {
    path: '/session-replay/list',
    tag: 'Session Replay',
    scope: 'replay:read',
    summary:
      'Recorded sessions (with a full snapshot) whose recording starts in the range, newest first; with filters, only sessions ' +
      'with a matching event. userId (or user_id): a visitor or identified user id; minDuration (or min_duration): seconds',
    params: {
      limit: integerParam(1, 1000, 50).describe('recordings per page, 1..1000 (default 50)'),
      offset: integerParam(0, 10_000_000, 0).describe('recordings to skip (default 0)'),
      userId: userParam.describe('only this visitor\'s or identified user\'s recordings'),
      user_id: userParam.describe('the same as userId'),
      minDuration: optionalIntegerParam(0, 86_400).describe('shortest recording in seconds'),
      min_duration: optionalIntegerParam(0, 86_400).describe('the same as minDuration'),
    },
    response: ReplayListSchema,
    run: async ({ store, query, params }) => {
      const data = await listReplays(store, query, {
        limit: params.limit,
        offset: params.offset,
        userId: params.userId ?? params.user_id,
        minDurationSeconds: params.minDuration ?? params.min_duration,
      });
      return { data };
    },
  });

  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.get('/api/sites/:site/session-replay/:sessionId', {
    onRequest: deps.guards.site({ scope: 'replay:read' }),
    schema: {
      tags: ['Session Replay'],
      summary: 'One recording: its rrweb events in recording order and its metadata; 404 when the session has no playable recording',
      security: OPTIONAL_CREDENTIAL,
      params: RecordingPathParams,
      response: { 200: ReplayRecordingSchema },
    },
  }, async (request, reply) => {
    const text = await recordingJson(deps.analytics, siteOf(request).siteId, request.params.sessionId);
    // Spliced JSON text in the schema's shape: Fastify sends a string with a JSON content type as it is, unserialized.
    const spliced: unknown = text;
    return reply.type('application/json; charset=utf-8').send(spliced as z.input<typeof ReplayRecordingSchema>);
  });

  typed.delete('/api/sites/:site/session-replay/:sessionId', {
    onRequest: deps.guards.site({ scope: 'users:write', role: 'admin' }),
    schema: {
      tags: ['Session Replay'],
      summary: 'Delete one recording, its events and metadata (admin); the session\'s analytics events stay',
      security: ANY_CREDENTIAL,
      params: RecordingPathParams,
      response: { 200: z.object({ success: z.literal(true) }) },
    },
  }, async (request) => {
    await deleteRecording(deps.analytics, siteOf(request).siteId, request.params.sessionId);
    return { success: true as const };
  });
}
