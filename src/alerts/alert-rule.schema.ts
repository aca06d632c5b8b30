// Alert rules over the API: the definition (metric, filters or segment, window, condition, channels), request
// bodies (a preset may fill the definition) and answers.
import { z } from 'zod';
import { isSafeAddress } from '../platform/mail/mail-message.js';
import { ALERT_PRESET_NAMES } from './alert-presets.js';

export const ALERT_METRICS = ['visitors', 'pageviews', 'sessions', 'goal_conversions', 'errors', 'web_vital', 'bot_share'] as const;
export const ALERT_WINDOWS = ['hour', 'day'] as const;
export const ALERT_CONDITIONS = ['above', 'below', 'increase_pct', 'decrease_pct'] as const;
export const ALERT_VITALS = ['lcp', 'cls', 'inp', 'fcp', 'ttfb'] as const;
export const ALERT_PERCENTILES = ['p50', 'p75', 'p90', 'p99'] as const;

export type AlertMetric = (typeof ALERT_METRICS)[number];
export type AlertWindow = (typeof ALERT_WINDOWS)[number];
export type AlertCondition = (typeof ALERT_CONDITIONS)[number];

export const WINDOW_MINUTES: Readonly<Record<AlertWindow, number>> = { hour: 60, day: 1440 };

const email = z.string().trim().max(254).refine(isSafeAddress, 'Invalid email address');

/** The fields a rule is made of; every one is stored (defaults filled) in its definition. */
const definitionShape = {
  metric: z.enum(ALERT_METRICS).describe('visitors, pageviews, sessions, goal_conversions (with goalId), errors (error events), web_vital (with vital and percentile; milliseconds, CLS unitless), bot_share (% of requests)'),
  goalId: z.number().int().min(1).max(2_147_483_647).optional().describe('The goal whose conversions are watched (metric goal_conversions)'),
  vital: z.enum(ALERT_VITALS).optional().describe('metric web_vital'),
  percentile: z.enum(ALERT_PERCENTILES).optional().describe('metric web_vital; default p75'),
  filters: z.array(z.unknown()).max(20).optional().describe("The dashboard's filters: [{parameter, type, value}]"),
  segmentId: z.number().int().min(1).max(2_147_483_647).optional().describe("A saved segment of the site; its filters are added"),
  window: z.enum(ALERT_WINDOWS).describe('The metric over the last hour or the last day, at every evaluation'),
  condition: z.enum(ALERT_CONDITIONS).describe('above / below threshold, or increase_pct / decrease_pct: a change of more than threshold % against the same window a week earlier'),
  threshold: z.number().finite().min(0).max(1e12),
  emails: z.array(email).max(20).optional().describe('Recipients of the fired and resolved mails'),
  webhookIds: z.array(z.string().min(1).max(64)).max(10).optional().describe("The site's webhooks that receive alert.fired and alert.resolved deliveries"),
  webhookFormat: z.enum(['json', 'slack']).optional().describe('json (default): the documented signed payload; slack: {"text": ...} only, for Slack-compatible incoming webhooks'),
};

export const CreateAlertBodySchema = z
  .object(definitionShape)
  .partial()
  .extend({
    name: z.string().trim().min(1).max(120),
    preset: z.enum(ALERT_PRESET_NAMES).optional().describe('Fills metric, window, condition and threshold; fields given here win'),
    enabled: z.boolean().optional(),
  })
  .strict();

export const UpdateAlertBodySchema = CreateAlertBodySchema.omit({ preset: true })
  .partial()
  .strict()
  .refine((body) => Object.keys(body).length > 0, 'Nothing to update');

/** A complete definition, as stored. */
export const AlertDefinitionSchema = z.object(definitionShape).strict();
export type AlertDefinitionInput = z.infer<typeof AlertDefinitionSchema>;

export type CreateAlertBody = z.infer<typeof CreateAlertBodySchema>;
export type UpdateAlertBody = z.infer<typeof UpdateAlertBodySchema>;

export const AlertParams = z.object({ siteId: z.string().min(1), alertId: z.string().min(1) });
export const SiteIdParams = z.object({ siteId: z.string().min(1) });
export const FiringsQuery = z.object({ alertId: z.string().min(1).max(64).optional() });

const AlertSchema = z.object({
  id: z.string(),
  site_id: z.number(),
  name: z.string(),
  enabled: z.boolean(),
  state: z.enum(['ok', 'firing']),
  metric: z.enum(ALERT_METRICS),
  goal_id: z.number().nullable(),
  vital: z.enum(ALERT_VITALS).nullable(),
  percentile: z.enum(ALERT_PERCENTILES).nullable(),
  filters: z.array(z.object({ parameter: z.string(), type: z.string(), value: z.array(z.union([z.string(), z.number()])) })),
  segment_id: z.number().nullable(),
  window: z.enum(ALERT_WINDOWS),
  condition: z.enum(ALERT_CONDITIONS),
  threshold: z.number(),
  emails: z.array(z.string()),
  webhook_ids: z.array(z.string()),
  webhook_format: z.enum(['json', 'slack']),
  last_value: z.number().nullable().describe('The metric at the last evaluation'),
  last_baseline: z.number().nullable().describe('The same window a week earlier, at the last evaluation (change conditions)'),
  last_evaluated_at: z.string().nullable(),
  last_error: z.string().nullable().describe('Why the last evaluation could not run (a deleted goal or segment)'),
  created_at: z.string(),
  updated_at: z.string(),
});

export const AlertAnswerSchema = z.object({ data: AlertSchema });
export const AlertListSchema = z.object({ data: z.array(AlertSchema) });

const DeliveryStateSchema = z.object({
  channel: z.enum(['email', 'webhook']),
  target: z.string().describe('The recipient address or the webhook id'),
  status: z.string().describe('email: pending, retrying, sent, failed; webhook: pending, retrying, succeeded, failed'),
  attempts: z.number(),
  error: z.string().nullable(),
});

export const FiringListSchema = z.object({
  data: z.array(z.object({
    id: z.string(),
    alert_id: z.string(),
    alert_name: z.string(),
    kind: z.enum(['fired', 'resolved']),
    value: z.number(),
    baseline: z.number().nullable(),
    window_from: z.string(),
    window_to: z.string(),
    created_at: z.string(),
    deliveries: z.array(DeliveryStateSchema),
  })),
});

export const PresetListSchema = z.object({
  data: z.array(z.object({
    name: z.enum(ALERT_PRESET_NAMES),
    title: z.string(),
    description: z.string(),
    metric: z.enum(ALERT_METRICS),
    window: z.enum(ALERT_WINDOWS),
    condition: z.enum(ALERT_CONDITIONS),
    threshold: z.number(),
  })),
});
