// VitalCards: the five web vitals at the chosen percentile, each rated; a card's name selects the chart's vital.
import type { PerformanceOverview } from '../../api/performance-queries';
import { FOCUS_RING } from '../button';
import { VitalFigure } from './vital-figure';
import { figureKey, thresholdText, VITALS, type Percentile, type VitalKey } from './web-vitals';

export interface VitalCardsProps {
  readonly figures: PerformanceOverview['data'] | undefined;
  readonly percentile: Percentile;
  readonly selected: VitalKey;
  readonly onSelect: (vital: VitalKey) => void;
}

export function VitalCards({ figures, percentile, selected, onSelect }: VitalCardsProps) {
  return (
    <ul aria-label={`Web vitals at ${percentile}`} className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
      {VITALS.map((vital) => (
        <li key={vital.key} data-testid={`vital-card-${vital.key}`} className={`flex flex-col gap-1 rounded-lg border bg-white p-3 dark:bg-slate-900 ${vital.key === selected ? 'border-indigo-500' : 'border-slate-200 dark:border-slate-800'}`}>
          <button type="button" aria-pressed={vital.key === selected} onClick={() => onSelect(vital.key)} className={`self-start rounded text-left text-sm font-semibold underline-offset-2 hover:underline ${FOCUS_RING}`}>
            {vital.label} <span className="font-normal text-slate-600 dark:text-slate-400">{percentile}</span>
          </button>
          <span className="text-xs text-slate-600 dark:text-slate-400">{vital.name}</span>
          {figures ? <VitalFigure vital={vital} value={figures[figureKey(vital.key, percentile)]} size="large" testId={`vital-${vital.key}`} /> : <span className="text-2xl">–</span>}
          <span className="text-xs text-slate-600 dark:text-slate-400">{thresholdText(vital)}</span>
        </li>
      ))}
    </ul>
  );
}
