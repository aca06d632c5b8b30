// Runs the filter translator against real chDB over hand-built sessions and checks exactly which events match.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCommonParams } from '../../src/stats/common-params.schema.js';
import type { Filter } from '../../src/stats/filters.schema.js';
import { validateFilters } from '../../src/stats/filters.schema.js';
import { baseWhere } from '../../src/stats/stats-query.js';
import { eventRow, openStatsTestStore, type StatsTestStore } from '../helpers/stats-test-store.js';
import type { TimeRange } from '../../src/stats/time-range.js';

const s1 = {
  session_id: 1,
  browser: 'Chrome',
  browser_version: '121.0.6167',
  operating_system: 'Windows',
  operating_system_version: '10',
  country: 'US',
  region: 'US-CA',
  city: 'San Francisco',
  device_type: 'Desktop',
  screen_width: 1920,
  screen_height: 1080,
  language: 'en-US',
  timezone: 'America/Los_Angeles',
  user_id: 'u1',
  hostname: 'example.com',
};
const s2 = {
  session_id: 2,
  browser: 'Firefox',
  browser_version: '115.0',
  operating_system: 'Android',
  operating_system_version: '14',
  country: 'DE',
  region: 'DE-BE',
  city: 'Berlin',
  device_type: 'Mobile',
  screen_width: 390,
  screen_height: 844,
  language: 'de-DE',
  timezone: 'Europe/Berlin',
  user_id: 'u2',
  identified_user_id: 'alice',
  hostname: 'blog.example.com',
};
const s3 = {
  session_id: 3,
  browser: 'Safari',
  browser_version: '17',
  operating_system: 'macOS',
  operating_system_version: '14.2',
  device_type: 'Desktop',
  language: 'en-GB',
  user_id: 'u3',
  hostname: 'docs.example.com',
};
const s5 = { session_id: 5, browser: 'Edge', country: 'FR', channel: 'Email', user_id: 'u5' };

const paid = { utm_source: 'google', utm_medium: 'cpc', utm_campaign: 'spring', utm_term: 'analytics', utm_content: 'ad1' };

const SEED = [
  eventRow({ label: 'a1', at: '2024-06-01T10:00:00Z', ...s1, pathname: '/', page_title: 'Home', channel: 'Direct', tag: 'beta' }),
  eventRow({
    label: 'a2', at: '2024-06-01T10:01:00Z', ...s1, ...paid, pathname: '/pricing', page_title: 'Pricing',
    querystring: '?utm_source=google&ref=hn', url_parameters: { utm_source: 'google', ref: 'hn' },
    referrer: 'https://www.google.com/search?q=x', channel: 'Paid Search',
  }),
  eventRow({
    label: 'a3', at: '2024-06-01T10:02:00Z', ...s1, type: 'custom_event', event_name: 'signup',
    pathname: '/pricing', page_title: 'Pricing', channel: 'Paid Search',
  }),
  eventRow({ label: 'b1', at: '2024-06-01T11:00:00Z', ...s2, pathname: '/blog/post-1', page_title: 'Post One', channel: 'Direct' }),
  eventRow({ label: 'b2', at: '2024-06-01T11:05:00Z', ...s2, pathname: '/Blog/Post-2', page_title: 'Post Two', channel: 'Internal' }),
  eventRow({
    label: 'c1', at: '2024-06-01T12:00:00Z', ...s3, pathname: '/docs', page_title: 'Docs', channel: 'Referral',
    referrer: 'https://news.ycombinator.com/item?id=1', url_parameters: { page: '2' },
  }),
  eventRow({ label: 'c2', at: '2024-06-01T12:01:00Z', ...s3, type: 'custom_event', event_name: 'download', pathname: '/docs', channel: 'Referral' }),
  eventRow({ label: 'c3', at: '2024-06-01T12:02:00Z', ...s3, type: 'custom_event', event_name: 'signup', pathname: '/docs/install', channel: 'Referral' }),
  // Session 5 began before the range: inside it, its entry page is /later.
  eventRow({ label: 'd1', at: '2024-05-31T23:00:00Z', ...s5, pathname: '/old' }),
  eventRow({ label: 'd2', at: '2024-06-01T09:00:00Z', ...s5, pathname: '/later' }),
  // Another site, reusing session id 1: never counted for site 1.
  eventRow({ label: 'x1', at: '2024-06-01T10:00:00Z', ...s1, site_id: 2, pathname: '/', channel: 'Paid Search', event_name: 'signup' }),
];

const RANGE: TimeRange = {
  from: new Date('2024-06-01T00:00:00Z'),
  to: new Date('2024-06-02T00:00:00Z'),
  toInclusive: false,
  timeZone: 'UTC',
};

const f = (parameter: string, type: Filter['type'], ...value: (string | number)[]): Filter => ({ parameter, type, value });

