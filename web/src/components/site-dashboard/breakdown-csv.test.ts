// The breakdown tables' CSV: every field of the API's rows under the table's labels, the duration only when given.
import { describe, expect, it } from 'vitest';
import type { MetricEntry } from '../../api/types';
import { toCsv } from '../csv';
import { metricCsvColumns, OUTBOUND_CSV_COLUMNS, PROPERTY_CSV_COLUMNS } from './breakdown-csv';

const page: MetricEntry = { value: '/pricing', count: 2, percentage: 66.67, sessions: 2, pageviews: 3, pageviews_percentage: 75, bounce_rate: 50 };

describe('breakdown CSV columns', () => {
  it('writes a page breakdown without the duration the API does not give for pages', () => {
    const rows = [page, { ...page, value: '=cmd', count: 1, percentage: 33.33, sessions: 1, pageviews: 1, pageviews_percentage: 25, bounce_rate: 100 }];
    expect(toCsv(metricCsvColumns('Page', false, rows), rows)).toBe(
      'Page,Sessions,Sessions (%),Pageviews,Pageviews (%),Bounce rate (%)\r\n' +
      '/pricing,2,66.67,3,75,50\r\n' +
      "'=cmd,1,33.33,1,25,100\r\n",
    );
  });

  it('adds the mean session duration when the rows carry it', () => {
    const rows = [{ ...page, value: 'FR', avg_session_duration: 42.5 }];
    const columns = metricCsvColumns('Location', false, rows);
    expect(columns.map((column) => column.header).at(-1)).toBe('Mean session duration (s)');
    expect(toCsv(columns, rows).split('\r\n')[1]).toBe('FR,2,66.67,3,75,50,42.5');
  });

  it("counts a custom event's occurrences and adds the sessions that had it", () => {
    const rows = [{ ...page, value: 'signup', count: 5, sessions: 2, avg_session_duration: 0 }];
    expect(toCsv(metricCsvColumns('Event', true, rows), rows)).toBe(
      'Event,Events,Events (%),Sessions,Pageviews,Pageviews (%),Bounce rate (%),Mean session duration (s)\r\n' +
      'signup,5,66.67,2,3,75,50,0\r\n',
    );
  });

  it('writes event properties and outbound links as the API returns them', () => {
    expect(toCsv(PROPERTY_CSV_COLUMNS, [{ propertyKey: 'plan', propertyValue: '{"a":1}', count: 4 }])).toBe('Property,Value,Events\r\nplan,"{""a"":1}",4\r\n');
    expect(toCsv(OUTBOUND_CSV_COLUMNS, [{ url: 'https://example.org/a,b', count: 3, lastClicked: '2026-03-10 10:04:00' }]))
      .toBe('Link,Clicks,Last clicked (UTC)\r\n"https://example.org/a,b",3,2026-03-10 10:04:00\r\n');
  });
});
