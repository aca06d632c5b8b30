// The rows of a Plausible CSV export (a ZIP of one CSV per report, daily aggregates), one stored
// `imported_aggregates` row each. Each row names its report in `report` (the CSV's table name).
import { z } from 'zod';
import { normalizeHost } from '../../classifiers/referrer.js';
import { derivedKey } from '../derived-ids.js';
import { parseImportTimestamp } from '../import-time.js';
import { invalid, type MappedRow, type MappingContext } from '../mapped-row.js';
import { count, countryCode, date, NOT_AN_OBJECT, rowProblems, text } from '../import-row.schema.js';

const figures = { visitors: count, visits: count, pageviews: count, bounces: count, visit_duration: count };

/** Each report's columns (besides `date` and the figures), as the export's CSV files have them. */
export const PLAUSIBLE_REPORTS = {
  imported_visitors: z.object({ ...figures }),
  imported_sources: z.object({
    ...figures, source: text(255), referrer: text(2048),
    utm_source: text(255), utm_medium: text(255), utm_campaign: text(255), utm_content: text(255), utm_term: text(255),
  }),
  imported_pages: z.object({ ...figures, hostname: text(253), page: text(2048) }),
  imported_entry_pages: z.object({ ...figures, entry_page: text(2048), entrances: count }),
  imported_exit_pages: z.object({ ...figures, exit_page: text(2048), exits: count }),
  imported_custom_events: z.object({ ...figures, name: z.string().min(1, 'Required').max(256), link_url: text(2048), path: text(2048), events: count }),
  imported_locations: z.object({ ...figures, country: countryCode, region: text(20), city: text(20) }),
  imported_devices: z.object({ ...figures, device: text(20) }),
  imported_browsers: z.object({ ...figures, browser: text(64), browser_version: text(64) }),
  imported_operating_systems: z.object({ ...figures, operating_system: text(64), operating_system_version: text(64) }),
} as const;

export type PlausibleReport = keyof typeof PLAUSIBLE_REPORTS;

export const PLAUSIBLE_REPORT_NAMES = Object.keys(PLAUSIBLE_REPORTS) as PlausibleReport[];

const HeadSchema = z.object({
  report: z.enum(PLAUSIBLE_REPORT_NAMES as [PlausibleReport, ...PlausibleReport[]], { message: `Expected one of ${PLAUSIBLE_REPORT_NAMES.join(', ')}` }),
  date,
});

/** Operating system names Plausible spells differently from Loupe. */
const OS_NAMES: Readonly<Record<string, string>> = { Mac: 'macOS', 'GNU/Linux': 'Linux', 'Chrome OS': 'ChromeOS' };

/** The referrer as Loupe's `referrer` breakdown shows it: the host without `www.` ('' for direct). */
function referrerDomain(referrer: string): string {
  if (referrer === '') return '';
  const withScheme = referrer.includes('://') ? referrer : `https://${referrer}`;
  try {
    return normalizeHost(new URL(withScheme).hostname);
  } catch {
    return '';
  }
}

/** The stored columns of a row of one report (the dimensions Loupe can break it down by). */
function columnsOf(report: PlausibleReport, raw: unknown): { columns: Record<string, string | number> } | { issues: z.core.$ZodIssue[] } {
  const parsed = PLAUSIBLE_REPORTS[report].safeParse(raw);
  if (!parsed.success) return { issues: parsed.error.issues };
  const row = parsed.data as Record<string, string | number>;
  const base = { visitors: row.visitors ?? 0, visits: row.visits ?? 0, pageviews: row.pageviews ?? 0, bounces: row.bounces ?? 0, visit_duration: row.visit_duration ?? 0 };
  const textOf = (name: string) => String(row[name] ?? '');
  switch (report) {
    case 'imported_visitors': return { columns: base };
    case 'imported_sources':
      return { columns: { ...base, source: textOf('source'), referrer: referrerDomain(textOf('referrer')), utm_source: textOf('utm_source'), utm_medium: textOf('utm_medium'), utm_campaign: textOf('utm_campaign'), utm_content: textOf('utm_content'), utm_term: textOf('utm_term') } };
    case 'imported_pages': return { columns: { ...base, hostname: textOf('hostname').toLowerCase(), pathname: textOf('page') } };
    case 'imported_entry_pages': return { columns: { ...base, visits: row.entrances ?? 0, entry_page: textOf('entry_page') } };
    case 'imported_exit_pages': return { columns: { ...base, visits: row.exits ?? 0, exit_page: textOf('exit_page') } };
    case 'imported_custom_events': return { columns: { ...base, event_name: textOf('name'), pathname: textOf('path'), events: row.events ?? 0 } };
    case 'imported_locations': return { columns: { ...base, country: textOf('country'), region: textOf('region'), city: textOf('city') } };
    case 'imported_devices': return { columns: { ...base, device_type: textOf('device') } };
    case 'imported_browsers': return { columns: { ...base, browser: textOf('browser'), browser_version: textOf('browser_version') } };
    case 'imported_operating_systems': {
      const name = textOf('operating_system');
      return { columns: { ...base, operating_system: OS_NAMES[name] ?? name, operating_system_version: textOf('operating_system_version') } };
    }
  }
}

/**
 * One daily aggregate row. Its key is derived from the site, the report, the day and the row's
 * dimension values, so the same row imported again (by any import) is recognised and skipped.
 */
export function plausibleAggregateRow(raw: unknown, context: MappingContext): MappedRow {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return invalid(NOT_AN_OBJECT);
  const head = HeadSchema.safeParse(raw);
  if (!head.success) return invalid(rowProblems(head.error.issues));
  const result = columnsOf(head.data.report, raw);
  if ('issues' in result) return invalid(rowProblems(result.issues));
  const report = head.data.report.replace(/^imported_/, '');
  const figureNames = new Set(['visitors', 'visits', 'pageviews', 'bounces', 'visit_duration', 'events']);
  const dimensions = Object.entries(result.columns).filter(([name]) => !figureNames.has(name)).map(([name, value]) => `${name}=${String(value)}`);
  const key = derivedKey([String(context.siteId), report, head.data.date, ...dimensions]);
  return {
    kind: 'aggregate',
    key,
    at: parseImportTimestamp(`${head.data.date} 00:00:00`) ?? 0,
    row: { site_id: context.siteId, import_id: context.importId, row_key: key, date: head.data.date, report, ...result.columns },
  };
}
