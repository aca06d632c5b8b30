// One evaluation pass over every enabled rule: measure its metric over the window ending now (and a week
// earlier for change conditions), record the figures, and when the condition starts or stops holding, move the
// rule's state, log the firing and queue its mails and webhook deliveries, all in one transaction. The state
// move is conditional, so only one evaluation (on any node, before or after a restart) notifies a transition.
import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { AnalyticsStore } from '../platform/analytics-store/analytics-store.js';
import { AppError } from '../platform/http/app-errors.js';
import type { MailOutbox, QueuedMail } from '../platform/mail/mail-outbox.js';
import type { MetadataDatabase } from '../platform/metadata-store/metadata-schema.js';
import type { GoalRepository } from '../goals/index.js';
import type { SegmentRepository } from '../segments/index.js';
import type { SiteRepository } from '../sites/index.js';
import { validateFilters } from '../stats/filters.schema.js';
import type { WebhooksModule } from '../webhooks/index.js';
import { alertDeliveryId, alertMailId } from './alert-delivery-ids.js';
import { conditionHolds, needsBaseline, type Measurement } from './alert-condition.js';
import { AlertFiringRepository, type AlertFiring } from './alert-firing.repository.js';
import { alertEmail, alertWebhookPayload, type AlertNotice } from './alert-message.js';
import { measure, type MetricContext, type MetricWindow } from './alert-metric.js';
import { AlertRuleRepository, type AlertRule } from './alert-rule.repository.js';
import { WINDOW_MINUTES } from './alert-rule.schema.js';

export interface AlertEvaluatorDeps {
  readonly db: Kysely<MetadataDatabase>;
  readonly rules: AlertRuleRepository;
  readonly analytics: AnalyticsStore;
  readonly sites: SiteRepository;
  readonly goals: GoalRepository;
  readonly segments: SegmentRepository;
  readonly outbox: MailOutbox;
  readonly webhooks: Pick<WebhooksModule, 'listForSite' | 'enqueue' | 'kick'>;
  readonly baseUrl: string;
  readonly clock: () => number;
  readonly log: FastifyBaseLogger;
  /** Called after a transition's mails are queued (the mail sender runs at once). */
  readonly onMailQueued: () => void;
}

const WEEK_MS = 7 * 86_400_000;

/** A rule that cannot be measured as defined (its goal or segment was deleted): recorded, not thrown. */
class RuleSetupError extends Error {}

export class AlertEvaluator {
  constructor(private readonly deps: AlertEvaluatorDeps) {}

  /** Evaluates every enabled rule once; returns how many transitions it notified. */
  async evaluateAll(): Promise<number> {
    let transitions = 0;
    for (const rule of await this.deps.rules.listEnabled()) {
      try {
        if (await this.evaluate(rule)) transitions += 1;
      } catch (error) {
        this.deps.log.error({ err: error, alertId: rule.id }, 'alert evaluation failed');
      }
    }
    return transitions;
  }

  private async evaluate(rule: AlertRule): Promise<boolean> {
    const now = this.deps.clock();
    const nowIso = new Date(now).toISOString();
    const window: MetricWindow = { from: new Date(now - WINDOW_MINUTES[rule.definition.window] * 60_000), to: new Date(now) };
    let measurement: Measurement;
    try {
      measurement = await this.measureRule(rule, window);
    } catch (error) {
      if (!(error instanceof RuleSetupError || error instanceof AppError)) throw error;
      await this.deps.rules.recordEvaluation(rule.id, { value: null, baseline: null, error: error.message }, nowIso);
      return false;
    }
    await this.deps.rules.recordEvaluation(rule.id, { ...measurement, error: null }, nowIso);
    const holds = conditionHolds(rule.definition.condition, rule.definition.threshold, measurement);
    const next = holds ? 'firing' : 'ok';
    if (next === rule.state) return false;
    return this.transition(rule, next, measurement, window, nowIso);
  }

  private async measureRule(rule: AlertRule, window: MetricWindow): Promise<Measurement> {
    const context = await this.contextOf(rule);
    const value = await measure(rule.definition, context, window);
    if (!needsBaseline(rule.definition.condition)) return { value, baseline: null };
    const earlier = { from: new Date(window.from.getTime() - WEEK_MS), to: new Date(window.to.getTime() - WEEK_MS) };
    return { value, baseline: await measure(rule.definition, context, earlier) };
  }

  private async contextOf(rule: AlertRule): Promise<MetricContext> {
    const { definition } = rule;
    const filters = [...definition.filters];
    if (definition.segmentId !== undefined) {
      const stored = await this.deps.segments.filtersOf(rule.site_id, definition.segmentId);
      if (stored === undefined) throw new RuleSetupError(`Segment ${definition.segmentId} no longer exists`);
      filters.push(...validateFilters(stored, 'segment_id'));
    }
    let goal;
    if (definition.metric === 'goal_conversions') {
      goal = definition.goalId === undefined ? undefined : await this.deps.goals.get(rule.site_id, definition.goalId);
      if (!goal) throw new RuleSetupError(`Goal ${definition.goalId ?? ''} no longer exists`);
    }
    return { store: this.deps.analytics, siteId: rule.site_id, filters, goal };
  }

  private async transition(rule: AlertRule, next: AlertRule['state'], measurement: Measurement, window: MetricWindow, nowIso: string): Promise<boolean> {
    const firing: AlertFiring = {
      id: `alf_${randomBytes(12).toString('hex')}`, rule_id: rule.id, site_id: rule.site_id, kind: next === 'firing' ? 'fired' : 'resolved',
      value: measurement.value ?? 0, baseline: measurement.baseline, window_from: window.from.toISOString(), window_to: window.to.toISOString(), created_at: nowIso,
    };
    const site = await this.deps.sites.get(rule.site_id);
    const notice: AlertNotice = { rule, firing, siteDomain: site?.domain ?? String(rule.site_id), baseUrl: this.deps.baseUrl };
    const siteWebhooks = new Set((await this.deps.webhooks.listForSite(rule.site_id)).map((webhook) => webhook.id));
    const webhookIds = rule.definition.webhookIds.filter((id) => siteWebhooks.has(id));
    const moved = await this.deps.db.transaction().execute(async (trx) => {
      if (!(await AlertRuleRepository.transition(trx, rule, next))) return false;
      await AlertFiringRepository.insert(trx, firing);
      const content = alertEmail(notice);
      const mails: QueuedMail[] = rule.definition.emails.map((recipient) => ({
        id: alertMailId(firing.id, recipient), kind: 'alert', siteId: rule.site_id, reference: firing.id, recipient, content,
      }));
      await this.deps.outbox.enqueue(mails, nowIso, trx);
      const event = firing.kind === 'fired' ? ('alert.fired' as const) : ('alert.resolved' as const);
      await this.deps.webhooks.enqueue(trx, webhookIds.map((webhookId) => {
        const id = alertDeliveryId(firing.id, webhookId);
        return {
          id, webhook_id: webhookId, site_id: rule.site_id, created_at: nowIso,
          trigger: JSON.stringify({ kind: 'alert', alert_id: rule.id, name: rule.name, event }),
          payload: alertWebhookPayload(notice, { id, webhookId, createdAt: nowIso }),
        };
      }));
      return true;
    });
    if (!moved) return false;
    this.deps.log.info({ alertId: rule.id, kind: firing.kind, value: firing.value }, 'alert transition');
    if (rule.definition.emails.length > 0) this.deps.onMailQueued();
    if (webhookIds.length > 0) this.deps.webhooks.kick();
    return true;
  }
}
