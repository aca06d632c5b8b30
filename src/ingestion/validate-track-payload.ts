// Validates a POST /api/track body: the quick check for common calls first, then the full schema.
import { commonPayload } from './common-payload.js';
import { notAnObject, payloadProblem, type PayloadProblem } from './payload-problem.js';
import { TrackPayloadSchema, type TrackPayload } from './track.schema.js';

/** Validates a parsed body; the problem is the spec's `details` object. */
export function validateTrackPayload(body: unknown): { ok: true; payload: TrackPayload } | { ok: false; details: PayloadProblem } {
  const wrongShape = notAnObject(body);
  if (wrongShape) return { ok: false, details: wrongShape };
  const common = commonPayload(body as Record<string, unknown>);
  if (common !== undefined) return { ok: true, payload: common };
  const result = TrackPayloadSchema.safeParse(body);
  if (result.success) return { ok: true, payload: result.data };
  return { ok: false, details: payloadProblem(result.error.issues) };
}
