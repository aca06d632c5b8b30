// The errors page's own URL state: the error message chosen and the page of its occurrences.
import { withParam } from './search-param';

/** Error groups asked for at once, and occurrences per page. */
export const ERROR_GROUP_LIMIT = 100;
export const OCCURRENCES_PER_PAGE = 10;
/** The API's longest error message. */
const MAX_MESSAGE_LENGTH = 4096;

export interface ErrorView {
  /** The exact message chosen; undefined: the first group shown. */
  readonly message: string | undefined;
  /** 1-based page of the chosen message's occurrences. */
  readonly occurrencePage: number;
}

export function readErrorView(search: URLSearchParams): ErrorView {
  const message = search.get('error');
  const page = search.get('occurrences');
  const occurrencePage = page !== null && /^[1-9]\d{0,5}$/.test(page) ? Number(page) : 1;
  return { message: message !== null && message !== '' && message.length <= MAX_MESSAGE_LENGTH ? message : undefined, occurrencePage };
}

/** Choosing another message starts its occurrences from their first page. */
export function writeErrorView(search: URLSearchParams, change: Partial<ErrorView>): URLSearchParams {
  let next = search;
  if ('message' in change) next = withParam(withParam(next, 'error', change.message), 'occurrences', undefined);
  if (change.occurrencePage !== undefined) next = withParam(next, 'occurrences', change.occurrencePage, 1);
  return next;
}
