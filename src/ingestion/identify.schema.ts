// The POST /api/identify payload: which user a device belongs to, with optional traits.
import { z } from 'zod';
import { notAnObject, payloadProblem, type PayloadProblem } from './payload-problem.js';

export const IdentifyPayloadSchema = z
  .object({
    site_id: z.string().min(1).max(64),
    user_id: z.string().min(1).max(255),
    anonymous_id: z.string().min(1).max(255).optional(),
    traits: z
      .record(z.string().max(100), z.union([z.string().max(2048), z.number(), z.boolean(), z.null()]))
      .refine((traits) => Object.keys(traits).length <= 100, 'At most 100 traits')
      .optional(),
  })
  .strict();

export type IdentifyPayload = z.infer<typeof IdentifyPayloadSchema>;

export function validateIdentifyPayload(body: unknown): { ok: true; payload: IdentifyPayload } | { ok: false; details: PayloadProblem } {
  const wrongShape = notAnObject(body);
  if (wrongShape) return { ok: false, details: wrongShape };
  const result = IdentifyPayloadSchema.safeParse(body);
  if (result.success) return { ok: true, payload: result.data };
  return { ok: false, details: payloadProblem(result.error.issues) };
}
