// Request bodies of webhook management.
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

export type CreateWebhookBody = z.infer<typeof CreateWebhookBodySchema>;
export type UpdateWebhookBody = z.infer<typeof UpdateWebhookBodySchema>;
