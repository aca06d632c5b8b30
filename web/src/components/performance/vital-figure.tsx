// VitalFigure: a web-vital figure as the API returned it, written for reading, coloured by its rating and
// followed by the rating in words (colour is never the only signal).
import { formatVital, rateVital, RATING_LABELS, type Rating, type Vital } from './web-vitals';

const TONE: Readonly<Record<Rating, string>> = {
  good: 'text-emerald-700 dark:text-emerald-400',
  'needs-improvement': 'text-amber-700 dark:text-amber-300',
  poor: 'text-rose-700 dark:text-rose-400',
};

const BADGE: Readonly<Record<Rating, string>> = {
  good: 'bg-emerald-50 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-200',
  'needs-improvement': 'bg-amber-50 text-amber-900 dark:bg-amber-950 dark:text-amber-200',
  poor: 'bg-rose-50 text-rose-800 dark:bg-rose-950 dark:text-rose-200',
};

export function RatingBadge({ rating }: { rating: Rating | undefined }) {
  if (!rating) return <span className="text-xs text-slate-600 dark:text-slate-400">No samples</span>;
  return <span data-testid="rating" className={`whitespace-nowrap rounded px-1.5 py-0.5 text-xs font-medium ${BADGE[rating]}`}>{RATING_LABELS[rating]}</span>;
}

export interface VitalFigureProps {
  readonly vital: Vital;
  readonly value: number | null | undefined;
  /** `large` for a card's headline, `small` in a table cell (figure and rating stacked). */
  readonly size?: 'large' | 'small';
  readonly testId?: string;
}

export function VitalFigure({ vital, value, size = 'small', testId }: VitalFigureProps) {
  const rating = rateVital(vital, value);
  const tone = rating ? TONE[rating] : 'text-slate-600 dark:text-slate-400';
  return (
    <span data-testid={testId} data-value={value ?? ''} data-rating={rating ?? ''} className={size === 'small' ? 'inline-flex flex-col items-end gap-0.5' : 'inline-flex flex-wrap items-baseline gap-x-2 gap-y-0.5'}>
      <span data-testid={testId ? `${testId}-text` : undefined} className={`tabular-nums ${size === 'large' ? 'text-2xl font-semibold' : 'font-medium'} ${tone}`}>{formatVital(vital, value)}</span>
      {value === null || value === undefined ? null : <RatingBadge rating={rating} />}
    </span>
  );
}
