// CrawlsCard: bot requests per crawler, AI operator, AI purpose, category or page (ranked by the API), with
// their share and a CSV; a page filters the view; its report is asked once the card comes into view.
import { useId, useRef } from 'react';
import { useBotBreakdown, type BotBreakdown } from '../../api/bot-queries';
import type { ReportParams } from '../../api/report-query';
import { useUrlChoice } from '../../view-state/use-url-choice';
import { CsvDownloadButton } from '../csv-download-button';
import { csvFileName, type CsvColumn } from '../csv';
import { ErrorMessage } from '../error-message';
import { benchState } from '../report-kit/bench-state';
import { BreakdownTable } from '../report-kit/breakdown-table';
import { ChoiceButtons } from '../report-kit/choice-buttons';
import { useVisible } from '../report-kit/use-visible';
import { CRAWL_DIMENSIONS, type CrawlDimension } from './bot-catalog';

/** How many values the card shows. */
const VALUES_SHOWN = 20;

type Row = BotBreakdown['data']['data'][number];

export interface CrawlsCardProps {
  readonly site: string;
  readonly params: ReportParams;
  readonly period: string;
  readonly onFilter: (parameter: string, value: string) => void;
}

export function CrawlsCard({ site, params, period, onFilter }: CrawlsCardProps) {
  const id = useId();
  const box = useRef<HTMLElement>(null);
  const visible = useVisible(box);
  const [key, setKey] = useUrlChoice<CrawlDimension>('crawls', CRAWL_DIMENSIONS.map((entry) => entry.value), 'bot_name');
  const dimension = CRAWL_DIMENSIONS.find((entry) => entry.value === key) ?? CRAWL_DIMENSIONS[0];
  const report = useBotBreakdown(site, { ...params, dimension: dimension.value, limit: VALUES_SHOWN }, visible);
  const rows = report.data?.data.data ?? [];
  const display = (value: string) => value || dimension.empty;
  const columns: CsvColumn<Row>[] = [
    { header: dimension.column, value: (row) => row.value },
    { header: 'Bot requests', value: (row) => row.count },
    { header: 'Share of bot requests (%)', value: (row) => row.percentage },
  ];
  return (
    <section ref={box} aria-labelledby={id} className="min-h-64 rounded-lg border border-slate-200 bg-white p-4 shadow-sm dark:border-slate-800 dark:bg-slate-900">
      <div className="mb-3 flex flex-wrap items-end justify-between gap-3">
        <div className="flex flex-col gap-2">
          <h2 id={id} className="text-base font-semibold">Crawls</h2>
          <ChoiceButtons label="Crawls by" options={CRAWL_DIMENSIONS} value={dimension.value} onChange={setKey} />
        </div>
        <CsvDownloadButton fileName={csvFileName('bot requests by', dimension.column, period)} columns={columns} rows={rows} />
      </div>
      <div data-bench-piece="crawls" data-bench-state={benchState(report.data !== undefined, rows.length === 0)}>
        <ErrorMessage error={report.error} />
        {report.data === undefined && !report.error ? <p className="py-6 text-center text-sm text-slate-600 dark:text-slate-400">Loading…</p> : null}
        {report.data ? (
          <>
            <BreakdownTable
              testId={`crawls-${dimension.value}`}
              valueLabel={dimension.column}
              countLabel="Bot requests"
              rows={rows}
              display={display}
              {...(dimension.value === 'pathname' ? { onSelect: (value: string) => onFilter('pathname', value) } : {})}
            />
            {rows.length ? <p className="mt-2 text-xs text-slate-600 dark:text-slate-400">{rows.length} of {report.data.data.totalCount} values</p> : null}
          </>
        ) : null}
      </div>
    </section>
  );
}
