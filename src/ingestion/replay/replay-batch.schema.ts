// The body of POST /api/session-replay/record/{site}: Rybbit's batch shape ({userId, events,
// metadata}) plus Loupe's optional batch name and counter, with every rrweb event checked for its frame.
import { z } from 'zod';
import { payloadProblem, type PayloadProblem } from '../payload-problem.js';

export const FULL_SNAPSHOT = 2;
/** Events one batch may carry (the recorder sends a few hundred at most). */
export const MAX_BATCH_EVENTS = 20_000;

/** rrweb's EventType: DomContentLoaded 0, Load 1, FullSnapshot 2, IncrementalSnapshot 3, Meta 4, Custom 5, Plugin 6. */
const eventType = z.union([
  z.number().int().min(0).max(6),
  // Rybbit's recorder sends numbers; a numeric string (what some proxies re-encode) is read as one.
  z.string().regex(/^[0-6]$/, 'must be an rrweb event type, 0..6').transform(Number),
]);

const RrwebEventSchema = z
  .object({
    type: eventType,
    data: z.record(z.string(), z.unknown()),
    timestamp: z.number().int().min(1).max(8_640_000_000_000),
    delay: z.number().optional(),
  })
  .strip();

export const ReplayBatchSchema = z
  .object({
    userId: z.string().max(255).default(''),
    events: z.array(RrwebEventSchema).min(1, 'a batch carries at least one event').max(MAX_BATCH_EVENTS),
    metadata: z
      .object({
        pageUrl: z.string().max(8192),
        viewportWidth: z.number().int().min(0).max(65_535).optional(),
        viewportHeight: z.number().int().min(0).max(65_535).optional(),
        language: z.string().max(35).optional(),
      })
      .strip()
      .optional(),
    batchId: z.string().regex(/^[A-Za-z0-9_.:-]{1,100}$/, 'must be 1..100 letters, digits or _.:-').optional(),
    sequence: z.number().int().min(0).max(4_294_967_295).optional(),
    /** Rybbit's recorder may name an API key in the body; it is read from the Authorization header instead, never stored. */
    apiKey: z.string().optional(),
  })
  .strip();

export type ReplayBatch = z.output<typeof ReplayBatchSchema>;
export type RrwebEvent = ReplayBatch['events'][number];

export function validateReplayBatch(body: unknown): { ok: true; batch: ReplayBatch } | { ok: false; details: PayloadProblem } {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return { ok: false, details: { fieldErrors: {}, formErrors: ['Expected a JSON object'] } };
  const parsed = ReplayBatchSchema.safeParse(body);
  if (!parsed.success) return { ok: false, details: payloadProblem(parsed.error.issues) };
  return { ok: true, batch: parsed.data };
}
