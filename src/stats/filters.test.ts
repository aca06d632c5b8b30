// The SQL text and bound parameters the filter translator produces.
import { describe, expect, it } from 'vitest';
import { buildFilterSql } from './filters.js';
import type { Filter } from './filters.schema.js';
import type { TimeRange } from './time-range.js';

const RANGE: TimeRange = { from: new Date('2024-06-01T00:00:00Z'), to: new Date('2024-06-02T00:00:00Z'), toInclusive: false, timeZone: 'UTC' };
const context = { siteId: 7, range: RANGE };
const f = (parameter: string, type: Filter['type'], ...value: (string | number)[]): Filter => ({ parameter, type, value });

describe('buildFilterSql', () => {
  it.each<[string, Filter, string, Record<string, unknown>]>([
    ['equals', f('browser', 'equals', 'Chrome'), 'browser = {f0_0:String}', { f0_0: 'Chrome' }],
    ['not_equals', f('browser', 'not_equals', 'Chrome'), 'browser != {f0_0:String}', { f0_0: 'Chrome' }],
    ['contains', f('pathname', 'contains', 'a'), 'positionCaseInsensitiveUTF8(pathname, {f0_0:String}) > 0', { f0_0: 'a' }],
    ['not_contains', f('pathname', 'not_contains', 'a'), 'positionCaseInsensitiveUTF8(pathname, {f0_0:String}) = 0', { f0_0: 'a' }],
    ['starts_with', f('pathname', 'starts_with', '/a'), 'startsWith(lowerUTF8(pathname), lowerUTF8({f0_0:String}))', { f0_0: '/a' }],
    ['ends_with', f('pathname', 'ends_with', 'a'), 'endsWith(lowerUTF8(pathname), lowerUTF8({f0_0:String}))', { f0_0: 'a' }],
    ['regex', f('pathname', 'regex', '^/a'), 'match(pathname, {f0_0:String})', { f0_0: '^/a' }],
    ['not_regex', f('pathname', 'not_regex', '^/a'), 'NOT match(pathname, {f0_0:String})', { f0_0: '^/a' }],
    ['is_null', f('country', 'is_null'), "country = ''", {}],
    ['is_not_null', f('country', 'is_not_null'), "country != ''", {}],
    [
      'greater_than a number',
      f('browser_version', 'greater_than', 100),
      "toFloat64OrNull(extract(browser_version, '^-?[0-9]+(?:[.][0-9]+)?')) > {f0_0:Float64}",
      { f0_0: 100 },
    ],
    ['less_than text', f('page_title', 'less_than', 'M'), 'page_title < {f0_0:String}', { f0_0: 'M' }],
    ['a number value of a text filter', f('pathname', 'equals', 404), 'pathname = {f0_0:String}', { f0_0: '404' }],
    ['url_param binds its name', f('url_param:Ref', 'equals', 'x'), 'url_parameters[{f0_key:String}] = {f0_0:String}', { f0_key: 'ref', f0_0: 'x' }],
    ['positive values are ORed', f('country', 'equals', 'US', 'DE'), '(country = {f0_0:String}) OR (country = {f0_1:String})', { f0_0: 'US', f0_1: 'DE' }],
    ['negative values are ANDed', f('country', 'not_equals', 'US', 'DE'), '(country != {f0_0:String}) AND (country != {f0_1:String})', { f0_0: 'US', f0_1: 'DE' }],
  ])('%s', (_name, filter, sql, params) => {
    expect(buildFilterSql([filter], context)).toEqual({ sql, params });
  });

  it('ANDs several filters with distinct parameter names', () => {
    expect(buildFilterSql([f('country', 'equals', 'US'), f('browser', 'equals', 'Chrome')], context)).toEqual({
      sql: '(country = {f0_0:String}) AND (browser = {f1_0:String})',
      params: { f0_0: 'US', f1_0: 'Chrome' },
    });
  });

  it('uses the parameter prefix it is given', () => {
    expect(buildFilterSql([f('country', 'equals', 'US')], { ...context, paramPrefix: 'seg' })).toEqual({
      sql: 'country = {seg0_0:String}',
      params: { seg0_0: 'US' },
    });
  });

  it('renders no filters as the always-true condition', () => {
    expect(buildFilterSql([], context)).toEqual({ sql: '1 = 1', params: {} });
  });

  const scope = "site_id = {siteId:UInt32}) AND (timestamp >= {range_from:DateTime64(3, 'UTC')}) AND (timestamp < {range_to:DateTime64(3, 'UTC')}";
  const scopeParams = { siteId: 7, range_from: '2024-06-01 00:00:00.000', range_to: '2024-06-02 00:00:00.000' };

  it('selects whole sessions by their entry page', () => {
    expect(buildFilterSql([f('entry_page', 'equals', '/')], context)).toEqual({
      sql:
        `session_id IN (SELECT session_id FROM events WHERE (${scope}) GROUP BY session_id ` +
        "HAVING argMinIf(pathname, timestamp, type = 'pageview') = {f0_0:String})",
      params: { ...scopeParams, f0_0: '/' },
    });
  });

  it('selects sessions without an event for a negative event_name filter', () => {
    expect(buildFilterSql([f('event_name', 'not_equals', 'a', 'b')], context)).toEqual({
      sql:
        `session_id IN (SELECT session_id FROM events WHERE (${scope}) GROUP BY session_id ` +
        'HAVING countIf((event_name = {f0_0:String}) OR (event_name = {f0_1:String})) = 0)',
      params: { ...scopeParams, f0_0: 'a', f0_1: 'b' },
    });
  });

  it('throws on a parameter that was not validated', () => {
    expect(() => buildFilterSql([f('nope', 'equals', 'x')], context)).toThrow('unknown parameter nope');
  });
});
