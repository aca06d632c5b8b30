// TopLineCards: the overview's figures for the period (and the previous one's change), plus the live visitors.
import type { OverviewFigures } from '../../api/types';
import { METRICS } from '../../view-state/url-state';
import { FOCUS_RING } from '../button';
import { formatFigure, LOWER_IS_BETTER } from './figure-format';

export interface TopLineCardsProps {
  readonly current: OverviewFigures | undefined;
  readonly previous: OverviewFigures | undefined;
  readonly live: number | undefined;
  /** The chart's metric; a card click selects it. */
  readonly metric: keyof OverviewFigures;
  readonly onMetric: (metric: keyof OverviewFigures) => void;
}

/** The change from `previous` to `current` in percent, one decimal; undefined when there is no base. */
export function changePercent(current: number, previous: number): number | undefined {
  if (previous === 0) return undefined;
  return Math.round(((current - previous) / previous) * 1000) / 10;
}

/** The change against the previous period: an arrow, the percentage, green when it is good news, red when not. */
function Delta({ figure, current, previous }: { figure: keyof OverviewFigures; current: number; previous: number }) {
  const change = changePercent(current, previous);
  const text = change === undefined ? (current === 0 ? 'no change' : 'new') : `${change > 0 ? '+' : ''}${change}%`;
  const arrow = change === undefined || change === 0 ? '' : change > 0 ? '▲ ' : '▼ ';
  const good = change !== undefined && change !== 0 && (change > 0) !== LOWER_IS_BETTER.has(figure);
  const tone = change === undefined || change === 0 ? 'text-slate-600 dark:text-slate-400' : good ? 'text-emerald-700 dark:text-emerald-400' : 'text-rose-700 dark:text-rose-400';
  return (
    <span className={`text-xs ${tone}`} data-change={change ?? ''}>
      <span aria-hidden="true">{arrow}</span>{text}
      <span className="text-slate-600 dark:text-slate-400" title="the previous period's figure"> from {formatFigure(figure, previous)}</span>
    </span>
  );
}

export function TopLineCards({ current, previous, live, metric, onMetric }: TopLineCardsProps) {
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4 lg:grid-cols-7">
      <div className="rounded-lg border border-slate-200 bg-white p-3 dark:border-slate-800 dark:bg-slate-900">
        <dt className="text-xs text-slate-600 dark:text-slate-400">Live visitors</dt>
        <dd data-testid="live-visitors" className="text-xl font-semibold tabular-nums">{live ?? '–'}</dd>
      </div>
      {METRICS.map(({ key, label }) => (
        <div key={key} className={`rounded-lg border bg-white p-3 dark:bg-slate-900 ${key === metric ? 'border-indigo-500' : 'border-slate-200 dark:border-slate-800'}`}>
          <dt className="text-xs text-slate-600 dark:text-slate-400">
            <button type="button" aria-pressed={key === metric} className={`rounded text-left underline-offset-2 hover:underline ${FOCUS_RING}`} onClick={() => onMetric(key)}>{label}</button>
          </dt>
          <dd data-testid={`overview-${key}`} data-value={current?.[key]} className="text-xl font-semibold tabular-nums">{current ? formatFigure(key, current[key]) : '–'}</dd>
          {current && previous ? <dd data-testid={`previous-${key}`} data-previous={previous[key]}><Delta figure={key} current={current[key]} previous={previous[key]} /></dd> : null}
        </div>
      ))}
    </dl>
  );
}
