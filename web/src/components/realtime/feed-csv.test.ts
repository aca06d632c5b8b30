// The realtime feed's CSV: every field of the API's events, the properties as JSON text.
import { describe, expect, it } from 'vitest';
import type { FeedEvent } from '../../api/settings-types';
import { toCsv } from '../csv';
import { FEED_CSV_COLUMNS } from './feed-csv';

const event: FeedEvent = {
  timestamp: '2026-03-10 10:03:00.123', type: 'custom_event', event_name: 'signup', pathname: '/pricing', hostname: 'example.com', page_title: 'Pricing',
  props: { plan: 'pro', seats: 3 }, session_id: '7', user_id: 'v1', identified_user_id: 'alice', country: 'FR', browser: 'Firefox', device_type: 'Desktop',
  properties: '{"plan":"pro","seats":3}', querystring: '', referrer: '', browser_version: '', operating_system: '', operating_system_version: '', language: '', region: '', city: '', lat: 0, lon: 0, screen_width: 0, screen_height: 0,
};

describe('realtime feed CSV', () => {
  it('writes each field in order, the properties as JSON', () => {
    expect(toCsv(FEED_CSV_COLUMNS, [event])).toBe(
      'Time (UTC),Type,Event name,Path,Host name,Page title,Properties,Session,Visitor,Identified user,Country,Browser,Device type\r\n' +
      '2026-03-10 10:03:00.123,custom_event,signup,/pricing,example.com,Pricing,"{""plan"":""pro"",""seats"":3}",7,v1,alice,FR,Firefox,Desktop\r\n',
    );
  });

  it('keeps stored properties that are not JSON as their text', () => {
    expect(toCsv(FEED_CSV_COLUMNS.filter((column) => column.header === 'Properties'), [{ ...event, props: 'plain text' }])).toBe('Properties\r\nplain text\r\n');
  });
});
