// Umami's CSV export: one row per event, its website_event columns with the session's (browser, os, device,
// screen, language, country, region, city); see platforms/umami-rows.ts for the columns read.
import { csvObjects, type FileRow } from './csv-objects.js';

export const UMAMI_REQUIRED_COLUMNS = ['session_id', 'created_at', 'event_type'] as const;

export function umamiCsvRows(chunks: AsyncIterable<string>, name: string): AsyncGenerator<FileRow> {
  return csvObjects(chunks, name, UMAMI_REQUIRED_COLUMNS);
}
