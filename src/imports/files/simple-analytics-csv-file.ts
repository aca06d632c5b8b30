// Simple Analytics' CSV export of datapoints: one row per pageview or event; see
// platforms/simple-analytics-rows.ts for the columns read.
import { csvObjects, type FileRow } from './csv-objects.js';

export const SIMPLE_ANALYTICS_REQUIRED_COLUMNS = ['added_iso', 'session_id', 'datapoint'] as const;

export function simpleAnalyticsCsvRows(chunks: AsyncIterable<string>, name: string): AsyncGenerator<FileRow> {
  return csvObjects(chunks, name, SIMPLE_ANALYTICS_REQUIRED_COLUMNS);
}
