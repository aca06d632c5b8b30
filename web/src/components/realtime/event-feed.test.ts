// The realtime feed's pure pieces: timestamp reading and display in a given zone, merging, throttled announcements.
import { describe, expect, it } from 'vitest';
import type { FeedEvent } from '../../api/settings-types';
import { announce, describeEvent, FEED_LIMIT, formatEventTime, instantOf, mergeFeed } from './event-feed';

const event = (timestamp: string, type = 'pageview', event_name = ''): FeedEvent => ({
  timestamp, type, event_name, pathname: '/', hostname: 'localhost', page_title: '', props: {}, session_id: 's', user_id: 'u', identified_user_id: '',
  country: 'FR', browser: 'Chrome', device_type: 'desktop', properties: '{}',
  querystring: '', referrer: '', browser_version: '', operating_system: '', operating_system_version: '', language: '', region: '', city: '', lat: 0, lon: 0, screen_width: 0, screen_height: 0,
});

describe('instantOf', () => {
  it.each([
    ['2025-03-01 12:34:56.789', '2025-03-01T12:34:56.789Z'],
    ['2025-03-01 00:00:00', '2025-03-01T00:00:00.000Z'],
    ['2025-03-01T12:34:56Z', undefined],
    ['not a time', undefined],
    ['2025-13-45 99:99:99', undefined],
  ])('%s -> %s', (text, iso) => {
    expect(instantOf(text)?.toISOString()).toBe(iso);
  });
});

describe('formatEventTime', () => {
  it.each([
    ['UTC', '1 Mar 2025, 23:34:56'],
    ['Europe/Paris', '2 Mar 2025, 00:34:56'],
    ['America/New_York', '1 Mar 2025, 18:34:56'],
  ])('renders a UTC timestamp in %s', (zone, shown) => {
    expect(formatEventTime('2025-03-01 23:34:56.789', 'en-GB', zone)).toBe(shown);
  });
  it('leaves an unreadable timestamp as it came', () => {
    expect(formatEventTime('garbage', 'en-GB', 'UTC')).toBe('garbage');
  });
});

describe('mergeFeed', () => {
  it('puts newer events first and caps the feed', () => {
    const old = [event('2025-03-01 00:00:01.000'), event('2025-03-01 00:00:00.000')];
    expect(mergeFeed([event('2025-03-01 00:00:02.000')], old).map((e) => e.timestamp)).toEqual(['2025-03-01 00:00:02.000', '2025-03-01 00:00:01.000', '2025-03-01 00:00:00.000']);
    const many = Array.from({ length: FEED_LIMIT }, (_, i) => event(`2025-03-01 00:00:00.${String(i % 1000).padStart(3, '0')}`));
    expect(mergeFeed([event('2025-03-02 00:00:00.000')], many)).toHaveLength(FEED_LIMIT);
  });
});

describe('describeEvent', () => {
  it.each([
    [event('2025-03-01 00:00:00', 'custom_event', 'signup'), 'signup'],
    [event('2025-03-01 00:00:00', 'pageview'), 'pageview'],
    [event('2025-03-01 00:00:00', 'button_click'), 'button click'],
  ])('%j -> %s', (e, text) => {
    expect(describeEvent(e)).toBe(text);
  });
});

describe('announce', () => {
  it('speaks at most once per gap, adding up what arrived meanwhile', () => {
    let state = { pending: 0, lastAt: undefined as number | undefined };
    const steps: Array<[number, number, string | undefined]> = [[0, 0, undefined], [2, 1000, '2 new events'], [3, 5000, undefined], [1, 20000, undefined], [0, 31000, '4 new events'], [1, 70000, '1 new event']];
    for (const [arrived, now, message] of steps) {
      const result = announce(state, arrived, now, 30_000);
      expect([arrived, now, result.message]).toEqual([arrived, now, message]);
      state = { ...result.state };
    }
  });
});
