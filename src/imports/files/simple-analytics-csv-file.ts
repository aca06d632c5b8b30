// Simple Analytics' CSV export of datapoints: one row per pageview or event; see
// platforms/simple-analytics-rows.ts for the columns read. Its page views export has no datapoint column
// (only the events export does), so only the time and the session are required.
import { csvObjects, type FileRow } from './csv-objects.js';

export const SIMPLE_ANALYTICS_REQUIRED_COLUMNS = ['added_iso', 'session_id'] as const;

export function simpleAnalyticsCsvRows(chunks: AsyncIterable<string>, name: string): AsyncGenerator<FileRow> {
  return csvObjects(chunks, name, SIMPLE_ANALYTICS_REQUIRED_COLUMNS);
}
