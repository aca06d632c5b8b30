// RevenueCard: the period's revenue (total in the site's reporting currency, per currency) and its breakdown by
// source or page, as the revenue reports return them.
import { useState } from 'react';
import { useRevenue, useRevenueBreakdown, type RevenueRow } from '../../api/engagement-revenue-queries';
import type { ReportParams } from '../../api/report-query';
import { Card } from '../card';
import { CsvDownloadButton } from '../csv-download-button';
import type { CsvColumn } from '../csv';
import { ErrorMessage } from '../error-message';
import { ChoiceButtons } from '../report-kit/choice-buttons';
import { formatRevenue } from '../report-kit/engagement-format';

const BREAKDOWNS = [
  { value: 'channel', label: 'Channels' },
  { value: 'referrer', label: 'Referrers' },
  { value: 'utm_source', label: 'UTM source' },
  { value: 'pathname', label: 'Pages' },
  { value: 'event_name', label: 'Events' },
] as const;
type Breakdown = (typeof BREAKDOWNS)[number]['value'];

const CSV_COLUMNS: ReadonlyArray<CsvColumn<RevenueRow>> = [
  { header: 'Value', value: (row) => row.value },
  { header: 'Paying sessions', value: (row) => row.sessions },
  { header: 'Currency', value: (row) => row.revenue.currency ?? '' },
  { header: 'Revenue', value: (row) => row.revenue.total ?? '' },
  { header: 'Average per session', value: (row) => row.revenue.average ?? '' },
  { header: 'By currency', value: (row) => row.revenue.by_currency.map((part) => `${part.total} ${part.currency}`).join('; ') },
];

export function RevenueCard({ site, params, fileName }: { site: string; params: ReportParams; fileName: string }) {
  const [parameter, setParameter] = useState<Breakdown>('channel');
  const totals = useRevenue(site, params);
  const breakdown = useRevenueBreakdown(site, { ...params, parameter, limit: 10 });
  const label = BREAKDOWNS.find((entry) => entry.value === parameter)?.label ?? parameter;
  const rows = breakdown.data?.data.data ?? [];
  return (
    <Card title="Revenue">
      <ErrorMessage error={totals.error ?? breakdown.error} />
      <p className="mb-3 text-sm">
        <span className="text-2xl font-semibold tabular-nums" data-testid="revenue-total">{totals.data ? formatRevenue(totals.data.data) : '–'}</span>
        {totals.data && totals.data.data.average !== null && totals.data.data.events > 0 ? (
          <span className="ml-2 text-slate-600 dark:text-slate-400">{totals.data.data.average} per paying session, {totals.data.data.sessions} sessions</span>
        ) : null}
      </p>
      <ChoiceButtons label="Revenue by" options={BREAKDOWNS} value={parameter} onChange={(next) => setParameter(next)} />
      {rows.length === 0 ? (
        <p className="py-6 text-center text-sm text-slate-600 dark:text-slate-400">{breakdown.data ? 'No revenue in this period.' : 'Loading…'}</p>
      ) : (
        <>
          <div className="my-1 flex justify-end"><CsvDownloadButton fileName={`${fileName}-${parameter}`} table={`Revenue by ${label}`} columns={CSV_COLUMNS} rows={rows} /></div>
          <div className="overflow-x-auto" tabIndex={0} role="region" aria-label={`Revenue by ${label}`}>
            <table data-testid="revenue-breakdown" className="w-full text-sm">
              <thead className="text-left text-xs text-slate-600 dark:text-slate-400">
                <tr>
                  <th scope="col" className="py-1 font-medium">{label}</th>
                  <th scope="col" className="py-1 text-right font-medium">Paying sessions</th>
                  <th scope="col" className="py-1 text-right font-medium">Revenue</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr key={row.value} data-value={row.value} className="border-t border-slate-100 dark:border-slate-800">
                    <td className="max-w-0 truncate py-1 pr-2">{row.value || '(none)'}</td>
                    <td className="py-1 text-right tabular-nums">{row.sessions}</td>
                    <td className="py-1 text-right tabular-nums" data-total={row.revenue.total ?? ''}>{formatRevenue(row.revenue)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </Card>
  );
}
