// Request bodies and answers of webhook management.
import { z } from 'zod';

const eventNames = z.array(z.string().trim().min(1).max(256)).max(50);
const goalIds = z.array(z.number().int().min(1)).max(50);

export const CreateWebhookBodySchema = z
  .object({
    url: z.string().min(1).max(2048),
    goalIds: goalIds.optional(),
    eventNames: eventNames.optional(),
    description: z.string().max(500).optional(),
  })
  .strict()
  .refine((body) => (body.goalIds?.length ?? 0) + (body.eventNames?.length ?? 0) > 0, 'Select at least one goal or event name');

export const UpdateWebhookBodySchema = z
  .object({
    url: z.string().min(1).max(2048).optional(),
    goalIds: goalIds.optional(),
    eventNames: eventNames.optional(),
    description: z.string().max(500).nullable().optional(),
    enabled: z.boolean().optional(),
  })
  .strict()
  .refine((body) => Object.keys(body).length > 0, 'Nothing to update');

export const WebhookParams = z.object({ siteId: z.string().min(1), webhookId: z.string().min(1) });
export const SiteIdParams = z.object({ siteId: z.string().min(1) });

const WebhookSchema = z.object({
  id: z.string(),
  site_id: z.number(),
  url: z.string(),
  goal_ids: z.array(z.number()),
  event_names: z.array(z.string()),
  description: z.string().nullable(),
  status: z.enum(['enabled', 'disabled']),
  disabled_reason: z.string().nullable().describe('Why the webhook was disabled (by its owner, or after 20 consecutive failed attempts)'),
  consecutive_failures: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
});

export const WebhookAnswerSchema = z.object({ data: WebhookSchema });
export const WebhookListSchema = z.object({ data: z.array(WebhookSchema) });
export const CreatedWebhookSchema = z.object({ data: WebhookSchema.extend({ secret: z.string().describe('The signing secret: shown only in this answer') }) });
export const RotatedSecretSchema = z.object({ data: z.object({ secret: z.string().describe('The new signing secret: shown only in this answer') }) });

export const TestPingResultSchema = z.object({
  data: z.object({
    success: z.boolean(),
    status_code: z.number().nullable().describe("The endpoint's HTTP status; null when no answer came (connection error, timeout, refused address)"),
    duration_ms: z.number(),
    error: z.string().nullable(),
  }),
});

const TriggerSchema = z.union([
  z.object({ kind: z.literal('goal'), goal_id: z.number(), name: z.string() }),
  z.object({ kind: z.literal('event'), name: z.string() }),
  z.object({ kind: z.literal('alert'), alert_id: z.string(), name: z.string(), event: z.enum(['alert.fired', 'alert.resolved']) }),
]);

export const DeliveryLogSchema = z.object({
  data: z.array(z.object({
    id: z.string().describe('Stable across retries (the payload id)'),
    status: z.enum(['pending', 'retrying', 'succeeded', 'failed']),
    attempts: z.number(),
    response_code: z.number().nullable().describe("The last attempt's HTTP status; null when no answer came"),
    error: z.string().nullable().describe("The last attempt's failure"),
    trigger: TriggerSchema,
    created_at: z.string(),
    last_attempt_at: z.string().nullable(),
    next_attempt_at: z.string().nullable(),
  })),
});

export type CreateWebhookBody = z.infer<typeof CreateWebhookBodySchema>;
export type UpdateWebhookBody = z.infer<typeof UpdateWebhookBodySchema>;
