// JavaScript and SQL goal matching agree: each goal of a table selects exactly the expected events both ways (real chDB).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventRow, openStatsTestStore, type StatsTestStore } from '../helpers/stats-test-store.js';
import type { GoalDefinition } from '../../src/goals/goal-matching/goal-definition.js';
import { goalConditionSql } from '../../src/goals/goal-matching/goal-condition-sql.js';
import { goalEventOf } from '../../src/goals/goal-matching/goal-event.js';
import { goalMatchesEvent } from '../../src/goals/goal-matching/goal-matches-event.js';

const AT = '2026-03-01T10:00:00Z';
const json = (value: unknown) => JSON.stringify(value);

const EVENTS: Array<{ label: string; [column: string]: unknown }> = [
  { label: 'e01', pathname: '/pricing', hostname: 'example.com', url_parameters: { plan: 'pro' } },
  { label: 'e02', pathname: '/blog/hello' },
  { label: 'e03', pathname: '/blog/hello/comments' },
  { label: 'e04', pathname: '/blog/' },
  { label: 'e05', pathname: '/docs/a/b/c' },
  { label: 'e06', type: 'custom_event', event_name: 'signup', props: json({ plan: 'pro', seats: 3, trial: true }) },
  { label: 'e07', type: 'custom_event', event_name: 'signup', props: json({ plan: 'free' }) },
  { label: 'e08', type: 'custom_event', event_name: 'Signup' },
  { label: 'e09', type: 'outbound', props: json({ url: 'https://github.com/loupe/loupe', text: 'GitHub' }) },
  { label: 'e10', type: 'outbound', props: json({ url: 'https://twitter.com/x' }) },
  { label: 'e11', type: 'button_click', pathname: '/pricing', props: json({ text: 'Sign Up Now' }) },
  { label: 'e12', type: 'button_click', props: json({ text: 'Cancel' }) },
  { label: 'e13', type: 'form_submit', props: json({ formId: 'contact', formName: '', formAction: '/api/contact' }) },
  { label: 'e14', type: 'form_submit', props: json({ formId: '', formName: 'newsletter', formAction: 'https://x.com/subscribe' }) },
  { label: 'e15', type: 'copy', props: json({ text: 'npm install loupe', sourceElement: 'code' }) },
  { label: 'e16', type: 'copy', props: json({ text: 'hello', sourceElement: 'p' }) },
  { label: 'e17', pathname: '/pricing', hostname: 'shop.example.com' },
  { label: 'e18', type: 'custom_event', event_name: 'signup', props: '' },
  { label: 'e19', pathname: '/a.b' },
  { label: 'e20', type: 'custom_event', event_name: 'price', props: json({ amount: 1e21, ratio: 0.5, n: null, obj: { a: 1 } }) },
  { label: 'e21', pathname: '/axb' },
  { label: 'e22', type: 'custom_event', event_name: 'signup', props: 'not json' },
  { label: 'e23', type: 'custom_event', event_name: 'quote', props: json({ q: 'a"b\\c\né', f: false, neg: -1.5, list: [1], empty: '' }) },
  { label: 'e24', pathname: '/x/a/b.html' },
  { label: 'e25', pathname: '/x//b.html' },
  { label: 'e26', pathname: '/x/a\nb/c/d.html' },
  { label: 'e27', type: 'button_click', props: json({ text: 'ÉTÉ Sale' }) },
  { label: 'e28', type: 'button_click', props: json({ text: 'big SALE\nb' }) },
  { label: 'e29', type: 'button_click', props: json({ text: 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa' }) },
];

/** The rows as stored: the columns a goal reads, with their defaults. */
const ROWS = EVENTS.map((event) => ({ type: 'pageview', hostname: 'example.com', pathname: '/', event_name: '', props: '', url_parameters: {}, ...event }));

const CASES: Array<[string, GoalDefinition, string[]]> = [
  ['exact path', { goalType: 'path', config: { pathPattern: '/pricing' } }, ['e01', 'e17']],
  ['path on a hostname', { goalType: 'path', config: { pathPattern: '/pricing' }, hostname: 'Shop.Example.com' }, ['e17']],
  ['path with a query parameter', { goalType: 'path', config: { pathPattern: '/pricing', propertyFilters: [{ key: 'PLAN', value: 'pro' }] } }, ['e01']],
  ['one segment', { goalType: 'path', config: { pathPattern: '/blog/*' } }, ['e02']],
  ['any depth', { goalType: 'path', config: { pathPattern: '/blog/**' } }, ['e02', 'e03', 'e04']],
  ['inner **', { goalType: 'path', config: { pathPattern: '/docs/**/c' } }, ['e05']],
  ['a literal dot', { goalType: 'path', config: { pathPattern: '/a.b' } }, ['e19']],
  ['event name (case-sensitive)', { goalType: 'event', config: { eventName: 'signup' } }, ['e06', 'e07', 'e18', 'e22']],
  ['event property', { goalType: 'event', config: { eventName: 'signup', propertyFilters: [{ key: 'plan', value: 'pro' }] } }, ['e06']],
  ['number and boolean properties', { goalType: 'event', config: { eventName: 'signup', propertyFilters: [{ key: 'seats', value: '3' }, { key: 'trial', value: 'true' }] } }, ['e06']],
  ['large and fractional numbers', { goalType: 'event', config: { eventName: 'price', propertyFilters: [{ key: 'amount', value: '1e21' }, { key: 'ratio', value: '0.5' }] } }, ['e20']],
  ['null and object read as empty', { goalType: 'event', config: { eventName: 'price', propertyFilters: [{ key: 'n', value: '' }, { key: 'obj', value: '' }] } }, ['e20']],
  ['escaped strings, false, negatives', { goalType: 'event', config: { eventName: 'quote', propertyFilters: [{ key: 'q', value: 'a"b\\c\né' }, { key: 'f', value: 'false' }, { key: 'neg', value: '-1.5' }] } }, ['e23']],
  ['arrays and empty strings read as empty', { goalType: 'event', config: { eventName: 'quote', propertyFilters: [{ key: 'list', value: '' }, { key: 'empty', value: '' }, { key: 'missing', value: '' }] } }, ['e23']],
  ['a property must equal exactly', { goalType: 'event', config: { eventName: 'quote', propertyFilters: [{ key: 'q', value: '"a\\"b"' }] } }, []],
  ['any outbound click', { goalType: 'outbound', config: {} }, ['e09', 'e10']],
  ['outbound URL pattern', { goalType: 'outbound', config: { valuePattern: 'https://github.com/*' } }, ['e09']],
  ['outbound, case-insensitive', { goalType: 'outbound', config: { valuePattern: '*GITHUB.com*' } }, ['e09']],
  ['outbound with a property', { goalType: 'outbound', config: { propertyFilters: [{ key: 'text', value: 'GitHub' }] } }, ['e09']],
  ['button text', { goalType: 'button_click', config: { valuePattern: 'sign up*' } }, ['e11']],
  ['form by name', { goalType: 'form_submit', config: { valuePattern: 'newsletter' } }, ['e14']],
  ['form by id', { goalType: 'form_submit', config: { valuePattern: 'contact' } }, ['e13']],
  ['form by action', { goalType: 'form_submit', config: { valuePattern: '*/subscribe' } }, ['e14']],
  ['copied text', { goalType: 'copy', config: { valuePattern: 'npm *' } }, ['e15']],
  ['copied from an element', { goalType: 'copy', config: { valuePattern: 'CODE' } }, ['e15']],
  ['no such event', { goalType: 'event', config: { eventName: 'nope' } }, []],
  ['segments around a globstar', { goalType: 'path', config: { pathPattern: '/x/*/**/*.html' } }, ['e26']],
  ['a globstar then a segment', { goalType: 'path', config: { pathPattern: '/x/***' } }, ['e24', 'e25', 'e26']],
  ['a segment never spans a slash', { goalType: 'path', config: { pathPattern: '/x/*.html' } }, []],
  ['non-ASCII letters, case-insensitive', { goalType: 'button_click', config: { valuePattern: 'été*' } }, ['e27']],
  ['a value star crosses line breaks', { goalType: 'button_click', config: { valuePattern: '*sale*B' } }, ['e28']],
  ['repeated letters without the last one', { goalType: 'button_click', config: { valuePattern: '*a*a*a*b' } }, []],
  ['repeated letters', { goalType: 'button_click', config: { valuePattern: '*a*a*a*' } }, ['e29']],
];

describe('goal matching: JavaScript and SQL agree', () => {
  let t: StatsTestStore;
  beforeAll(async () => {
    t = await openStatsTestStore();
    await t.store.insert('events', ROWS.map((event) => eventRow({ at: AT, ...event })));
  });
  afterAll(async () => t.close());

  it.each(CASES)('%s', async (_name, goal, expected) => {
    const condition = goalConditionSql(goal, 'g0_');
    const sqlLabels = await t.labelsWhere(condition);
    const jsLabels = ROWS.filter((event) => goalMatchesEvent(goal, goalEventOf(event)))
      .map((event) => event.label)
      .sort();
    expect(sqlLabels).toEqual(expected);
    expect(jsLabels).toEqual(expected);
  });

  it('runs several goals in one query without clashing parameters', async () => {
    const conditions = CASES.slice(0, 3).map(([, goal], index) => goalConditionSql(goal, `g${index}_`));
    const select = conditions.map((condition, index) => `toString(countIf(${condition.sql})) AS c${index}`).join(', ');
    const params = Object.assign({}, ...conditions.map((condition) => condition.params)) as Record<string, unknown>;
    expect(await t.store.query(`SELECT ${select} FROM events`, params)).toEqual([{ c0: '2', c1: '1', c2: '1' }]);
  });

  it('binds a pattern without wildcards as an equality and others as an RE2 regex', () => {
    expect(goalConditionSql({ goalType: 'path', config: { pathPattern: '/a.b' } }, 'g_')).toEqual({
      sql: '(type = {g_type:String}) AND (pathname = {g_path:String})',
      params: { g_type: 'pageview', g_path: '/a.b' },
    });
    expect(goalConditionSql({ goalType: 'path', config: { pathPattern: '/a/*' } }, 'g_').params).toEqual({ g_type: 'pageview', g_path: '(?s)^(?:/a/[^/]+)$' });
  });

  it('refuses a prefix that is not a parameter name', () => {
    expect(() => goalConditionSql({ goalType: 'event', config: { eventName: 'x' } }, 'a-b')).toThrow('bad parameter prefix');
  });
});
