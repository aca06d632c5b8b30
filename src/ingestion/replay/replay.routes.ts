// POST /api/session-replay/record/{site}: a batch of rrweb events from the replay module (or Rybbit's
// recorder). Public like tracking; every bad body is a 4xx in the tracking error shape, never a 500.
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { BEARER_OPTIONAL } from '../../platform/http/route-docs.js';
import { bearerToken } from '../../platform/http/resolve-credentials.js';
import { BackPressureError, EventBufferClosedError } from '../event-buffer/event-buffer-errors.js';
import type { PayloadProblem } from '../payload-problem.js';
import type { TrackOutcome } from '../request/track-outcome.js';
import { validateReplayBatch } from './replay-batch.schema.js';
import type { ReplayService } from './replay-service.js';

/** A batch with a full snapshot of a large page is a few megabytes; Rybbit allows 10 MB too. */
export const MAX_REPLAY_BODY_BYTES = 10 * 1024 * 1024;

export interface ReplayRecordRoutesDeps {
  readonly replay: ReplayService;
}

function invalid(reply: FastifyReply, details: PayloadProblem, status = 400): FastifyReply {
  return reply.status(status).send({ success: false, error: 'Invalid payload', details });
}

function send(reply: FastifyReply, outcome: TrackOutcome): FastifyReply {
  if (outcome.retryAfterSeconds !== undefined) void reply.header('Retry-After', String(outcome.retryAfterSeconds));
  return reply.status(outcome.status).send(outcome.body);
}

const RecordResponse = z.object({ success: z.boolean(), error: z.string().optional(), message: z.string().optional() });

export async function replayRecordRoutes(app: FastifyInstance, deps: ReplayRecordRoutesDeps): Promise<void> {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string', bodyLimit: MAX_REPLAY_BODY_BYTES }, (_request, body, done) => done(null, body));
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof BackPressureError || error instanceof EventBufferClosedError) {
      request.log.warn({ err: error }, 'replay batch refused: the analytics store is behind');
      return reply.status(503).header('Retry-After', '5').send({ success: false, error: 'Service busy, retry shortly' });
    }
    const status = error.statusCode ?? 500;
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return invalid(reply, { fieldErrors: {}, formErrors: [`Request body exceeds ${MAX_REPLAY_BODY_BYTES} bytes`] }, 413);
    }
    if (status < 500) return invalid(reply, { fieldErrors: {}, formErrors: [error.message] });
    request.log.error({ err: error }, 'replay batch failed');
    return reply.status(500).send({ success: false, error: 'Internal server error' });
  });

  app.post('/api/session-replay/record/:site', {
    logLevel: 'warn',
    schema: {
      tags: ['Session Replay'],
      summary: 'Record a batch of rrweb events of the visitor\'s session (acknowledged once spooled durably); 403 when the site has replay off',
      security: BEARER_OPTIONAL,
      params: z.object({ site: z.string().min(1).max(64) }),
      response: { 200: RecordResponse },
    },
  }, async (request, reply) => {
    const raw = request.body;
    if (typeof raw !== 'string' || raw.trim() === '') return invalid(reply, { fieldErrors: {}, formErrors: ['Request body is empty'] });
    let body: unknown;
    try {
      body = JSON.parse(raw) as unknown;
    } catch {
      return invalid(reply, { fieldErrors: {}, formErrors: ['Request body is not valid JSON'] });
    }
    const validated = validateReplayBatch(body);
    if (!validated.ok) return invalid(reply, validated.details);
    const { site } = request.params as { site: string };
    const outcome = await deps.replay.record(site, validated.batch, {
      headers: request.headers,
      socketIp: request.socket.remoteAddress ?? '',
      bearerKey: bearerToken(request) ?? validated.batch.apiKey,
    });
    return send(reply, outcome);
  });
}
