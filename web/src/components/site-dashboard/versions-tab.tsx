// VersionsTab: browser (or OS) versions named with their browser ("Safari 17", not "17"). The API groups a version
// breakdown by the version alone, so the same number of two browsers would share a row; the tab asks the version
// breakdown of each of the top browsers (filtered to it) and ranks the pairs. Asked only when the tab is opened.
import { useQueries } from '@tanstack/react-query';
import { reportQuery, useReport, type ReportParams } from '../../api/report-query';
import { parseFilters, serializeFilters, type Filter } from '../../view-state/filters';
import { DimensionIcon, hasIcon } from '../dimensions/dimension-icon';
import { reportPanel } from '../report-kit/report-panel';
import { BreakdownTable } from '../report-kit/breakdown-table';
import { CsvDownloadButton } from '../csv-download-button';
import type { CsvColumn } from '../csv';
import { BREAKDOWN_LIMIT } from './breakdown-cards';

/** How many of the top browsers (or systems) have their versions asked. */
const PARENTS = 5;

export interface VersionRow {
  readonly parent: string;
  readonly version: string;
  readonly count: number;
}

/** A row's value in the table (a key the row's button gives back): the pair as JSON. */
const keyOf = (row: Pick<VersionRow, 'parent' | 'version'>) => JSON.stringify([row.parent, row.version]);

/** "Safari 17"; "(unknown version)" where the user agent gave none. */
export const versionText = (parent: string, version: string) => `${parent || '(none)'} ${version || '(unknown version)'}`;

/** The pairs of every parent's version rows, largest first, at most `limit`. */
export function rankVersions(perParent: ReadonlyArray<{ parent: string; rows: ReadonlyArray<{ value: string; count: number }> }>, limit: number): VersionRow[] {
  return perParent
    .flatMap(({ parent, rows }) => rows.map((row) => ({ parent, version: row.value, count: row.count })))
    .sort((a, b) => b.count - a.count || keyOf(a).localeCompare(keyOf(b)))
    .slice(0, limit);
}

const CSV_COLUMNS = (parentLabel: string): ReadonlyArray<CsvColumn<VersionRow>> => [
  { header: parentLabel, value: (row) => row.parent },
  { header: 'Version', value: (row) => row.version },
  { header: 'Sessions', value: (row) => row.count },
];

export interface VersionsTabProps {
  readonly site: string;
  /** `browser` or `operating_system`. */
  readonly parent: string;
  readonly parentLabel: string;
  /** `browser_version` or `operating_system_version`. */
  readonly parameter: string;
  readonly params: ReportParams;
  readonly onFilters: (filters: Filter[]) => void;
  readonly fileName: string;
  readonly tableName: string;
}

export function VersionsTab({ site, parent, parentLabel, parameter, params, onFilters, fileName, tableName }: VersionsTabProps) {
  const parents = useReport('/api/sites/{site}/metric', site, { ...params, parameter: parent, limit: PARENTS });
  const overview = useReport('/api/sites/{site}/overview', site, params);
  const names = (parents.data?.data.data ?? []).map((row) => row.value);
  const viewFilters = parseFilters(typeof params.filters === 'string' ? params.filters : null);
  const versions = useQueries({
    queries: names.map((name) => reportQuery('/api/sites/{site}/metric', site, {
      ...params, parameter, limit: BREAKDOWN_LIMIT, filters: serializeFilters([...viewFilters, { parameter: parent, type: 'equals', value: [name] }]),
    })),
  });
  const error = parents.error ?? versions.find((query) => query.error)?.error ?? null;
  const state = reportPanel({ error, loading: !parents.data || versions.some((query) => !query.data) });
  if (state) return state;
  const rows = rankVersions(names.map((name, index) => ({ parent: name, rows: versions[index]?.data?.data.data ?? [] })), BREAKDOWN_LIMIT);
  const byKey = new Map(rows.map((row) => [keyOf(row), row]));
  const sessions = overview.data?.data.sessions;
  return (
    <BreakdownTable
      testId={`breakdown-${parameter.replace(/_/g, '-')}`} valueLabel="Version" countLabel="Sessions"
      rows={rows.map((row) => ({ value: keyOf(row), count: row.count }))}
      display={(value) => { const row = byKey.get(value); return row ? versionText(row.parent, row.version) : value; }}
      icon={hasIcon(parent) ? (value) => <DimensionIcon parameter={parent} value={byKey.get(value)?.parent ?? ''} site={site} favicons={false} /> : undefined}
      percentageOf="of all sessions" percentageFor={(row) => (sessions ? Math.round((row.count / sessions) * 10_000) / 100 : undefined)}
      onSelect={(value) => {
        const row = byKey.get(value);
        if (row) onFilters([{ parameter: parent, type: 'equals', value: [row.parent] }, { parameter, type: 'equals', value: [row.version] }]);
      }}
      actions={<CsvDownloadButton fileName={fileName} table={tableName} columns={CSV_COLUMNS(parentLabel)} rows={rows} />}
    />
  );
}
