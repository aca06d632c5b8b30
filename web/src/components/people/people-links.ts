// Links between the sessions and users pages, carrying the view (period, zone, filters, segment, org) but not a list's own state.
import { useSearchParams } from 'react-router';

// The embed parameters too: a page of an embedded frame links to pages that stay embedded.
const VIEW_KEYS = ['org', 'period', 'from', 'to', 'tz', 'filters', 'segment', 'embed', 'theme', 'background'] as const;

/** `?…` with only the view's parameters of `search` (empty when there are none). */
export function viewSearch(search: URLSearchParams): string {
  const kept = new URLSearchParams();
  for (const key of VIEW_KEYS) {
    const value = search.get(key);
    if (value !== null) kept.set(key, value);
  }
  const text = kept.toString();
  return text === '' ? '' : `?${text}`;
}

export const sessionPath = (site: string, sessionId: string) => `/sites/${encodeURIComponent(site)}/sessions/${encodeURIComponent(sessionId)}`;
export const userPath = (site: string, userId: string) => `/sites/${encodeURIComponent(site)}/users/${encodeURIComponent(userId)}`;

/** The current view's search, to append to a link. */
export function useViewSearch(): string {
  const [search] = useSearchParams();
  return viewSearch(search);
}
