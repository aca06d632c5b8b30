// goalMatchesEvent on single events as webhooks see them: rows fresh from ingestion, parsed props, odd input.
import { describe, expect, it } from 'vitest';
import type { GoalDefinition } from './goal-definition.js';
import { goalEventOf } from './goal-event.js';
import { goalMatchesEvent } from './goal-matches-event.js';

/** An events row shaped like ingestion builds it (url_parameters without a prototype, props canonical JSON). */
function builtRow(columns: Record<string, unknown>): Record<string, unknown> {
  const parameters = Object.create(null) as Record<string, string>;
  parameters.plan = 'pro';
  return { site_id: 1, type: 'pageview', event_name: '', pathname: '/', hostname: 'example.com', props: '', url_parameters: parameters, session_id: 7, ...columns };
}

describe('goalMatchesEvent', () => {
  it.each<[string, GoalDefinition, Record<string, unknown>, boolean]>([
    ['path goal on a pageview', { goalType: 'path', config: { pathPattern: '/pricing' } }, { pathname: '/pricing' }, true],
    ['path goal ignores other event types', { goalType: 'path', config: { pathPattern: '/pricing' } }, { type: 'custom_event', pathname: '/pricing' }, false],
    ['query parameter key case', { goalType: 'path', config: { pathPattern: '/**', propertyFilters: [{ key: 'Plan', value: 'pro' }] } }, {}, true],
    ['query parameter value case', { goalType: 'path', config: { pathPattern: '/**', propertyFilters: [{ key: 'plan', value: 'Pro' }] } }, {}, false],
    ['missing query parameter reads as empty', { goalType: 'path', config: { pathPattern: '/**', propertyFilters: [{ key: 'ref', value: '' }] } }, {}, true],
    ['path goal without a pattern never matches', { goalType: 'path', config: {} }, {}, false],
    ['event goal without a name never matches', { goalType: 'event', config: {} }, { type: 'custom_event', event_name: 'x' }, false],
    ['props already parsed', { goalType: 'event', config: { eventName: 'buy', propertyFilters: [{ key: 'qty', value: '2' }] } }, { type: 'custom_event', event_name: 'buy', props: { qty: 2 } }, true],
    ['props as an array read as none', { goalType: 'outbound', config: { valuePattern: '*' } }, { type: 'outbound', props: '[1]' }, true],
    ['inherited keys are not properties', { goalType: 'event', config: { eventName: 'e', propertyFilters: [{ key: 'toString', value: '' }] } }, { type: 'custom_event', event_name: 'e', props: '{}' }, true],
    ['hostname is compared lowercased', { goalType: 'path', config: { pathPattern: '/' }, hostname: 'EXAMPLE.com' }, {}, true],
    ['another hostname', { goalType: 'path', config: { pathPattern: '/' }, hostname: 'shop.example.com' }, {}, false],
  ])('%s', (_name, goal, columns, expected) => {
    expect(goalMatchesEvent(goal, goalEventOf(builtRow(columns)))).toBe(expected);
  });

  it('reads a row with unexpected column types as empty fields', () => {
    expect(goalEventOf({ type: 'pageview', pathname: 5, props: null, url_parameters: 'x' })).toEqual({
      type: 'pageview', event_name: '', pathname: '', hostname: '', props: '', url_parameters: {},
    });
  });
});
