// A goal draft becomes the API body its type needs (or nothing while incomplete), and round-trips from a saved goal.
import { describe, expect, it } from 'vitest';
import type { GoalRow } from '../../api/goals-types';
import { bodyOf, describeGoal, draftOf, EMPTY_DRAFT, goalTitle } from './goal-draft';
import { formatRate } from './goal-format';

describe('bodyOf', () => {
  it.each([
    [{ goalType: 'path', pathPattern: '' }, undefined],
    [{ goalType: 'path', pathPattern: ' /pricing ', eventName: 'ignored' }, { name: null, goalType: 'path', config: { pathPattern: '/pricing' } }],
    [{ goalType: 'event', eventName: '  ' }, undefined],
    [{ name: ' Signup ', goalType: 'event', eventName: 'signup', propertyFilters: [{ key: ' plan ', value: 'pro' }, { key: '', value: 'x' }] },
      { name: 'Signup', goalType: 'event', config: { eventName: 'signup', propertyFilters: [{ key: 'plan', value: 'pro' }] } }],
    [{ goalType: 'copy' }, { name: null, goalType: 'copy', config: {} }],
    [{ goalType: 'outbound', valuePattern: 'https://github.com/*', pathPattern: '/x' }, { name: null, goalType: 'outbound', config: { valuePattern: 'https://github.com/*' } }],
  ] as const)('%j -> %j', (change, body) => {
    expect(bodyOf({ ...EMPTY_DRAFT, ...change })).toEqual(body);
  });
});

describe('saved goals', () => {
  const goal: GoalRow = {
    goalId: 3, name: null, goalType: 'path', config: { pathPattern: '/pricing', propertyFilters: [{ key: 'plan', value: 'pro' }] },
    createdAt: '2026-03-20T12:00:00.000Z', total_conversions: 1, total_sessions: 4, conversion_rate: 0.25,
    revenue: { currency: null, total: null, average: null, events: 0, by_currency: [] },
  };

  it('round-trips through a draft', () => {
    expect(bodyOf(draftOf(goal))).toEqual({ name: null, goalType: 'path', config: goal.config });
  });

  it('is described by what it matches when unnamed', () => {
    expect(goalTitle(goal)).toBe('Page visit /pricing (plan = pro)');
    expect(goalTitle({ ...goal, name: 'Pricing' })).toBe('Pricing');
    expect(describeGoal({ goalType: 'button_click', config: {} })).toBe('Button click any');
  });
});

describe('formatRate', () => {
  it.each([[0, '0%'], [0.25, '25%'], [0.6667, '66.67%'], [1, '100%'], [0.0001, '0.01%']])('%s -> %s', (rate, text) => {
    expect(formatRate(rate)).toBe(text);
  });
});
