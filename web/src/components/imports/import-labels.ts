// The names people know the import sources and skip reasons by.
import type { ImportPlatform, SkippedCounts } from '../../api/import-types';

/** The sources whose export files the server reads, with what to upload for each. */
export const FILE_SOURCES: ReadonlyArray<{ readonly value: ImportPlatform; readonly label: string; readonly hint: string }> = [
  { value: 'umami', label: 'Umami (CSV export)', hint: 'The CSV file of Umami’s data export.' },
  { value: 'plausible_csv', label: 'Plausible (CSV export, ZIP)', hint: 'The ZIP file Plausible’s “Export to CSV” gives: daily aggregates.' },
  { value: 'simple_analytics', label: 'Simple Analytics (CSV export)', hint: 'The page views or events CSV of Simple Analytics’ export.' },
  { value: 'ga4', label: 'Google Analytics 4 (BigQuery, NDJSON or Parquet)', hint: 'The events_* tables of GA4’s BigQuery export, as newline-delimited JSON or Parquet.' },
  { value: 'matomo', label: 'Matomo (visit log, JSON)', hint: 'Live.getLastVisitsDetails with format=JSON: one array of visits.' },
  { value: 'posthog', label: 'PostHog (events, JSON lines)', hint: 'PostHog’s events export, one JSON object per line.' },
  { value: 'loupe', label: 'Loupe (NDJSON export)', hint: 'Another Loupe instance’s raw event export.' },
];

export function sourceLabel(platform: ImportPlatform): string {
  return FILE_SOURCES.find((source) => source.value === platform)?.label ?? (platform === 'plausible' ? 'Plausible (raw events, API)' : platform);
}

const REASONS: Record<keyof SkippedCounts, string> = {
  already_imported: 'already imported',
  future_timestamp: 'in the future',
  bot_event: 'bot traffic',
  unsupported_event_type: 'not a page’s event (links, pixels, goals…)',
  automatic_event: 'the source’s own bookkeeping events',
  session_replay: 'session recordings (a backup restore brings them back)',
};

/** “3 already imported, 1 in the future”, or “none”. */
export function skippedText(skipped: SkippedCounts): string {
  const parts = (Object.keys(REASONS) as Array<keyof SkippedCounts>)
    .filter((reason) => (skipped[reason] ?? 0) > 0)
    .map((reason) => `${(skipped[reason] ?? 0).toLocaleString('en-US')} ${REASONS[reason]}`);
  return parts.length === 0 ? 'none' : parts.join(', ');
}
