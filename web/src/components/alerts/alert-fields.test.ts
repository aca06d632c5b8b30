// Table tests of the alert pages' pure pieces: the form's body, a rule's sentence, a firing's cells.
import { describe, expect, it } from 'vitest';
import { alertBodyOf, deliveriesText, firingValueText, ruleText } from './alert-fields';

function form(fields: Record<string, string | string[]>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) for (const each of Array.isArray(value) ? value : [value]) data.append(name, each);
  return data;
}

describe('alertBodyOf', () => {
  it('reads the fields, with a page filter, the goal only for goal conversions and the emails one per line', () => {
    expect(alertBodyOf(form({ name: ' Busy ', metric: 'visitors', window: 'hour', condition: 'above', threshold: '20', goalId: '3', path: '/pricing', emails: 'a@example.com\n\nb@example.com', webhookId: ['wh_1'] }))).toEqual({
      name: 'Busy', metric: 'visitors', window: 'hour', condition: 'above', threshold: 20,
      filters: [{ parameter: 'pathname', type: 'equals', value: ['/pricing'] }], emails: ['a@example.com', 'b@example.com'], webhookIds: ['wh_1'],
    });
  });

  it.each([
    [{ metric: 'goal_conversions', goalId: '3' }, { metric: 'goal_conversions', goalId: 3 }],
    [{ metric: 'web_vital', vital: 'inp' }, { metric: 'web_vital', vital: 'inp', percentile: 'p75' }],
    [{ metric: 'nonsense', condition: 'nonsense', window: 'week' }, { window: 'hour' }],
  ])('%j', (fields, expected) => {
    expect(alertBodyOf(form({ name: 'x', threshold: '1', emails: '', ...fields }))).toEqual({ name: 'x', threshold: 1, emails: [], webhookIds: [], window: 'hour', ...expected });
  });
});

describe('ruleText', () => {
  const base = { vital: null, percentile: null, filters: [], threshold: 3 } as const;
  it.each([
    [{ ...base, metric: 'visitors', window: 'hour', condition: 'above' }, 'Visitors in the last hour is above 3'],
    [{ ...base, metric: 'web_vital', vital: 'lcp', percentile: 'p75', window: 'day', condition: 'below', threshold: 2500 }, 'LCP p75 in the last day is below 2500 ms'],
    [{ ...base, metric: 'errors', window: 'hour', condition: 'increase_pct', threshold: 200 }, 'Error events in the last hour rises by more than 200% against a week earlier'],
    [{ ...base, metric: 'pageviews', window: 'day', condition: 'decrease_pct', threshold: 50, filters: [{ parameter: 'pathname', type: 'equals', value: ['/a', '/b'] }] }, 'Pageviews (pathname /a or /b) in the last day falls by more than 50% against a week earlier'],
  ] as const)('%j', (alert, text) => {
    expect(ruleText({ ...alert, filters: alert.filters.map((filter) => ({ ...filter, value: [...filter.value] })) })).toBe(text);
  });
});

describe('firing cells', () => {
  it('reads the value with its baseline and each delivery with its state', () => {
    expect(firingValueText({ value: 9, baseline: 3 })).toBe('9 (a week earlier: 3)');
    expect(firingValueText({ value: 9, baseline: null })).toBe('9');
    expect(deliveriesText({ deliveries: [] })).toBe('none');
    expect(deliveriesText({ deliveries: [
      { channel: 'email', target: 'ops@example.com', status: 'sent', attempts: 1, error: null },
      { channel: 'webhook', target: 'wh_1', status: 'retrying', attempts: 2, error: 'Endpoint answered 500' },
    ] })).toBe('ops@example.com: sent; webhook wh_1: retrying (Endpoint answered 500)');
  });
});
