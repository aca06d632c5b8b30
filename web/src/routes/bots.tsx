// /sites/:site/bots: bot traffic kept apart from the human reports: the bot share with the requests each detection
// layer flagged, bot requests over time, crawls by crawler, AI operator, purpose, category and page, and per AI
// operator its crawls beside the human sessions its assistants referred. A detection layer narrows every bot figure.
import { useId } from 'react';
import { useParams } from 'react-router';
import { useBotOverview } from '../api/bot-queries';
import { useSite } from '../api/site-queries';
import { AiReferralsCard } from '../components/bots/ai-referrals-card';
import { BotChartCard } from '../components/bots/bot-chart-card';
import { BOT_LAYERS, LAYER_CHOICES, layerParam, type LayerChoice } from '../components/bots/bot-catalog';
import { BotOverviewCard } from '../components/bots/bot-overview-card';
import { CrawlsCard } from '../components/bots/crawls-card';
import { FilterBar } from '../components/report-kit/filter-bar';
import { CONTROL, PeriodPicker } from '../components/report-kit/period-picker';
import { ErrorMessage } from '../components/error-message';
import { SiteNav } from '../components/settings/site-nav';
import { addFilter } from '../view-state/filters';
import { periodName } from '../view-state/period-name';
import { useSiteView } from '../view-state/use-site-view';
import { useUrlChoice } from '../view-state/use-url-choice';

export function BotsPage() {
  const id = useId();
  const { site = '' } = useParams();
  const details = useSite(site);
  const { view, today, params, buckets, bucket, update } = useSiteView();
  const [layer, setLayer] = useUrlChoice<LayerChoice>('layer', LAYER_CHOICES, 'all');
  const botParams = { ...params, layer: layerParam(layer) };
  const overview = useBotOverview(site, botParams);
  const period = periodName(view.period, today);
  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-2xl font-semibold">Bots and AI crawlers{details.data ? `: ${details.data.name}` : ''}</h1>
      <SiteNav site={site} />
      <div className="flex flex-wrap items-end gap-3">
        <PeriodPicker period={view.period} today={today} onPeriod={(next) => update({ period: next })} />
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-layer`} className="text-xs font-medium">Detection layer</label>
          <select id={`${id}-layer`} className={CONTROL} value={layer} onChange={(event) => setLayer(event.target.value as LayerChoice)}>
            <option value="all">Every bot request</option>
            {BOT_LAYERS.map((entry) => <option key={entry.key} value={entry.key}>Flagged by {entry.label.toLowerCase()}</option>)}
          </select>
        </div>
      </div>
      <FilterBar filters={view.filters} onChange={(filters) => update({ filters })} />
      <p className="text-xs text-slate-600 dark:text-slate-400">
        Bot requests have no sessions: of the filters, only page, hostname, referrer, country, browser, operating system and device type apply here.
      </p>
      <ErrorMessage error={details.error ?? overview.error} />
      <BotOverviewCard figures={overview.data?.data} period={period} />
      <BotChartCard site={site} params={botParams} bucket={bucket} buckets={buckets} onBucket={(next) => update({ bucket: next })} />
      <CrawlsCard
        site={site}
        params={botParams}
        period={period}
        onFilter={(parameter, value) => update({ filters: addFilter(view.filters, { parameter, type: 'equals', value: [value] }) })}
      />
      <AiReferralsCard site={site} params={botParams} period={period} />
    </div>
  );
}

export { BotsPage as Component };
