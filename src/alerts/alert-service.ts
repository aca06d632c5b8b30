// Alert rule management: a body (and preset) becomes a complete definition checked against the site (its goal,
// segment and webhooks exist; filters are valid; at least one channel), 50 rules a site; and the firing log with
// each firing's mail and webhook states.
import type { GoalRepository } from '../goals/index.js';
import { BadRequestError, NotFoundError } from '../platform/http/app-errors.js';
import type { SiteRef } from '../platform/http/access-control.js';
import type { MailOutbox } from '../platform/mail/mail-outbox.js';
import type { SegmentRepository } from '../segments/index.js';
import { validateFilters } from '../stats/filters.schema.js';
import type { WebhooksModule } from '../webhooks/index.js';
import { alertDeliveryId } from './alert-delivery-ids.js';
import type { AlertFiringRepository } from './alert-firing.repository.js';
import { ALERT_PRESETS, presetNamed } from './alert-presets.js';
import type { AlertDefinition, AlertRule, AlertRuleRepository } from './alert-rule.repository.js';
import type { CreateAlertBody, UpdateAlertBody } from './alert-rule.schema.js';

export const MAX_ALERTS_PER_SITE = 50;
const FIRING_LOG_LIMIT = 200;

export interface AlertServiceDeps {
  readonly rules: AlertRuleRepository;
  readonly firings: AlertFiringRepository;
  readonly goals: GoalRepository;
  readonly segments: SegmentRepository;
  readonly outbox: MailOutbox;
  readonly webhooks: Pick<WebhooksModule, 'listForSite' | 'deliveryStates'>;
  readonly clock: () => number;
}

/** The API's view of a rule. */
export function alertAnswer(rule: AlertRule) {
  const { definition: d } = rule;
  return {
    id: rule.id, site_id: rule.site_id, name: rule.name, enabled: rule.enabled, state: rule.state,
    metric: d.metric, goal_id: d.goalId ?? null, vital: d.vital ?? null, percentile: d.metric === 'web_vital' ? (d.percentile ?? 'p75') : null,
    filters: d.filters.map((filter) => ({ parameter: filter.parameter, type: filter.type, value: [...filter.value] })), segment_id: d.segmentId ?? null, window: d.window, condition: d.condition, threshold: d.threshold,
    emails: d.emails, webhook_ids: d.webhookIds, webhook_format: d.webhookFormat,
    last_value: rule.last_value, last_baseline: rule.last_baseline, last_evaluated_at: rule.last_evaluated_at, last_error: rule.last_error,
    created_at: rule.created_at, updated_at: rule.updated_at,
  };
}

type DefinitionFields = Partial<Omit<CreateAlertBody, 'name' | 'preset' | 'enabled'>>;

export class AlertService {
  constructor(private readonly deps: AlertServiceDeps) {}

  presets() {
    return ALERT_PRESETS.map(({ name, title, description, metric, window, condition, threshold }) => ({ name, title, description, metric, window, condition, threshold }));
  }

  list(site: SiteRef): Promise<AlertRule[]> {
    return this.deps.rules.list(site.siteId);
  }

  async get(site: SiteRef, id: string): Promise<AlertRule> {
    const rule = await this.deps.rules.get(site.siteId, id);
    if (!rule) throw new NotFoundError('Alert not found');
    return rule;
  }

  async create(site: SiteRef, body: CreateAlertBody, userId: string | null): Promise<AlertRule> {
    if ((await this.deps.rules.count(site.siteId)) >= MAX_ALERTS_PER_SITE) throw new BadRequestError(`A site can have at most ${MAX_ALERTS_PER_SITE} alerts`);
    const { name, preset, enabled, ...fields } = body;
    const base: DefinitionFields = preset ? (({ metric, window, condition, threshold }) => ({ metric, window, condition, threshold }))(presetNamed(preset)) : {};
    const definition = await this.complete(site, { ...base, ...withoutUndefined(fields) });
    return this.deps.rules.create(site.siteId, { name, enabled: enabled ?? true, definition }, userId, this.nowIso());
  }

  async update(site: SiteRef, id: string, body: UpdateAlertBody): Promise<AlertRule> {
    const rule = await this.get(site, id);
    const { name, enabled, ...fields } = body;
    const current = rule.definition as DefinitionFields;
    const definition = await this.complete(site, { ...current, ...withoutUndefined(fields) });
    return this.deps.rules.update(rule, { name: name ?? rule.name, enabled: enabled ?? rule.enabled, definition }, this.nowIso());
  }

