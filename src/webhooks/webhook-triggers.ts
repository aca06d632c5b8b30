// Evaluates every stored human event against the site's enabled webhooks and persists one delivery per
// matching trigger (a custom event name, or a goal the event satisfies; pageviews only through path goals).
import type { AnalyticsRow } from '../platform/analytics-store/analytics-store.js';
import { createHash } from 'node:crypto';
import type { DeliveryRepository } from './delivery.repository.js';
import { matchedPayload, type Trigger } from './webhook-payload.js';
import type { Webhook, WebhookRepository } from './webhook.repository.js';

/** A goal as triggers need it: the same matching rules as the goal reports. */
export interface TriggerGoal {
  readonly goalId: number;
  readonly name: string;
  readonly goalType: string;
  matches(row: AnalyticsRow): boolean;
}

export interface GoalSource {
  /** The site's goals with these ids (unknown ids are skipped). */
  goals(siteId: number, goalIds: readonly number[]): Promise<TriggerGoal[]>;
}

const CACHE_MS = 2_000;

/** The same event, webhook and trigger always give the same id, so a repeated delivery of a segment adds nothing. */
function deliveryIdOf(eventId: string, webhookId: string, trigger: Trigger): string {
  return `whd_${createHash('sha256').update(`${eventId}|${webhookId}|${JSON.stringify(trigger)}`).digest('hex').slice(0, 24)}`;
}

export class WebhookTriggers {
  private readonly cache = new Map<number, { webhooks: Webhook[]; goals: Map<number, TriggerGoal>; expires: number }>();
  private watched: { sites: ReadonlySet<number>; expires: number } | null = null;

  constructor(
    private readonly deps: {
      webhooks: WebhookRepository;
      deliveries: DeliveryRepository;
      goals: GoalSource;
      clock: () => number;
      onCreated: () => void;
    },
  ) {}

  /** Forget a site's cached webhooks and goals (after they change in this process). */
  invalidate(siteId: number): void {
    this.cache.delete(siteId);
    this.watched = null;
  }

  /** Sites with at least one enabled webhook (cached briefly, like the webhooks themselves). */
  async watchedSites(): Promise<ReadonlySet<number>> {
    if (this.watched && this.watched.expires > Date.now()) return this.watched.sites;
    const sites = new Set(await this.deps.webhooks.sitesWithEnabledWebhooks());
    this.watched = { sites, expires: Date.now() + CACHE_MS };
    return sites;
  }

  async onEventStored(row: AnalyticsRow): Promise<void> {
    const siteId = Number(row.site_id);
    const { webhooks, goals } = await this.load(siteId);
    if (webhooks.length === 0) return;
    const createdAt = new Date(this.deps.clock()).toISOString();
    const deliveries = [];
    for (const webhook of webhooks) {
      for (const trigger of this.triggersOf(webhook, goals, row)) {
        const id = deliveryIdOf(String(row.event_id), webhook.id, trigger);
        deliveries.push({
          id,
          webhook_id: webhook.id,
          site_id: siteId,
          trigger: JSON.stringify(trigger),
          payload: matchedPayload({ id, createdAt, webhookId: webhook.id, siteId, trigger, row }),
          created_at: createdAt,
        });
      }
    }
    if (deliveries.length === 0) return;
    await this.deps.deliveries.insert(deliveries);
    this.deps.onCreated();
  }

  private triggersOf(webhook: Webhook, goals: Map<number, TriggerGoal>, row: AnalyticsRow): Trigger[] {
    const triggers: Trigger[] = [];
    if (row.type === 'custom_event' && webhook.event_names.includes(String(row.event_name))) {
      triggers.push({ kind: 'event', name: String(row.event_name) });
    }
    for (const goalId of webhook.goal_ids) {
      const goal = goals.get(goalId);
      if (!goal) continue;
      if (row.type === 'pageview' && goal.goalType !== 'path') continue;
      if (goal.matches(row)) triggers.push({ kind: 'goal', goal_id: goal.goalId, name: goal.name });
    }
    return triggers;
  }

  private async load(siteId: number) {
    const cached = this.cache.get(siteId);
    if (cached && cached.expires > Date.now()) return cached;
    const webhooks = await this.deps.webhooks.listEnabled(siteId);
    const goalIds = [...new Set(webhooks.flatMap((webhook) => webhook.goal_ids))];
    const goals = new Map((goalIds.length > 0 ? await this.deps.goals.goals(siteId, goalIds) : []).map((goal) => [goal.goalId, goal]));
    const entry = { webhooks, goals, expires: Date.now() + CACHE_MS };
    this.cache.set(siteId, entry);
    return entry;
  }
}
