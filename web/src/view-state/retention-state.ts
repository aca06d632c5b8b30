// The retention page's own URL state (cohorts by day, week or month, the window in days) and the parameters it gives.
import type { RetentionMode } from '../api/insight-types';
import { choiceOf, withParam } from './search-param';

/** Windows offered, in days (the API takes 7..365). */
export const RETENTION_RANGES: readonly number[] = [7, 14, 30, 60, 90, 180, 365];
export const RETENTION_MODES: ReadonlyArray<{ mode: RetentionMode; label: string }> = [
  { mode: 'week', label: 'Week' },
  { mode: 'day', label: 'Day' },
  { mode: 'month', label: 'Month' },
];
const DEFAULT_RANGE = 90;
const DEFAULT_MODE: RetentionMode = 'week';

export interface RetentionView {
  readonly mode: RetentionMode;
  readonly range: number;
}

export function readRetentionView(search: URLSearchParams): RetentionView {
  const mode = RETENTION_MODES.find((entry) => entry.mode === search.get('mode'))?.mode ?? DEFAULT_MODE;
  return { mode, range: choiceOf(search, 'range', RETENTION_RANGES, DEFAULT_RANGE) };
}

export function writeRetentionView(search: URLSearchParams, change: Partial<RetentionView>): URLSearchParams {
  let next = search;
  if (change.mode !== undefined) next = withParam(next, 'mode', change.mode, DEFAULT_MODE);
  if (change.range !== undefined) next = withParam(next, 'range', change.range, DEFAULT_RANGE);
  return next;
}
