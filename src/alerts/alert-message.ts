// What an alert says when it fires or resolves: the email, the signed webhook payload (`alert.fired` /
// `alert.resolved`, docs/webhooks.md) and the Slack-compatible one-line text.
import type { MailContent } from '../platform/mail/mail-message.js';
import { changePercent } from './alert-condition.js';
import type { AlertRule } from './alert-rule.repository.js';
import type { AlertFiring } from './alert-firing.repository.js';

export interface AlertNotice {
  readonly rule: AlertRule;
  readonly firing: AlertFiring;
  readonly siteDomain: string;
  readonly baseUrl: string;
}

const WINDOW_TEXT = { hour: 'the last hour', day: 'the last day' } as const;

function metricText(rule: AlertRule): string {
  const { metric, vital, percentile } = rule.definition;
  if (metric === 'web_vital') return `${(vital ?? 'lcp').toUpperCase()} ${percentile ?? 'p75'}`;
  if (metric === 'goal_conversions') return `conversions of goal ${rule.definition.goalId ?? ''}`.trim();
  if (metric === 'bot_share') return 'bot share (%)';
  if (metric === 'errors') return 'error events';
  return metric;
}

function conditionText(rule: AlertRule): string {
  const { condition, threshold } = rule.definition;
  if (condition === 'above') return `above ${threshold}`;
  if (condition === 'below') return `below ${threshold}`;
  return `${condition === 'increase_pct' ? 'up' : 'down'} more than ${threshold}% against a week earlier`;
}

function valueText(firing: AlertFiring): string {
  const change = changePercent({ value: firing.value, baseline: firing.baseline });
  const base = firing.baseline === null ? '' : ` (a week earlier: ${firing.baseline}${change === null ? '' : `, ${change > 0 ? '+' : ''}${change}%`})`;
  return `${firing.value}${base}`;
}

export function dashboardUrl(baseUrl: string, siteId: number): string {
  return `${baseUrl}/sites/${siteId}?period=24h`;
}

/** One line, also the `text` of a Slack-compatible delivery (`<url|label>` is Slack's link form). */
export function alertText(notice: AlertNotice): string {
  const { rule, firing } = notice;
  const verb = firing.kind === 'fired' ? 'fired' : 'resolved';
  return `[Loupe] Alert "${rule.name}" ${verb} on ${notice.siteDomain}: ${metricText(rule)} in ${WINDOW_TEXT[rule.definition.window]} is ${valueText(firing)}; condition: ${conditionText(rule)}. <${dashboardUrl(notice.baseUrl, rule.site_id)}|Open the dashboard>`;
}

export function alertEmail(notice: AlertNotice): MailContent {
  const { rule, firing } = notice;
  const fired = firing.kind === 'fired';
  return {
    subject: `[Loupe] ${fired ? 'Fired' : 'Resolved'}: ${rule.name} (${notice.siteDomain})`,
    text: [
      fired ? `The alert "${rule.name}" on ${notice.siteDomain} fired: its condition now holds.` : `The alert "${rule.name}" on ${notice.siteDomain} resolved: its condition no longer holds.`,
      '',
      `Metric: ${metricText(rule)} in ${WINDOW_TEXT[rule.definition.window]}`,
      `Value: ${valueText(firing)}`,
      `Condition: ${conditionText(rule)}`,
      `Window: ${firing.window_from} to ${firing.window_to} (UTC)`,
      '',
      `Dashboard: ${dashboardUrl(notice.baseUrl, rule.site_id)}`,
      `Change or delete the alert: ${notice.baseUrl}/sites/${rule.site_id}/alerts`,
    ].join('\n'),
  };
}

/** The signed JSON body of a delivery to one webhook (`slack`: `{"text"}` only). */
export function alertWebhookPayload(notice: AlertNotice, delivery: { id: string; webhookId: string; createdAt: string }): string {
  const { rule, firing } = notice;
  if (rule.definition.webhookFormat === 'slack') return JSON.stringify({ text: alertText(notice) });
  const { definition } = rule;
  return JSON.stringify({
    id: delivery.id,
    type: firing.kind === 'fired' ? 'alert.fired' : 'alert.resolved',
    created_at: delivery.createdAt,
    webhook_id: delivery.webhookId,
    site_id: rule.site_id,
    alert: {
      id: rule.id, name: rule.name, metric: definition.metric, goal_id: definition.goalId ?? null, vital: definition.vital ?? null,
      percentile: definition.metric === 'web_vital' ? (definition.percentile ?? 'p75') : null, filters: definition.filters,
      segment_id: definition.segmentId ?? null, window: definition.window, condition: definition.condition, threshold: definition.threshold,
    },
    firing: {
      id: firing.id, value: firing.value, baseline: firing.baseline, change_percent: changePercent({ value: firing.value, baseline: firing.baseline }),
      window_from: firing.window_from, window_to: firing.window_to,
    },
    dashboard_url: dashboardUrl(notice.baseUrl, rule.site_id),
    text: alertText(notice),
  });
}
