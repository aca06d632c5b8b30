// The API shapes of the webhook pages: from the generated schema.d.ts (the webhook routes declare their answers).
import type { GoalsReport } from './goals-types';
import type { AnswerOf, BodyOf, GetResponse } from './types';

export type Webhook = GetResponse<'/api/sites/{siteId}/webhooks/{webhookId}'>['data'];
export type CreatedWebhook = AnswerOf<'/api/sites/{siteId}/webhooks', 'post'>['data'];
export type NewWebhook = BodyOf<'/api/sites/{siteId}/webhooks', 'post'>;
export type WebhookChanges = BodyOf<'/api/sites/{siteId}/webhooks/{webhookId}', 'patch'>;
export type TestPingResult = AnswerOf<'/api/sites/{siteId}/webhooks/{webhookId}/test', 'post'>['data'];
export type RotatedSecret = AnswerOf<'/api/sites/{siteId}/webhooks/{webhookId}/rotate-secret', 'post'>['data'];
export type Delivery = GetResponse<'/api/sites/{siteId}/webhooks/{webhookId}/deliveries'>['data'][number];
export type DeliveryTrigger = Delivery['trigger'];

/** A goal of GET /api/sites/{site}/goals: the fields the trigger choice reads. */
export type SiteGoal = Pick<GoalsReport['data'][number], 'goalId' | 'name' | 'goalType'>;
