// Webhook management: the rules of creation and change (URL policy, site goals, 10 per site, paid plans),
// secrets shown once, and the synchronous test ping.
import { BadRequestError, ForbiddenError, NotFoundError } from '../platform/http/app-errors.js';
import type { Plan } from '../organizations/index.js';
import type { SiteRef } from '../platform/http/access-control.js';
import { newDeliveryId, type DeliveryRepository } from './delivery.repository.js';
import { sendAttempt } from './delivery-sender.js';
import { testPingPayload } from './webhook-payload.js';
import { newWebhookSecret } from './webhook-signature.js';
import type { WebhookSettings } from './webhook-settings.js';
import type { GoalSource, WebhookTriggers } from './webhook-triggers.js';
import { checkWebhookUrl, type UrlPolicyOptions } from './webhook-url-policy.js';
import type { Webhook, WebhookRepository } from './webhook.repository.js';
import type { CreateWebhookBody, UpdateWebhookBody } from './webhook.schema.js';

/** Where the operator's plan of an organization is read (never from organization metadata, which owners write). */
export interface PlanSource {
  planOf(organizationId: string): Promise<Plan>;
}

export interface WebhookServiceDeps {
  readonly plans: PlanSource;
  readonly webhooks: WebhookRepository;
  readonly deliveries: DeliveryRepository;
  readonly goals: GoalSource;
  readonly triggers: WebhookTriggers;
  readonly settings: WebhookSettings;
  readonly policy: UrlPolicyOptions;
  readonly clock: () => number;
}

export class WebhookService {
  constructor(private readonly deps: WebhookServiceDeps) {}

  async get(site: SiteRef, id: string): Promise<Webhook> {
    const webhook = await this.deps.webhooks.get(site.siteId, id);
    if (!webhook) throw new NotFoundError('Webhook not found');
    return webhook;
  }

  list(site: SiteRef): Promise<Webhook[]> {
    return this.deps.webhooks.list(site.siteId);
  }

  async create(site: SiteRef, body: CreateWebhookBody, userId: string | null): Promise<Webhook & { secret: string }> {
    await this.requirePlan(site.organizationId);
    if ((await this.deps.webhooks.count(site.siteId)) >= this.deps.settings.maxPerSite) {
      throw new BadRequestError(`A site can have at most ${this.deps.settings.maxPerSite} webhooks`);
    }
    await checkWebhookUrl(body.url, this.deps.policy);
    await this.requireSiteGoals(site, body.goalIds ?? []);
    const secret = newWebhookSecret();
    const webhook = await this.deps.webhooks.create(site.siteId, { url: body.url, goalIds: body.goalIds ?? [], eventNames: body.eventNames ?? [], description: body.description }, secret, userId);
    this.deps.triggers.invalidate(site.siteId);
    return { ...webhook, secret };
  }

  async update(site: SiteRef, id: string, body: UpdateWebhookBody): Promise<Webhook> {
    const webhook = await this.get(site, id);
    if (body.url !== undefined) await checkWebhookUrl(body.url, this.deps.policy);
    if (body.goalIds) await this.requireSiteGoals(site, body.goalIds);
    const goalCount = (body.goalIds ?? webhook.goal_ids).length;
    const eventCount = (body.eventNames ?? webhook.event_names).length;
    if (goalCount + eventCount === 0) throw new BadRequestError('Select at least one goal or event name');
    const updated = await this.deps.webhooks.update(webhook, body);
    this.deps.triggers.invalidate(site.siteId);
    return updated;
  }

  async delete(site: SiteRef, id: string): Promise<void> {
    await this.deps.webhooks.delete((await this.get(site, id)).id);
    this.deps.triggers.invalidate(site.siteId);
  }

  async rotateSecret(site: SiteRef, id: string): Promise<{ secret: string }> {
    const webhook = await this.get(site, id);
    const secret = newWebhookSecret();
    await this.deps.webhooks.rotateSecret(webhook.id, secret);
    return { secret };
  }

  async deliveryLog(site: SiteRef, id: string) {
    return this.deps.deliveries.log((await this.get(site, id)).id, 200);
  }

  /** Sends `test.ping` now and answers with the outcome; it is not logged and does not count as a failure. */
  async test(site: SiteRef, id: string) {
    const found = await this.deps.webhooks.withSecret(id, site.siteId);
    if (!found) throw new NotFoundError('Webhook not found');
    const { webhook, secret } = found;
    const deliveryId = newDeliveryId();
    const now = this.deps.clock();
    const body = testPingPayload({ id: deliveryId, createdAt: new Date(now).toISOString(), webhookId: webhook.id, siteId: site.siteId });
    const result = await sendAttempt({ url: webhook.url, webhookId: webhook.id, deliveryId, secret, body, nowMs: now }, this.deps.policy);
    return { success: result.success, status_code: result.statusCode, duration_ms: result.durationMs, error: result.error };
  }

  private async requireSiteGoals(site: SiteRef, goalIds: readonly number[]): Promise<void> {
    if (goalIds.length === 0) return;
    const found = await this.deps.goals.goals(site.siteId, goalIds);
    const missing = goalIds.filter((goalId) => !found.some((goal) => goal.goalId === goalId));
    if (missing.length > 0) throw new BadRequestError(`Unknown goal id(s) for this site: ${missing.join(', ')}`);
  }

  private async requirePlan(organizationId: string): Promise<void> {
    if (!this.deps.settings.paidOnly) return;
    if ((await this.deps.plans.planOf(organizationId)) !== 'paid') throw new ForbiddenError('Webhooks need a paid plan');
  }
}