let db: StatsTestStore;
beforeAll(async () => {
  db = await openStatsTestStore();
  await db.store.insert('events', SEED);
});
afterAll(async () => {
  await db.close();
});

const matching = (filters: Filter[]) => db.labelsWhere(baseWhere({ siteId: 1, range: RANGE, filters: validateFilters(filters) }));

describe('event-level filters on chDB', () => {
  it.each<[string, Filter[], string[]]>([
    ['no filters', [], ['a1', 'a2', 'a3', 'b1', 'b2', 'c1', 'c2', 'c3', 'd2']],
    ['equals', [f('browser', 'equals', 'Chrome')], ['a1', 'a2', 'a3']],
    ['equals, values ORed', [f('browser', 'equals', 'Chrome', 'Safari')], ['a1', 'a2', 'a3', 'c1', 'c2', 'c3']],
    ['not_equals, values ANDed', [f('browser', 'not_equals', 'Chrome', 'Safari')], ['b1', 'b2', 'd2']],
    ['contains ignores case', [f('pathname', 'contains', 'blog')], ['b1', 'b2']],
    ['not_contains, values ANDed', [f('pathname', 'not_contains', 'blog', 'DOCS')], ['a1', 'a2', 'a3', 'd2']],
    ['starts_with ignores case', [f('pathname', 'starts_with', '/BLOG')], ['b1', 'b2']],
    ['ends_with, values ORed', [f('pathname', 'ends_with', '-2', 'install')], ['b2', 'c3']],
    ['regex', [f('pathname', 'regex', '^/(pricing|docs)$')], ['a2', 'a3', 'c1', 'c2']],
    ['regex with an RE2 flag group', [f('pathname', 'regex', '(?i)^/blog')], ['b1', 'b2']],
    ['not_regex, values ANDed', [f('pathname', 'not_regex', '^/blog', '^/docs')], ['a1', 'a2', 'a3', 'b2', 'd2']],
    ['is_null is the empty string', [f('country', 'is_null')], ['c1', 'c2', 'c3']],
    ['is_not_null', [f('country', 'is_not_null')], ['a1', 'a2', 'a3', 'b1', 'b2', 'd2']],
    ['greater_than reads the leading number', [f('browser_version', 'greater_than', 116)], ['a1', 'a2', 'a3']],
    ['less_than', [f('browser_version', 'less_than', 20)], ['c1', 'c2', 'c3']],
    ['greater_than_or_equal', [f('browser_version', 'greater_than_or_equal', 115)], ['a1', 'a2', 'a3', 'b1', 'b2']],
    ['less_than_or_equal with a numeric string', [f('browser_version', 'less_than_or_equal', '17')], ['c1', 'c2', 'c3']],
    ['greater_than with text compares text', [f('page_title', 'greater_than', 'P')], ['a2', 'a3', 'b1', 'b2']],
    ['referrer by domain without www', [f('referrer', 'equals', 'google.com')], ['a2']],
    ['referrer domain', [f('referrer', 'equals', 'news.ycombinator.com')], ['c1']],
    ['url_param, name lowercased', [f('url_param:Ref', 'equals', 'hn')], ['a2']],
    ['url_param is_not_null', [f('url_param:page', 'is_not_null')], ['c1']],
    ['dimensions as WxH', [f('dimensions', 'equals', '390x844')], ['b1', 'b2']],
    ['dimensions unknown is null', [f('dimensions', 'is_null')], ['c1', 'c2', 'c3', 'd2']],
    ['user_id prefers the identified id', [f('user_id', 'equals', 'alice', 'u1', 'u2')], ['a1', 'a2', 'a3', 'b1', 'b2']],
    ['utm_source', [f('utm_source', 'equals', 'google')], ['a2']],
    ['utm_medium', [f('utm_medium', 'equals', 'cpc')], ['a2']],
    ['utm_campaign', [f('utm_campaign', 'equals', 'spring')], ['a2']],
    ['utm_term', [f('utm_term', 'equals', 'analytics')], ['a2']],
    ['utm_content', [f('utm_content', 'equals', 'ad1')], ['a2']],
    ['language', [f('language', 'equals', 'de-DE')], ['b1', 'b2']],
    ['operating_system', [f('operating_system', 'equals', 'Android')], ['b1', 'b2']],
    ['operating_system_version', [f('operating_system_version', 'equals', '14.2')], ['c1', 'c2', 'c3']],
    ['region', [f('region', 'equals', 'US-CA')], ['a1', 'a2', 'a3']],
    ['city', [f('city', 'equals', 'Berlin')], ['b1', 'b2']],
    ['device_type', [f('device_type', 'equals', 'Mobile')], ['b1', 'b2']],
    ['hostname', [f('hostname', 'equals', 'docs.example.com')], ['c1', 'c2', 'c3']],
    ['page_title', [f('page_title', 'equals', 'Docs')], ['c1']],
    ['querystring', [f('querystring', 'contains', 'utm_')], ['a2']],
    ['timezone', [f('timezone', 'equals', 'Europe/Berlin')], ['b1', 'b2']],
    ['tag', [f('tag', 'equals', 'beta')], ['a1']],
    ['several filters are ANDed', [f('browser', 'equals', 'Chrome'), f('pathname', 'equals', '/pricing')], ['a2', 'a3']],
  ])('%s', async (_name, filters, expected) => {
    expect(await matching(filters)).toEqual(expected);
  });
});

