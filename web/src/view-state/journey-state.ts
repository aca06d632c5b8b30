// The journeys page's own URL state (pages per journey, journeys shown, start and end page) and the parameters it gives.
import { choiceOf, withParam } from './search-param';

/** The API takes 2..10 pages per journey and 1..100 journeys. */
export const JOURNEY_STEPS: readonly number[] = [2, 3, 4, 5, 6, 7, 8, 9, 10];
export const JOURNEY_LIMITS: readonly number[] = [10, 25, 50, 100];
const DEFAULT_STEPS = 3;
const DEFAULT_LIMIT = 10;
/** The API's longest step filter. */
export const MAX_PAGE_LENGTH = 2048;

export interface JourneyView {
  readonly steps: number;
  readonly limit: number;
  /** The page (or path pattern) journeys start at; '' for any. */
  readonly start: string;
  /** The page (or path pattern) journeys end at; '' for any. */
  readonly end: string;
}

const pageOf = (search: URLSearchParams, name: string) => (search.get(name) ?? '').trim().slice(0, MAX_PAGE_LENGTH);

export function readJourneyView(search: URLSearchParams): JourneyView {
  return {
    steps: choiceOf(search, 'steps', JOURNEY_STEPS, DEFAULT_STEPS),
    limit: choiceOf(search, 'limit', JOURNEY_LIMITS, DEFAULT_LIMIT),
    start: pageOf(search, 'start'),
    end: pageOf(search, 'end'),
  };
}

export function writeJourneyView(search: URLSearchParams, change: Partial<JourneyView>): URLSearchParams {
  let next = search;
  if (change.steps !== undefined) next = withParam(next, 'steps', change.steps, DEFAULT_STEPS);
  if (change.limit !== undefined) next = withParam(next, 'limit', change.limit, DEFAULT_LIMIT);
  if (change.start !== undefined) next = withParam(next, 'start', change.start.trim());
  if (change.end !== undefined) next = withParam(next, 'end', change.end.trim());
  return next;
}

/** /journeys parameters: the start page is step 0, the end page the last step; none without either. */
export function journeyParams(view: JourneyView): { steps: number; limit: number; stepFilters?: string } {
  const filters: Record<string, string> = {};
  if (view.start !== '') filters['0'] = view.start;
  if (view.end !== '') filters[String(view.steps - 1)] = view.end;
  const stepFilters = Object.keys(filters).length === 0 ? undefined : JSON.stringify(filters);
  return { steps: view.steps, limit: view.limit, ...(stepFilters === undefined ? {} : { stepFilters }) };
}
