// PageEngagementTab: the Pages card's engagement tab, time on page and scroll depth (mean and reach) per path.
import { usePageEngagement, type PageEngagementRow } from '../../api/engagement-revenue-queries';
import type { ReportParams } from '../../api/report-query';
import { CsvDownloadButton } from '../csv-download-button';
import type { CsvColumn } from '../csv';
import { reportPanel } from '../report-kit/report-panel';
import { BREAKDOWN_LIMIT } from './breakdown-cards';
import { formatSeconds } from '../report-kit/engagement-format';

const CSV_COLUMNS: ReadonlyArray<CsvColumn<PageEngagementRow>> = [
  { header: 'Page', value: (row) => row.value },
  { header: 'Visits', value: (row) => row.visits },
  { header: 'Time on page (s)', value: (row) => row.time_on_page_seconds },
  { header: 'Scroll depth (%)', value: (row) => row.scroll_depth },
  ...['25', '50', '75', '100'].map((mark) => ({ header: `Reached ${mark}% (% of visits)`, value: (row: PageEngagementRow) => row.scroll_reach[mark] ?? 0 })),
];

export function PageEngagementTab({ site, params, fileName, tableName }: { site: string; params: ReportParams; fileName: string; tableName: string }) {
  const pages = usePageEngagement(site, { ...params, limit: BREAKDOWN_LIMIT });
  const rows = pages.data?.data.data ?? [];
  const state = reportPanel({ error: pages.error, loading: !pages.data, empty: rows.length === 0 });
  if (state) return state;
  return (
    <>
      <div className="mb-1 flex justify-end"><CsvDownloadButton fileName={fileName} table={tableName} columns={CSV_COLUMNS} rows={rows} /></div>
      <div className="max-h-80 overflow-y-auto" tabIndex={0} role="region" aria-label="Page engagement list">
        <table data-testid="breakdown-engagement" className="w-full text-sm">
          <thead className="text-left text-xs text-slate-600 dark:text-slate-400">
            <tr>
              <th scope="col" className="py-1 font-medium">Page</th>
              <th scope="col" className="py-1 text-right font-medium">Time on page</th>
              <th scope="col" className="py-1 text-right font-medium">Scroll depth</th>
              <th scope="col" className="py-1 text-right font-medium">Reached 75%</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.value} data-value={row.value} className="border-t border-slate-100 dark:border-slate-800">
                <td className="max-w-0 truncate py-1 pr-2">{row.value || '(none)'}</td>
                <td className="py-1 text-right tabular-nums" data-seconds={row.time_on_page_seconds}>{formatSeconds(row.time_on_page_seconds)}</td>
                <td className="py-1 text-right tabular-nums" data-depth={row.scroll_depth}>{Math.round(row.scroll_depth)}%</td>
                <td className="py-1 text-right tabular-nums">{Math.round(row.scroll_reach['75'] ?? 0)}%</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
