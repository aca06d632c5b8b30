// The CSV columns of the breakdown tables: every field of the API's rows, under the table's own labels.
import type { CsvColumn } from '../csv';
import type { EventProperties, MetricEntry, OutboundLinks } from '../../api/types';

/**
 * A /metric row's columns. Its count is the sessions (then `sessions` repeats it and is left out) except for
 * custom events, whose count is their occurrences; the mean session duration only when the API gave it (not for
 * pages, titles and query strings).
 */
export function metricCsvColumns(valueLabel: string, events: boolean, rows: readonly MetricEntry[]): CsvColumn<MetricEntry>[] {
  const countLabel = events ? 'Events' : 'Sessions';
  const columns: CsvColumn<MetricEntry>[] = [
    { header: valueLabel, value: (row) => row.value },
    { header: countLabel, value: (row) => row.count },
    { header: `${countLabel} (%)`, value: (row) => row.percentage },
    ...(events ? [{ header: 'Sessions', value: (row: MetricEntry) => row.sessions }] : []),
    { header: 'Pageviews', value: (row) => row.pageviews },
    { header: 'Pageviews (%)', value: (row) => row.pageviews_percentage },
    { header: 'Bounce rate (%)', value: (row) => row.bounce_rate },
  ];
  const withDuration = rows.some((row) => row.avg_session_duration !== undefined);
  return withDuration ? [...columns, { header: 'Mean session duration (s)', value: (row) => row.avg_session_duration }] : columns;
}

export const PROPERTY_CSV_COLUMNS: readonly CsvColumn<EventProperties['data'][number]>[] = [
  { header: 'Property', value: (row) => row.propertyKey },
  { header: 'Value', value: (row) => row.propertyValue },
  { header: 'Events', value: (row) => row.count },
];

export const OUTBOUND_CSV_COLUMNS: readonly CsvColumn<OutboundLinks['data'][number]>[] = [
  { header: 'Link', value: (row) => row.url },
  { header: 'Clicks', value: (row) => row.count },
  { header: 'Last clicked (UTC)', value: (row) => row.lastClicked },
];
