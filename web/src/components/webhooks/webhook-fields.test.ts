// The webhook forms' pure pieces: the body sent to the API, and trigger texts.
import { describe, expect, it } from 'vitest';
import { goalLabel, triggersOf, triggerText, webhookBodyOf } from './webhook-fields';
import type { SiteGoal } from '../../api/webhook-types';

function formOf(entries: Array<[string, string]>): FormData {
  const form = new FormData();
  for (const [name, value] of entries) form.append(name, value);
  return form;
}

describe('webhookBodyOf', () => {
  it('trims the URL and description, takes one event name per non-empty line, and the checked goal ids as numbers', () => {
    const form = formOf([['url', ' https://hooks.example.com/in '], ['description', ' CRM '], ['eventNames', 'signup\n\n purchase \n'], ['goalId', '3'], ['goalId', '12']]);
    expect(webhookBodyOf(form)).toEqual({ url: 'https://hooks.example.com/in', description: 'CRM', eventNames: ['signup', 'purchase'], goalIds: [3, 12] });
  });

  it('sends empty lists when nothing is chosen (the API then says a trigger is needed)', () => {
    expect(webhookBodyOf(formOf([['url', 'https://a.example.com']]))).toEqual({ url: 'https://a.example.com', description: '', eventNames: [], goalIds: [] });
  });
});

describe('trigger texts', () => {
  it.each([
    [{ kind: 'goal' as const, goal_id: 3, name: 'Purchases' }, 'Goal Purchases'],
    [{ kind: 'event' as const, name: 'signup' }, 'Event signup'],
    [{ kind: 'alert' as const, alert_id: 'alr_1', name: 'Busy hour', event: 'alert.fired' as const }, 'Alert Busy hour fired'],
    [{ kind: 'alert' as const, alert_id: 'alr_1', name: 'Busy hour', event: 'alert.resolved' as const }, 'Alert Busy hour resolved'],
  ])('reads %j as %s', (trigger, text) => {
    expect(triggerText(trigger)).toBe(text);
  });

  it("lists event names, then goals by name, or by id when the site's goals do not name them", () => {
    const goals: SiteGoal[] = [{ goalId: 3, name: 'Purchases', goalType: 'event' }, { goalId: 4, name: null, goalType: 'path' }];
    expect(triggersOf({ event_names: ['signup'], goal_ids: [3, 4, 9] }, goals)).toBe('Event signup, Goal Purchases, Goal path goal 4, Goal #9');
    expect(goalLabel({ goalId: 7, name: null, goalType: 'outbound' })).toBe('outbound goal 7');
  });
});
