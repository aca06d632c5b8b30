// AiReferralsCard: per AI operator, what its crawlers read beside the human sessions its assistants referred,
// and the crawlers one by one, each table with its CSV; the report is asked once the card comes into view.
import { useId, useRef } from 'react';
import { useAiSummary, type AiOperatorSummary } from '../../api/bot-queries';
import type { ReportParams } from '../../api/report-query';
import { CsvDownloadButton } from '../csv-download-button';
import { csvFileName, type CsvColumn } from '../csv';
import { ErrorMessage } from '../error-message';
import { benchState } from '../report-kit/bench-state';
import { useVisible } from '../report-kit/use-visible';

interface CrawlerRow { readonly operator: string; readonly name: string; readonly purpose: string; readonly reads: number; readonly pages: number }

const OPERATOR_FIGURES = [
  { key: 'crawls', header: 'Crawls' },
  { key: 'training_crawls', header: 'Training' },
  { key: 'search_crawls', header: 'Search' },
  { key: 'agent_requests', header: 'Agent' },
  { key: 'pages', header: 'Pages crawled' },
  { key: 'referrals', header: 'Referrals' },
] as const;

const OPERATOR_COLUMNS: readonly CsvColumn<AiOperatorSummary>[] = [
  { header: 'Operator', value: (row) => row.operator },
  ...OPERATOR_FIGURES.map(({ key, header }): CsvColumn<AiOperatorSummary> => ({ header, value: (row) => row[key] })),
  { header: 'Crawls per referral', value: (row) => row.crawls_per_referral },
  { header: 'Referrer domains', value: (row) => row.referrer_domains.join(' ') },
];

const CRAWLER_COLUMNS: readonly CsvColumn<CrawlerRow>[] = [
  { header: 'Crawler', value: (row) => row.name },
  { header: 'Operator', value: (row) => row.operator },
  { header: 'Purpose', value: (row) => row.purpose },
  { header: 'Requests', value: (row) => row.reads },
  { header: 'Pages', value: (row) => row.pages },
];

const HEAD = 'text-left text-xs text-slate-600 dark:text-slate-400';
const CELL = 'py-1.5 pl-3 text-right tabular-nums';
const NOTE = 'py-6 text-center text-sm text-slate-600 dark:text-slate-400';

function OperatorTable({ rows }: { rows: readonly AiOperatorSummary[] }) {
  return (
    <div tabIndex={0} role="region" aria-label="AI operators, table" className="overflow-x-auto rounded focus-visible:outline-2 focus-visible:outline-indigo-500">
      <table data-testid="ai-operators" className="w-full min-w-[44rem] text-sm">
        <thead className={HEAD}>
          <tr>
            <th scope="col" className="py-1 font-medium">Operator</th>
            {OPERATOR_FIGURES.map(({ key, header }) => <th key={key} scope="col" className="py-1 pl-3 text-right font-medium">{header}</th>)}
            <th scope="col" className="py-1 pl-3 text-right font-medium">Crawls per referral</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.operator} data-operator={row.operator} className="border-t border-slate-100 align-top dark:border-slate-800">
              <th scope="row" className="py-1.5 text-left font-normal">
                <span className="font-medium">{row.operator}</span>
                {row.referrer_domains.length ? <span className="block text-xs text-slate-600 dark:text-slate-400">{row.referrer_domains.join(', ')}</span> : null}
              </th>
              {OPERATOR_FIGURES.map(({ key }) => <td key={key} data-figure={key} className={CELL}>{row[key]}</td>)}
              <td data-figure="crawls_per_referral" className={CELL}>
                {row.crawls_per_referral ?? <><span aria-hidden="true">–</span><span className="sr-only">no referrals</span></>}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function CrawlerTable({ rows }: { rows: readonly CrawlerRow[] }) {
  return (
    <div tabIndex={0} role="region" aria-label="AI crawlers, table" className="overflow-x-auto rounded focus-visible:outline-2 focus-visible:outline-indigo-500">
      <table data-testid="ai-crawlers" className="w-full min-w-[28rem] text-sm">
        <thead className={HEAD}>
          <tr>
            {CRAWLER_COLUMNS.map((column, index) => <th key={column.header} scope="col" className={`py-1 font-medium ${index > 2 ? 'pl-3 text-right' : 'pr-2'}`}>{column.header}</th>)}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={`${row.operator}-${row.name}-${row.purpose}`} data-crawler={row.name} className="border-t border-slate-100 dark:border-slate-800">
              <th scope="row" className="py-1.5 pr-2 text-left font-medium">{row.name}</th>
              <td className="py-1.5 pr-2">{row.operator}</td>
              <td className="py-1.5 pr-2">{row.purpose}</td>
              <td data-figure="reads" className={CELL}>{row.reads}</td>
              <td data-figure="pages" className={CELL}>{row.pages}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function AiReferralsCard({ site, params, period }: { site: string; params: ReportParams; period: string }) {
  const id = useId();
  const box = useRef<HTMLElement>(null);
  const visible = useVisible(box);
  const summary = useAiSummary(site, params, visible);
  const operators = summary.data?.data ?? [];
  const crawlers: CrawlerRow[] = operators.flatMap((operator) => operator.bots.map((bot) => ({ operator: operator.operator, ...bot })));
  return (
    <section ref={box} aria-labelledby={id} className="min-h-64 rounded-lg border border-slate-200 bg-white p-4 shadow-sm dark:border-slate-800 dark:bg-slate-900">
      <div className="mb-2 flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={id} className="text-base font-semibold">AI crawls and referrals</h2>
        <CsvDownloadButton fileName={csvFileName('ai operators', period)} columns={OPERATOR_COLUMNS} rows={operators} />
      </div>
      <p className="mb-3 text-xs text-slate-600 dark:text-slate-400">
        Referrals are human sessions whose channel is AI and whose referrer is one of the operator’s assistants. The detection layer narrows the crawls, not the referrals.
      </p>
      <div data-bench-piece="ai-referrals" data-bench-state={benchState(summary.data !== undefined, operators.length === 0)} className="flex flex-col gap-4">
        <ErrorMessage error={summary.error} />
        {summary.data === undefined && !summary.error ? <p className={NOTE}>Loading…</p> : null}
        {summary.data && operators.length === 0 ? <p className={NOTE}>No AI crawls or referrals in this period.</p> : null}
        {operators.length ? <OperatorTable rows={operators} /> : null}
        {crawlers.length ? (
          <div className="flex flex-col gap-2">
            <div className="flex flex-wrap items-baseline justify-between gap-2">
              <h3 className="text-sm font-semibold">AI crawlers</h3>
              <CsvDownloadButton fileName={csvFileName('ai crawlers', period)} columns={CRAWLER_COLUMNS} rows={crawlers} />
            </div>
            <CrawlerTable rows={crawlers} />
          </div>
        ) : null}
      </div>
    </section>
  );
}