describe('session-level filters on chDB', () => {
  it.each<[string, Filter[], string[]]>([
    ['channel: first channel other than Direct/Internal', [f('channel', 'equals', 'Paid Search')], ['a1', 'a2', 'a3']],
    ['channel: else the first channel', [f('channel', 'equals', 'Direct')], ['b1', 'b2']],
    ['channel: Internal is never a session channel here', [f('channel', 'equals', 'Internal')], []],
    ['channel not_equals, values ANDed', [f('channel', 'not_equals', 'Direct', 'Referral')], ['a1', 'a2', 'a3', 'd2']],
    ['entry_page', [f('entry_page', 'equals', '/')], ['a1', 'a2', 'a3']],
    ['entry_page starts_with', [f('entry_page', 'starts_with', '/blog')], ['b1', 'b2']],
    ['entry_page inside the range', [f('entry_page', 'equals', '/later', '/old')], ['d2']],
    ['exit_page is the last pageview', [f('exit_page', 'equals', '/pricing')], ['a1', 'a2', 'a3']],
    ['exit_page ignores custom events', [f('exit_page', 'equals', '/docs/install')], []],
    ['exit_page', [f('exit_page', 'equals', '/Blog/Post-2', '/docs')], ['b1', 'b2', 'c1', 'c2', 'c3']],
    ['event_name: sessions having it', [f('event_name', 'equals', 'signup')], ['a1', 'a2', 'a3', 'c1', 'c2', 'c3']],
    ['event_name contains', [f('event_name', 'contains', 'DOWN')], ['c1', 'c2', 'c3']],
    ['event_name not_equals: sessions without it', [f('event_name', 'not_equals', 'signup')], ['b1', 'b2', 'd2']],
    ['event_name not_equals, values ANDed', [f('event_name', 'not_equals', 'signup', 'download')], ['b1', 'b2', 'd2']],
    ['event_name not_regex', [f('event_name', 'not_regex', '^down')], ['a1', 'a2', 'a3', 'b1', 'b2', 'd2']],
    ['event_name is_null: no named event', [f('event_name', 'is_null')], ['b1', 'b2', 'd2']],
    ['event_name is_not_null', [f('event_name', 'is_not_null')], ['a1', 'a2', 'a3', 'c1', 'c2', 'c3']],
    [
      'session filters ANDed',
      [f('event_name', 'equals', 'signup'), f('channel', 'equals', 'Referral')],
      ['c1', 'c2', 'c3'],
    ],
    [
      'session and event filters ANDed',
      [f('event_name', 'equals', 'signup'), f('pathname', 'equals', '/docs')],
      ['c1', 'c2'],
    ],
  ])('%s', async (_name, filters, expected) => {
    expect(await matching(filters)).toEqual(expected);
  });
});

describe('from a query string to rows on chDB', () => {
  it('applies dates in a time zone, filters and a segment together', async () => {
    const search = new URLSearchParams({
      start_date: '2024-06-01',
      end_date: '2024-06-01',
      time_zone: 'Europe/Berlin',
      filters: JSON.stringify([{ parameter: 'device_type', type: 'equals', value: ['Desktop'] }]),
      segment_id: '9',
      bucket: '',
    });
    const query = await parseCommonParams(Object.fromEntries(search), new Date('2024-07-01T00:00:00Z'), {
      siteId: 1,
      resolveSegment: async (id) => (id === 9 ? [{ parameter: 'event_name', type: 'equals', value: ['signup'] }] : undefined),
    });
    // Sessions 1 and 3 are the Desktop ones with a signup.
    expect(await db.labelsWhere(baseWhere(query))).toEqual(['a1', 'a2', 'a3', 'c1', 'c2', 'c3']);
  });

  it.each([
    ['UTC', ['d2']],
    ['Europe/Berlin', ['d1', 'd2']],
  ])('reads the day in %s, inside session filters too', async (timeZone, expected) => {
    // Berlin's 2024-06-01 starts at 2024-05-31T22:00Z, so it holds d1 (23:00Z on May 31) as well.
    const query = await parseCommonParams(
      { start_date: '2024-06-01', end_date: '2024-06-01', time_zone: timeZone, filters: '[{"parameter":"channel","type":"equals","value":["Email"]}]' },
      new Date('2024-07-01T00:00:00Z'),
      { siteId: 1 },
    );
    expect(await db.labelsWhere(baseWhere(query))).toEqual(expected);
  });
});
