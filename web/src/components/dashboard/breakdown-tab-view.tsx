// BreakdownTabView: one tab's report (a /metric breakdown, the map, an event's properties or outbound links) as rows.
import { lazy, Suspense } from 'react';
import { useEventProperties, useMetric, useOutboundLinks, type ReportParams } from '../../api/queries';
import { ErrorMessage } from '../error-message';
import { BREAKDOWN_LIMIT, type BreakdownTab } from './breakdown-cards';
import { BreakdownTable } from './breakdown-table';
import type { Filter } from '../../routes/site/filters';

const WorldMap = lazy(() => import('./world-map'));

export interface BreakdownTabViewProps {
  readonly site: string;
  readonly tab: BreakdownTab;
  readonly valueLabel: string;
  readonly params: ReportParams;
  readonly filters: readonly Filter[];
  readonly onFilter: (parameter: string, value: string) => void;
}

const Loading = () => <p className="py-6 text-center text-sm text-slate-600 dark:text-slate-400">Loading…</p>;
const testIdOf = (name: string) => `breakdown-${name.replace(/[^a-z0-9]+/gi, '-').toLowerCase()}`;

function MetricTab({ site, parameter, label, params, onFilter, map }: { site: string; parameter: string; label: string; params: ReportParams; onFilter: BreakdownTabViewProps['onFilter']; map?: boolean }) {
  const rows = useMetric(site, { ...params, parameter, limit: map ? 300 : BREAKDOWN_LIMIT });
  if (rows.error) return <ErrorMessage error={rows.error} />;
  if (!rows.data) return <Loading />;
  const data = rows.data.data.data;
  if (map) return <Suspense fallback={<Loading />}><WorldMap rows={data} onSelect={(code) => onFilter(parameter, code)} /></Suspense>;
  return <BreakdownTable testId={testIdOf(parameter)} valueLabel={label} countLabel="Sessions" rows={data} onSelect={(value) => onFilter(parameter, value)} />;
}

function PropertiesTab({ site, params, filters }: { site: string; params: ReportParams; filters: readonly Filter[] }) {
  const chosen = filters.find((filter) => filter.parameter === 'event_name' && filter.type === 'equals')?.value[0];
  const names = useMetric(site, { ...params, parameter: 'event_name', limit: 1 }, chosen === undefined);
  const eventName = chosen ?? names.data?.data.data[0]?.value;
  const properties = useEventProperties(site, { ...params, event_name: eventName, limit: BREAKDOWN_LIMIT }, eventName !== undefined);
  if (names.data && eventName === undefined) return <BreakdownTable testId="breakdown-properties" valueLabel="Property" countLabel="Events" rows={[]} />;
  if (properties.error) return <ErrorMessage error={properties.error} />;
  if (!properties.data) return <Loading />;
  return (
    <>
      <p className="mb-2 text-xs text-slate-600 dark:text-slate-400">Properties of “{eventName}” (filter by an event to choose it)</p>
      <BreakdownTable testId="breakdown-properties" valueLabel="Property" countLabel="Events" rows={properties.data.data.map((row) => ({ value: `${row.propertyKey} = ${row.propertyValue}`, count: row.count }))} />
    </>
  );
}

function OutboundTab({ site, params }: { site: string; params: ReportParams }) {
  const links = useOutboundLinks(site, { ...params, limit: BREAKDOWN_LIMIT });
  if (links.error) return <ErrorMessage error={links.error} />;
  if (!links.data) return <Loading />;
  return <BreakdownTable testId="breakdown-outbound" valueLabel="Link" countLabel="Clicks" rows={links.data.data.map((row) => ({ value: row.url, count: row.count }))} />;
}

export function BreakdownTabView({ site, tab, valueLabel, params, filters, onFilter }: BreakdownTabViewProps) {
  switch (tab.kind) {
    case 'metric': return <MetricTab site={site} parameter={tab.parameter} label={valueLabel} params={params} onFilter={onFilter} />;
    case 'map': return <MetricTab site={site} parameter="country" label={valueLabel} params={params} onFilter={onFilter} map />;
    case 'properties': return <PropertiesTab site={site} params={params} filters={filters} />;
    case 'outbound': return <OutboundTab site={site} params={params} />;
  }
}
