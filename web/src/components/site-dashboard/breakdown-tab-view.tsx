// BreakdownTabView: one tab's report (a /metric breakdown, the map, an event's properties or outbound links) as rows.
import { lazy, Suspense, useEffect } from 'react';
import { useInstanceConfig } from '../../api/session-queries';
import { useMetricBreakdown } from '../../api/breakdowns-query';
import { useReport, type ReportParams } from '../../api/report-query';
import { displayValue } from '../dimensions/dimension-display';
import { DimensionIcon, hasIcon } from '../dimensions/dimension-icon';
import { BreakdownDetails } from '../report-kit/breakdown-details';
import { CsvDownloadButton } from '../csv-download-button';
import { reportPanel } from '../report-kit/report-panel';
import { BREAKDOWN_LIMIT, countsEvents, MAP_LIMIT, SHARED_BREAKDOWNS, type BreakdownTab } from './breakdown-cards';
import { metricCsvColumns, OUTBOUND_CSV_COLUMNS, PROPERTY_CSV_COLUMNS } from './breakdown-csv';
import { BreakdownTable } from '../report-kit/breakdown-table';
import { PageEngagementTab } from './page-engagement-tab';
import { VersionsTab } from './versions-tab';
import type { Filter } from '../../view-state/filters';

type WorldMapComponent = typeof import('../report-kit/world-map').default;
/** The map once its chunk has run: drawn at once, without suspending (React holds a revealed fallback ~300 ms). */
let loadedWorldMap: WorldMapComponent | undefined;
const loadWorldMap = () => import('../report-kit/world-map').then((module) => {
  loadedWorldMap = module.default;
  return module;
});
const WorldMap = lazy(loadWorldMap);

export interface BreakdownTabViewProps {
  readonly site: string;
  readonly tab: BreakdownTab;
  readonly valueLabel: string;
  readonly params: ReportParams;
  readonly filters: readonly Filter[];
  readonly onFilter: (parameter: string, value: string) => void;
  /** Several filters at once (a version with its browser). */
  readonly onFilters: (filters: Filter[]) => void;
  /** The name of the table's CSV file (the card, the tab and the period). */
  readonly fileName: string;
  /** The card and tab, for the download button's accessible name. */
  readonly tableName: string;
}

type CsvTarget = Pick<BreakdownTabViewProps, 'fileName' | 'tableName'>;

const Loading = () => reportPanel({ error: null, loading: true });
const testIdOf = (name: string) => `breakdown-${name.replace(/[^a-z0-9]+/gi, '-').toLowerCase()}`;

interface MetricTabProps extends CsvTarget {
  readonly site: string;
  readonly parameter: string;
  readonly label: string;
  readonly params: ReportParams;
  readonly onFilter: BreakdownTabViewProps['onFilter'];
  readonly map?: boolean;
}

/** Pages count the sessions that viewed them (a session under several pages): their share is of all sessions. */
const PAGE_DIMENSIONS = new Set(['pathname', 'page_title']);
/** Known only with a city database (GEOIP_CITY_DB). */
const PLACE_DIMENSIONS = new Set(['region', 'city']);

function MetricTab({ site, parameter, label, params, onFilter, map, fileName, tableName }: MetricTabProps) {
  const rows = useMetricBreakdown(site, params, parameter, map ? MAP_LIMIT : BREAKDOWN_LIMIT, SHARED_BREAKDOWNS);
  // The map's chunk (the world's shapes, ~110 kB) loads and runs while its answer is awaited, not once it has come.
  useEffect(() => {
    if (map) void loadWorldMap();
  }, [map]);
  // Asked only where a favicon may be shown.
  const config = useInstanceConfig(parameter === 'referrer');
  const pages = PAGE_DIMENSIONS.has(parameter);
  // The same question as the top-line cards ask: answered from the cache.
  const overview = useReport('/api/sites/{site}/overview', site, params);
  const state = reportPanel({ error: rows.error, loading: !rows.data });
  if (state || !rows.data) return state;
  const data = rows.data.data.data;
  if (map) {
    const Loaded = loadedWorldMap;
    const select = (code: string) => onFilter(parameter, code);
    return Loaded ? <Loaded rows={data} onSelect={select} /> : <Suspense fallback={<Loading />}><WorldMap rows={data} onSelect={select} /></Suspense>;
  }
  const events = countsEvents(parameter);
  const display = (value: string) => displayValue(parameter, value);
  const favicons = config.data?.favicons ?? false;
  const icon = hasIcon(parameter) ? (value: string) => <DimensionIcon parameter={parameter} value={value} site={site} favicons={favicons} /> : undefined;
  const sessions = overview.data?.data.sessions;
  const percentageFor = pages
    ? (row: { count: number }) => (sessions ? Math.round((row.count / sessions) * 10_000) / 100 : undefined)
    : (row: { percentage?: number }) => row.percentage;
  const actions = (
    <>
      <BreakdownDetails site={site} parameter={parameter} title={tableName} valueLabel={label} countLabel={events ? 'Events' : 'Sessions'} params={params} display={display} icon={icon} onSelect={(value) => onFilter(parameter, value)} />
      <CsvDownloadButton fileName={fileName} table={tableName} columns={metricCsvColumns(label, events, data)} rows={data} />
    </>
  );
  const placeUnknown = PLACE_DIMENSIONS.has(parameter) && data.length > 0 && data.every((row) => row.value === '');
  return (
    <>
    {placeUnknown ? (
      <p className="mb-2 rounded border border-amber-300 bg-amber-50 p-2 text-xs text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100" data-testid="city-database-needed">
        Regions and cities need a city database. Set <code>GEOIP_CITY_DB</code> to a GeoLite2-City (or compatible) <code>.mmdb</code> file and
        restart Loupe; visits recorded from then on carry their region and city.
      </p>
    ) : null}
    <BreakdownTable
      testId={testIdOf(parameter)} valueLabel={label} countLabel={events ? 'Events' : 'Sessions'} rows={data} display={display} icon={icon}
      percentageOf={events ? 'of all custom events' : 'of all sessions'} percentageFor={percentageFor}
      onSelect={(value) => onFilter(parameter, value)} actions={actions}
    />
    </>
  );
}

