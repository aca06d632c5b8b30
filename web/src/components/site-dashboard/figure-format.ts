// How the overview's figures read on the cards: counts with separators, rates in percent, durations in time units.
import type { OverviewFigures } from '../../api/types';
import { formatSeconds } from '../report-kit/engagement-format';

/** A figure of the overview as a reader expects it: "1,234", "1.33", "66.7%", "3m 07s". */
export function formatFigure(key: keyof OverviewFigures, value: number): string {
  switch (key) {
    case 'bounce_rate': return `${Math.round(value * 10) / 10}%`;
    case 'session_duration': return formatSeconds(value);
    case 'pages_per_session': return (Math.round(value * 100) / 100).toLocaleString('en');
    default: return Math.round(value).toLocaleString('en');
  }
}

/** Figures where a fall is the good news (drawn green when they go down). */
export const LOWER_IS_BETTER: ReadonlySet<keyof OverviewFigures> = new Set(['bounce_rate']);
