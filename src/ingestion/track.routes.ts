// POST /api/track and /api/identify: any body type is read as text and validated here, so every bad
// body — not JSON, not an object, oversized — gets the tracking error shape, never a 500.
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { BEARER_OPTIONAL } from '../platform/http/route-docs.js';
import { bearerToken } from '../platform/http/resolve-credentials.js';
import { BackPressureError, EventBufferClosedError } from './event-buffer/event-buffer-errors.js';
import type { IdentifyService } from './identify-service.js';
import type { IngestionService } from './request/ingestion-service.js';
import type { TrackOutcome } from './request/track-outcome.js';
import type { PayloadProblem } from './payload-problem.js';
import { drainedTextBody, OversizedBody } from './request/drained-text-body.js';
import { validateTrackPayload } from './validate-track-payload.js';
import { validateIdentifyPayload } from './identify.schema.js';

const MAX_BODY_BYTES = 64 * 1024;
/**
 * A body over the limit but under this is read to its end before it is refused, so the refusal reaches a proxy
 * that is still sending it (the documented Caddy configuration holds tracking calls of up to 1 MiB).
 */
const DRAINED_BODY_BYTES = 1024 * 1024;
/**
 * Tracking calls are not access-logged at the default `info` level: one line per pageview would dwarf every
 * other log and cost more than the call itself. Refusals worth a look (503) and failures are still logged.
 */
const TRACKING_LOG_LEVEL = 'warn';

export interface TrackRoutesDeps {
  readonly ingestion: IngestionService;
  readonly identify: IdentifyService;
}

function invalid(reply: FastifyReply, details: PayloadProblem): FastifyReply {
  return reply.status(400).send({ success: false, error: 'Invalid payload', details });
}

function parseBody(raw: unknown): { ok: true; value: unknown; text: string } | { ok: false; details: PayloadProblem } {
  if (raw instanceof OversizedBody) return { ok: false, details: { fieldErrors: {}, formErrors: [`Request body exceeds ${raw.limit} bytes`] } };
  if (typeof raw !== 'string' || raw.trim() === '') return { ok: false, details: { fieldErrors: {}, formErrors: ['Request body is empty'] } };
  try {
    return { ok: true, value: JSON.parse(raw) as unknown, text: raw };
  } catch {
    return { ok: false, details: { fieldErrors: {}, formErrors: ['Request body is not valid JSON'] } };
  }
}

const JSON_TYPE = 'application/json; charset=utf-8';
const SUCCESS_BODY = JSON.stringify({ success: true });

/**
 * Sends the outcome as ready JSON text: the bodies are small and fixed in shape, so the per-request schema
 * serializer (which would re-validate the body on every event) is skipped. The route schema still documents them.
 */
function send(reply: FastifyReply, outcome: TrackOutcome): FastifyReply {
  if (outcome.retryAfterSeconds !== undefined) void reply.header('Retry-After', String(outcome.retryAfterSeconds));
  const plainSuccess = outcome.body.success && outcome.body.message === undefined && outcome.body.error === undefined;
  return reply.status(outcome.status).type(JSON_TYPE).send(plainSuccess ? SUCCESS_BODY : JSON.stringify(outcome.body));
}

const TrackResponse = z.object({ success: z.boolean(), error: z.string().optional(), message: z.string().optional() });

export async function trackRoutes(app: FastifyInstance, deps: TrackRoutesDeps): Promise<void> {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', drainedTextBody(MAX_BODY_BYTES, DRAINED_BODY_BYTES));
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof BackPressureError || error instanceof EventBufferClosedError) {
      request.log.warn({ err: error }, 'tracking refused: the analytics store is behind');
      return reply.status(503).header('Retry-After', '5').send({ success: false, error: 'Service busy, retry shortly' });
    }
    const status = error.statusCode ?? 500;
    if (status < 500) {
      const message = error.code === 'FST_ERR_CTP_BODY_TOO_LARGE' ? `Request body exceeds ${MAX_BODY_BYTES} bytes` : error.message;
      return invalid(reply, { fieldErrors: {}, formErrors: [message] });
    }
    request.log.error({ err: error }, 'tracking failed');
    return reply.status(500).send({ success: false, error: 'Internal server error' });
  });

  app.post('/api/track', {
    logLevel: TRACKING_LOG_LEVEL,
    schema: {
      tags: ['General'],
      summary: 'Track a pageview, custom event, web vitals sample, outbound click, error or autocaptured interaction',
      security: BEARER_OPTIONAL,
      response: { 200: TrackResponse },
    },
  }, async (request, reply) => {
    const body = parseBody(request.body);
    if (!body.ok) return invalid(reply, body.details);
    const validated = validateTrackPayload(body.value);
    if (!validated.ok) return invalid(reply, validated.details);
    const outcome = await deps.ingestion.track(validated.payload, {
      headers: request.headers,
      socketIp: request.socket.remoteAddress ?? '',
      bearerKey: bearerToken(request),
      body: body.text,
    });
    return send(reply, outcome);
  });

  app.post('/api/identify', {
    logLevel: TRACKING_LOG_LEVEL,
    schema: { tags: ['Users'], summary: 'Link a device to an identified user and store traits', security: BEARER_OPTIONAL, response: { 200: TrackResponse } },
  }, async (request, reply) => {
    const body = parseBody(request.body);
    if (!body.ok) return invalid(reply, body.details);
    const validated = validateIdentifyPayload(body.value);
    if (!validated.ok) return invalid(reply, validated.details);
    const outcome = await deps.identify.identify(validated.payload, { headers: request.headers, socketIp: request.socket.remoteAddress ?? '', bearerKey: bearerToken(request) });
    return send(reply, outcome);
  });
}
