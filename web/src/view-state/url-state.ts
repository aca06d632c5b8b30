// The site dashboard's state, all in the URL: period, custom days, comparison, filters, saved segment, chart metric and bucket.
import type { Filter } from './filters';
import { parseFilters, serializeFilters } from './filters';
import { isBucket, isDay, isPeriodKey, type Bucket, type Period } from './period';
import type { OverviewFigures } from '../api/types';

export const METRICS: ReadonlyArray<{ key: keyof OverviewFigures; label: string }> = [
  { key: 'users', label: 'Visitors' },
  { key: 'sessions', label: 'Sessions' },
  { key: 'pageviews', label: 'Pageviews' },
  { key: 'pages_per_session', label: 'Pages per session' },
  { key: 'bounce_rate', label: 'Bounce rate' },
  { key: 'session_duration', label: 'Session duration' },
];

export interface SiteViewState {
  readonly period: Period;
  readonly compare: boolean;
  readonly filters: Filter[];
  /** The applied saved segment's id (`segment` in the URL, the API's segment_id), if any. */
  readonly segment: number | undefined;
  readonly metric: keyof OverviewFigures;
  /** Undefined: the period's default bucket. */
  readonly bucket: Bucket | undefined;
  /** The zone of the dates: `tz` from the URL, else the browser's. */
  readonly timeZone: string;
}

/** A segment id as the API takes it (a positive 32-bit integer), or undefined. */
function segmentIdOf(text: string | null): number | undefined {
  if (text === null || !/^[1-9]\d{0,9}$/.test(text)) return undefined;
  const id = Number(text);
  return id <= 2_147_483_647 ? id : undefined;
}

export function readViewState(search: URLSearchParams, browserZone: string): SiteViewState {
  const key = search.get('period');
  const metric = METRICS.find((entry) => entry.key === search.get('metric'))?.key ?? 'users';
  const bucket = search.get('bucket');
  const from = search.get('from');
  const to = search.get('to');
  return {
    period: { key: isPeriodKey(key) ? key : '7d', ...(isDay(from) ? { from } : {}), ...(isDay(to) ? { to } : {}) },
    compare: search.get('compare') !== 'off',
    filters: parseFilters(search.get('filters')),
    segment: segmentIdOf(search.get('segment')),
    metric,
    bucket: isBucket(bucket) ? bucket : undefined,
    timeZone: search.get('tz') ?? browserZone,
  };
}

/** Writes the changed parts into a copy of the URL's search (keeps others, `org` included); a new selection goes back to a list's first page. */
export function writeViewState(search: URLSearchParams, change: Partial<SiteViewState>): URLSearchParams {
  const next = new URLSearchParams(search);
  const set = (name: string, value: string | undefined) => (value === undefined ? next.delete(name) : next.set(name, value));
  if (change.period) {
    set('period', change.period.key);
    set('from', change.period.key === 'custom' ? change.period.from : undefined);
    set('to', change.period.key === 'custom' ? change.period.to : undefined);
    set('bucket', undefined);
  }
  if (change.compare !== undefined) set('compare', change.compare ? undefined : 'off');
  if (change.filters) set('filters', serializeFilters(change.filters));
  if ('segment' in change) set('segment', change.segment === undefined ? undefined : String(change.segment));
  if (change.period || change.filters || 'segment' in change) set('page', undefined);
  if (change.metric) set('metric', change.metric === 'users' ? undefined : change.metric);
  if ('bucket' in change) set('bucket', change.bucket);
  return next;
}
