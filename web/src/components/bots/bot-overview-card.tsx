// BotOverviewCard: bot requests, all requests and the bot share of traffic, and the requests each detection layer flagged.
import type { BotOverview } from '../../api/bot-queries';
import { Card } from '../card';
import { CsvDownloadButton } from '../csv-download-button';
import { csvFileName, type CsvColumn } from '../csv';
import { benchState } from '../report-kit/bench-state';
import { BOT_LAYERS } from './bot-catalog';

type Figures = BotOverview['data'];
type LayerRow = (typeof BOT_LAYERS)[number] & { readonly requests: number };

const COLUMNS: readonly CsvColumn<LayerRow>[] = [
  { header: 'Detection layer', value: (row) => row.label },
  { header: 'Bot requests flagged', value: (row) => row.requests },
];

function Figure({ testId, label, value }: { testId: string; label: string; value: string }) {
  return (
    <div className="rounded-lg border border-slate-200 p-3 dark:border-slate-800">
      <dt className="text-xs text-slate-600 dark:text-slate-400">{label}</dt>
      <dd data-testid={testId} className="text-2xl font-semibold tabular-nums">{value}</dd>
    </div>
  );
}

export function BotOverviewCard({ figures, period }: { figures: Figures | undefined; period: string }) {
  const rows: LayerRow[] = figures ? BOT_LAYERS.map((layer) => ({ ...layer, requests: figures[layer.key] })) : [];
  return (
    <Card title="Bot traffic">
      <div data-bench-piece="bot-overview" data-bench-state={benchState(figures !== undefined, figures?.total_events === 0)} className="flex flex-col gap-4">
        <dl className="grid grid-cols-1 gap-3 sm:grid-cols-3">
          <Figure testId="bot-share" label="Bot share of all requests" value={figures ? `${figures.bot_percentage}%` : '–'} />
          <Figure testId="bot-requests" label="Bot requests" value={figures ? String(figures.bot_requests) : '–'} />
          <Figure testId="total-events" label="All requests (bots and people)" value={figures ? String(figures.total_events) : '–'} />
        </dl>
        <div className="flex flex-col gap-2">
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <h3 className="text-sm font-semibold">By detection layer</h3>
            <CsvDownloadButton fileName={csvFileName('bot detection layers', period)} columns={COLUMNS} rows={rows} />
          </div>
          <p className="text-xs text-slate-600 dark:text-slate-400">A request can be flagged by several layers.</p>
          <table data-testid="bot-layers" className="w-full text-sm">
            <thead className="text-left text-xs text-slate-600 dark:text-slate-400">
              <tr><th scope="col" className="py-1 font-medium">Layer</th><th scope="col" className="py-1 text-right font-medium">Bot requests</th></tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.key} className="border-t border-slate-100 dark:border-slate-800">
                  <th scope="row" className="py-1.5 text-left font-normal">
                    <span className="font-medium">{row.label}</span>
                    <span className="block text-xs text-slate-600 dark:text-slate-400">{row.hint}</span>
                  </th>
                  <td data-layer={row.key} data-count={row.requests} className="py-1.5 text-right tabular-nums">{row.requests}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </div>
    </Card>
  );
}
