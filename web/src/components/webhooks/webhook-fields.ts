// The webhook forms' pure pieces: the API body from the form, and how triggers and outcomes read.
import type { DeliveryTrigger, NewWebhook, SiteGoal, Webhook } from '../../api/webhook-types';
import { linesOf } from '../settings/settings-fields';

/** The body of POST /webhooks (and of PATCH, which takes the same fields) from the form's fields. */
export function webhookBodyOf(form: FormData): NewWebhook & { description: string } {
  return {
    url: String(form.get('url') ?? '').trim(),
    eventNames: linesOf(String(form.get('eventNames') ?? '')),
    goalIds: form.getAll('goalId').map(Number).filter((id) => Number.isInteger(id) && id > 0),
    description: String(form.get('description') ?? '').trim(),
  };
}

export function goalLabel(goal: Pick<SiteGoal, 'goalId' | 'name' | 'goalType'>): string {
  return goal.name ?? `${goal.goalType} goal ${goal.goalId}`;
}

/** "Goal Purchases", "Event signup" or "Alert Busy hour fired", as a delivery's trigger reads. */
export function triggerText(trigger: DeliveryTrigger): string {
  if (trigger.kind === 'alert') return `Alert ${trigger.name} ${trigger.event === 'alert.fired' ? 'fired' : 'resolved'}`;
  return trigger.kind === 'goal' ? `Goal ${trigger.name}` : `Event ${trigger.name}`;
}

/** A webhook's triggers in one line: event names as they are, goals by their name when the site has them. */
export function triggersOf(webhook: Pick<Webhook, 'event_names' | 'goal_ids'>, goals: readonly SiteGoal[]): string {
  const goalNames = webhook.goal_ids.map((id) => {
    const goal = goals.find((candidate) => candidate.goalId === id);
    return `Goal ${goal ? goalLabel(goal) : `#${id}`}`;
  });
  return [...webhook.event_names.map((name) => `Event ${name}`), ...goalNames].join(', ');
}
