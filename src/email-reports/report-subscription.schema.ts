// Bodies and answers of the report subscription routes.
import { z } from 'zod';
import { canonicalTimeZone } from '../stats/zoned-time.js';

export const SiteIdParams = z.object({ siteId: z.string().min(1) });

export const SubscriptionBodySchema = z
  .object({
    weekly: z.boolean().describe('A report of the last week (Monday to Sunday) every Monday'),
    monthly: z.boolean().describe('A report of the last month on the 1st'),
    timeZone: z.string().max(64).refine((zone) => canonicalTimeZone(zone) !== undefined, 'Invalid time zone').optional()
      .describe('IANA time zone the weeks and months are cut in; default: the one saved before, else UTC'),
  })
  .strict();

export type SubscriptionBody = z.infer<typeof SubscriptionBodySchema>;

const MailStatusSchema = z.object({
  id: z.string(),
  reference: z.string().describe('`weekly:<first day>` or `monthly:<first day>`'),
  recipient: z.string(),
  status: z.enum(['pending', 'retrying', 'sent', 'failed']),
  attempts: z.number(),
  error: z.string().nullable().describe("The last attempt's failure (retried with growing delays until MAIL_RETRY_DELAYS run out)"),
  next_attempt_at: z.string().nullable(),
  last_attempt_at: z.string().nullable(),
  created_at: z.string(),
});

export const SubscriptionAnswerSchema = z.object({
  data: z.object({
    weekly: z.boolean(),
    monthly: z.boolean(),
    time_zone: z.string(),
    email: z.string().describe('Where the reports go: the account address'),
    deliveries: z.array(MailStatusSchema).describe("The latest report mails of this site to the caller, newest first"),
  }),
});

export const UnsubscribeQuery = z.object({ token: z.string().min(1).max(600) });