function PropertiesTab({ site, params, filters, fileName, tableName }: CsvTarget & { site: string; params: ReportParams; filters: readonly Filter[] }) {
  const chosen = filters.find((filter) => filter.parameter === 'event_name' && filter.type === 'equals')?.value[0];
  const names = useReport('/api/sites/{site}/metric', site, { ...params, parameter: 'event_name', limit: 1 }, { enabled: chosen === undefined });
  const eventName = chosen ?? names.data?.data.data[0]?.value;
  const properties = useReport('/api/sites/{site}/events/properties', site, { ...params, event_name: eventName, limit: BREAKDOWN_LIMIT }, { enabled: eventName !== undefined });
  if (names.data && eventName === undefined) return <BreakdownTable testId="breakdown-properties" valueLabel="Property" countLabel="Events" rows={[]} />;
  const state = reportPanel({ error: properties.error, loading: !properties.data });
  if (state || !properties.data) return state;
  return (
    <>
      <p className="mb-2 text-xs text-slate-600 dark:text-slate-400">Properties of “{eventName}” (filter by an event to choose it)</p>
      <BreakdownTable
        testId="breakdown-properties"
        valueLabel="Property"
        countLabel="Events"
        rows={properties.data.data.map((row) => ({ value: `${row.propertyKey} = ${row.propertyValue}`, count: row.count }))}
        actions={<CsvDownloadButton fileName={fileName} table={tableName} columns={PROPERTY_CSV_COLUMNS} rows={properties.data.data} />}
      />
    </>
  );
}

function OutboundTab({ site, params, fileName, tableName }: CsvTarget & { site: string; params: ReportParams }) {
  const links = useReport('/api/sites/{site}/events/outbound', site, { ...params, limit: BREAKDOWN_LIMIT });
  const state = reportPanel({ error: links.error, loading: !links.data });
  if (state || !links.data) return state;
  return (
    <BreakdownTable
      testId="breakdown-outbound"
      valueLabel="Link"
      countLabel="Clicks"
      rows={links.data.data.map((row) => ({ value: row.url, count: row.count }))}
      actions={<CsvDownloadButton fileName={fileName} table={tableName} columns={OUTBOUND_CSV_COLUMNS} rows={links.data.data} />}
    />
  );
}

export function BreakdownTabView({ site, tab, valueLabel, params, filters, onFilter, onFilters, fileName, tableName }: BreakdownTabViewProps) {
  const csv = { fileName, tableName };
  switch (tab.kind) {
    case 'metric': return <MetricTab site={site} parameter={tab.parameter} label={valueLabel} params={params} onFilter={onFilter} {...csv} />;
    case 'map': return <MetricTab site={site} parameter="country" label={valueLabel} params={params} onFilter={onFilter} map {...csv} />;
    case 'properties': return <PropertiesTab site={site} params={params} filters={filters} {...csv} />;
    case 'outbound': return <OutboundTab site={site} params={params} {...csv} />;
    case 'engagement': return <PageEngagementTab site={site} params={params} {...csv} />;
    case 'versions': return <VersionsTab site={site} parent={tab.parent} parentLabel={tab.parentLabel} parameter={tab.parameter} params={params} onFilters={onFilters} {...csv} />;
  }
}