  async delete(site: SiteRef, id: string): Promise<void> {
    await this.deps.rules.delete((await this.get(site, id)).id);
  }

  /** The site's firing log (of one alert when given), newest first, with the state of each mail and delivery. */
  async firings(site: SiteRef, alertId: string | undefined) {
    if (alertId !== undefined) await this.get(site, alertId);
    const firings = await this.deps.firings.list(site.siteId, alertId, FIRING_LOG_LIMIT);
    const mails = await this.deps.outbox.statusOf(site.siteId, firings.map((firing) => firing.id));
    const rules = new Map((await this.deps.rules.list(site.siteId)).map((rule) => [rule.id, rule]));
    const deliveryIds = firings.flatMap((firing) => (rules.get(firing.rule_id)?.definition.webhookIds ?? []).map((webhookId) => alertDeliveryId(firing.id, webhookId)));
    const deliveries = new Map((await this.deps.webhooks.deliveryStates(deliveryIds)).map((delivery) => [delivery.id, delivery]));
    return firings.map((firing) => ({
      id: firing.id, alert_id: firing.rule_id, alert_name: firing.rule_name, kind: firing.kind, value: firing.value, baseline: firing.baseline,
      window_from: firing.window_from, window_to: firing.window_to, created_at: firing.created_at,
      deliveries: [
        ...mails.filter((mail) => mail.reference === firing.id).map((mail) => ({ channel: 'email' as const, target: mail.recipient, status: mail.status, attempts: mail.attempts, error: mail.error })),
        ...(rules.get(firing.rule_id)?.definition.webhookIds ?? []).flatMap((webhookId) => {
          const delivery = deliveries.get(alertDeliveryId(firing.id, webhookId));
          return delivery ? [{ channel: 'webhook' as const, target: webhookId, status: delivery.status, attempts: delivery.attempts, error: delivery.error }] : [];
        }),
      ],
    }));
  }

  /** Checks a merged body against the site and fills the defaults; every problem is a 400. */
  private async complete(site: SiteRef, fields: DefinitionFields): Promise<AlertDefinition> {
    const { metric, window, condition, threshold } = fields;
    if (metric === undefined || window === undefined || condition === undefined || threshold === undefined) {
      throw new BadRequestError('metric, window, condition and threshold are required (or a preset)');
    }
    if (condition === 'decrease_pct' && threshold >= 100) throw new BadRequestError('A decrease_pct threshold must be below 100');
    const emails = [...new Set(fields.emails ?? [])];
    const webhookIds = [...new Set(fields.webhookIds ?? [])];
    if (emails.length === 0 && webhookIds.length === 0) throw new BadRequestError('Choose at least one channel: emails or webhookIds');
    if (metric === 'goal_conversions') {
      if (fields.goalId === undefined) throw new BadRequestError('metric goal_conversions needs goalId');
      if (!(await this.deps.goals.get(site.siteId, fields.goalId))) throw new BadRequestError(`Unknown goal id for this site: ${fields.goalId}`);
    }
    if (metric === 'web_vital' && fields.vital === undefined) throw new BadRequestError('metric web_vital needs vital (lcp, cls, inp, fcp or ttfb)');
    if (fields.segmentId !== undefined && !(await this.deps.segments.get(site.siteId, fields.segmentId))) {
      throw new BadRequestError(`Unknown segment id for this site: ${fields.segmentId}`);
    }
    const known = new Set((await this.deps.webhooks.listForSite(site.siteId)).map((webhook) => webhook.id));
    const unknown = webhookIds.filter((id) => !known.has(id));
    if (unknown.length > 0) throw new BadRequestError(`Unknown webhook id(s) for this site: ${unknown.join(', ')}`);
    return {
      metric, window, condition, threshold, emails, webhookIds,
      filters: validateFilters(fields.filters ?? [], 'filters'),
      webhookFormat: fields.webhookFormat ?? 'json',
      ...(metric === 'goal_conversions' && fields.goalId !== undefined ? { goalId: fields.goalId } : {}),
      ...(metric === 'web_vital' ? { vital: fields.vital, percentile: fields.percentile ?? 'p75' } : {}),
      ...(fields.segmentId !== undefined ? { segmentId: fields.segmentId } : {}),
    };
  }

  private nowIso(): string {
    return new Date(this.deps.clock()).toISOString();
  }
}

function withoutUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, each]) => each !== undefined)) as Partial<T>;
}
