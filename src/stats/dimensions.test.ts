// The dimension catalog: which names exist, their SQL, and which select whole sessions.
import { describe, expect, it } from 'vitest';
import { DIMENSION_NAMES, findDimension } from './dimensions.js';

describe('findDimension', () => {
  it('knows every filter parameter of the contract, plus the url_param family', () => {
    expect([...DIMENSION_NAMES].sort()).toEqual(
      [
        'browser', 'browser_version', 'operating_system', 'operating_system_version', 'language', 'country', 'region',
        'city', 'device_type', 'hostname', 'pathname', 'page_title', 'querystring', 'referrer', 'channel', 'utm_source',
        'utm_medium', 'utm_campaign', 'utm_term', 'utm_content', 'url_param:<name>', 'entry_page', 'exit_page',
        'event_name', 'dimensions', 'timezone', 'tag', 'user_id',
      ].sort(),
    );
  });

  it.each<[string, string, 'event' | 'session', boolean]>([
    ['country', 'country', 'event', false],
    ['referrer', 'domainWithoutWWW(referrer)', 'event', false],
    ['event_name', 'event_name', 'event', true],
    ['entry_page', "argMinIf(pathname, timestamp, type = 'pageview')", 'session', true],
    ['exit_page', "argMaxIf(pathname, timestamp, type = 'pageview')", 'session', true],
    [
      'channel',
      "if(countIf(channel NOT IN ('Direct', 'Internal')) > 0, argMinIf(channel, timestamp, channel NOT IN ('Direct', 'Internal')), argMin(channel, timestamp))",
      'session',
      true,
    ],
  ])('%s', (name, sql, level, selectsSessions) => {
    expect(findDimension(name)).toEqual({ name, level, expression: { sql, params: {} }, selectsSessions });
  });

  it('binds a url_param name, lowercased, under the key parameter it is given', () => {
    expect(findDimension('url_param:UTM_ID', 'k1')).toEqual({
      name: 'url_param:UTM_ID',
      level: 'event',
      expression: { sql: 'url_parameters[{k1:String}]', params: { k1: 'utm_id' } },
      selectsSessions: false,
    });
  });

  it.each(['', 'foo', 'url_param:', 'toString', 'constructor', '__proto__', `url_param:${'x'.repeat(257)}`])(
    'does not know %j',
    (name) => {
      expect(findDimension(name)).toBeUndefined();
    },
  );
});
