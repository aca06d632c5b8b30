// The period picker's keyboard shortcuts (as the peers' dashboards have them): a letter chooses a period, x turns
// the comparison on or off. Ignored while typing in a field or with a modifier held.
import { useLayoutEffect } from 'react';
import type { PeriodKey } from '../../view-state/period';

export const PERIOD_SHORTCUTS: ReadonlyArray<readonly [string, PeriodKey]> = [
  ['t', 'today'], ['y', 'yesterday'], ['d', '24h'], ['w', '7d'], ['m', '30d'], ['n', 'month'], ['l', 'last-month'], ['r', '12mo'], ['a', 'all'],
];
export const COMPARE_SHORTCUT = 'x';

/** True when a key press belongs to a field, a dialog or a chord, not to the shortcuts. */
function ignored(event: KeyboardEvent): boolean {
  if (event.ctrlKey || event.metaKey || event.altKey || event.defaultPrevented) return true;
  const target = event.target instanceof Element ? event.target : null;
  if (!target) return false;
  return target.closest('input, select, textarea, [contenteditable="true"], dialog[open]') !== null;
}

/**
 * Listens in a layout effect: the listener for the period on screen is in place in the same commit that shows it.
 * A passive effect runs later, so a key pressed just after a change (the comparison's x right after leaving
 * "all time", which has none) could still meet the previous period's listener and be lost.
 */
export function usePeriodShortcuts(onPeriod: (key: PeriodKey) => void, onCompare?: () => void): void {
  useLayoutEffect(() => {
    const press = (event: KeyboardEvent) => {
      if (ignored(event)) return;
      const key = event.key.toLowerCase();
      const period = PERIOD_SHORTCUTS.find(([letter]) => letter === key)?.[1];
      if (period !== undefined) {
        event.preventDefault();
        onPeriod(period);
      } else if (key === COMPARE_SHORTCUT && onCompare) {
        event.preventDefault();
        onCompare();
      }
    };
    document.addEventListener('keydown', press);
    return () => document.removeEventListener('keydown', press);
  }, [onPeriod, onCompare]);
}
