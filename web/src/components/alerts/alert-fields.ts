// The alert pages' pure pieces: the API body from the form, and how a rule and a firing read.
import type { Alert, AlertFiring, NewAlert } from '../../api/alert-types';
import { linesOf } from '../settings/settings-fields';

export const METRIC_LABELS: Readonly<Record<Alert['metric'], string>> = {
  visitors: 'Visitors',
  pageviews: 'Pageviews',
  sessions: 'Sessions',
  goal_conversions: 'Goal conversions',
  errors: 'Error events',
  web_vital: 'Web vital',
  bot_share: 'Bot share (%)',
};

export const CONDITION_LABELS: Readonly<Record<Alert['condition'], string>> = {
  above: 'is above',
  below: 'is below',
  increase_pct: 'rises by more than (%) against a week earlier',
  decrease_pct: 'falls by more than (%) against a week earlier',
};

const isMetric = (value: string): value is Alert['metric'] => Object.hasOwn(METRIC_LABELS, value);
const isCondition = (value: string): value is Alert['condition'] => Object.hasOwn(CONDITION_LABELS, value);
const VITALS = ['lcp', 'cls', 'inp', 'fcp', 'ttfb'] as const;
const isVital = (value: string): value is (typeof VITALS)[number] => (VITALS as readonly string[]).includes(value);

/** The body of POST /alerts from the create form's fields (the API checks what the form cannot). */
export function alertBodyOf(form: FormData): NewAlert {
  const text = (name: string) => String(form.get(name) ?? '').trim();
  const metric = text('metric');
  const condition = text('condition');
  const vital = text('vital');
  const goalId = Number(text('goalId'));
  const path = text('path');
  return {
    name: text('name'),
    ...(isMetric(metric) ? { metric } : {}),
    window: text('window') === 'day' ? 'day' : 'hour',
    ...(isCondition(condition) ? { condition } : {}),
    threshold: Number(text('threshold')),
    ...(metric === 'goal_conversions' && Number.isInteger(goalId) && goalId > 0 ? { goalId } : {}),
    ...(metric === 'web_vital' && isVital(vital) ? { vital, percentile: 'p75' as const } : {}),
    ...(path === '' ? {} : { filters: [{ parameter: 'pathname', type: 'equals', value: [path] }] }),
    emails: linesOf(text('emails')),
    webhookIds: form.getAll('webhookId').map(String),
  };
}

function unitOf(alert: Pick<Alert, 'metric' | 'vital'>): string {
  if (alert.metric === 'web_vital') return alert.vital === 'cls' ? '' : ' ms';
  return alert.metric === 'bot_share' ? '%' : '';
}

/** "Visitors in the last hour is above 3", "LCP p75 in the last day rises by more than 50%". */
export function ruleText(alert: Pick<Alert, 'metric' | 'vital' | 'percentile' | 'window' | 'condition' | 'threshold' | 'filters'>): string {
  const metric = alert.metric === 'web_vital' ? `${(alert.vital ?? 'lcp').toUpperCase()} ${alert.percentile ?? 'p75'}` : METRIC_LABELS[alert.metric];
  const scope = alert.filters.length > 0 ? ` (${alert.filters.map((filter) => `${filter.parameter} ${filter.value.join(' or ')}`).join(', ')})` : '';
  const change = alert.condition === 'increase_pct' || alert.condition === 'decrease_pct';
  const condition = change
    ? `${alert.condition === 'increase_pct' ? 'rises' : 'falls'} by more than ${alert.threshold}% against a week earlier`
    : `is ${alert.condition} ${alert.threshold}${unitOf(alert)}`;
  return `${metric}${scope} in the last ${alert.window} ${condition}`;
}

/** A firing's value, with the week-earlier figure when there is one. */
export function firingValueText(firing: Pick<AlertFiring, 'value' | 'baseline'>): string {
  return firing.baseline === null ? String(firing.value) : `${firing.value} (a week earlier: ${firing.baseline})`;
}

/** "ops@example.com: sent", one entry per mail and delivery. */
export function deliveriesText(firing: Pick<AlertFiring, 'deliveries'>): string {
  if (firing.deliveries.length === 0) return 'none';
  return firing.deliveries.map((delivery) => `${delivery.channel === 'email' ? delivery.target : `webhook ${delivery.target}`}: ${delivery.status}${delivery.error ? ` (${delivery.error})` : ''}`).join('; ');
}
