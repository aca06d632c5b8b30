// PeriodPicker: the period select, the custom range's two days and the comparison toggle (all native controls;
// pages without a comparison leave out `onCompare` and get no toggle).
import { useId } from 'react';
import { FOCUS_RING } from '../button';
import { PERIODS, isPeriodKey, type Period, type PeriodKey } from '../../view-state/period';
import { COMPARE_SHORTCUT, PERIOD_SHORTCUTS, usePeriodShortcuts } from './period-shortcuts';

const letterOf = (key: PeriodKey) => PERIOD_SHORTCUTS.find(([, period]) => period === key)?.[0];

export interface PeriodPickerProps {
  readonly period: Period;
  readonly today: string;
  readonly onPeriod: (period: Period) => void;
  /** Without `onCompare` the comparison toggle is not shown (pages that compare nothing). */
  readonly compare?: boolean;
  readonly onCompare?: (compare: boolean) => void;
}

export const CONTROL = `min-h-10 rounded-md border border-slate-300 bg-white px-2 py-1 text-sm text-slate-900 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100 ${FOCUS_RING}`;

export function PeriodPicker({ period, compare, today, onPeriod, onCompare }: PeriodPickerProps) {
  const id = useId();
  const custom = period.key === 'custom';
  usePeriodShortcuts(
    (key) => { if (key !== period.key) onPeriod({ key }); },
    onCompare && period.key !== 'all' ? () => onCompare(!(compare ?? false)) : undefined,
  );
  return (
    <div className="flex flex-wrap items-end gap-3">
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-period`} className="text-xs font-medium">Period</label>
        <select
          id={`${id}-period`}
          data-testid="period"
          aria-keyshortcuts={PERIOD_SHORTCUTS.map(([letter]) => letter.toUpperCase()).join(' ')}
          title="Keyboard: T today, Y yesterday, D 24 hours, W 7 days, M 30 days, N this month, L last month, R 12 months, A all time"
          className={CONTROL}
          value={period.key}
          onChange={(event) => {
            const key = event.target.value;
            if (isPeriodKey(key)) onPeriod(key === 'custom' ? { key, from: period.from ?? today, to: period.to ?? today } : { key });
          }}
        >
          {PERIODS.map(({ key, label }) => <option key={key} value={key}>{letterOf(key) ? `${label} (${letterOf(key)?.toUpperCase() ?? ''})` : label}</option>)}
        </select>
      </div>
      {custom ? (
        <>
          <div className="flex flex-col gap-1">
            <label htmlFor={`${id}-from`} className="text-xs font-medium">From</label>
            <input id={`${id}-from`} type="date" className={CONTROL} value={period.from ?? today} max={today} onChange={(event) => event.target.value && onPeriod({ ...period, from: event.target.value })} />
          </div>
          <div className="flex flex-col gap-1">
            <label htmlFor={`${id}-to`} className="text-xs font-medium">To</label>
            <input id={`${id}-to`} type="date" className={CONTROL} value={period.to ?? today} max={today} onChange={(event) => event.target.value && onPeriod({ ...period, to: event.target.value })} />
          </div>
        </>
      ) : null}
      {onCompare ? (
        <div className="flex min-h-10 items-center gap-2">
          <input id={`${id}-compare`} type="checkbox" aria-keyshortcuts={COMPARE_SHORTCUT.toUpperCase()} className={`h-4 w-4 ${FOCUS_RING}`} checked={compare ?? false} disabled={period.key === 'all'} onChange={(event) => onCompare(event.target.checked)} />
          <label htmlFor={`${id}-compare`} className="text-sm">Compare with the previous period <span className="text-xs text-slate-600 dark:text-slate-400">(X)</span></label>
        </div>
      ) : null}
    </div>
  );
}
