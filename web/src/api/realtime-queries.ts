// The realtime page's questions: the live visitor count and the latest events of the last 24 hours.
import { apiRequest, queryString } from './client';
import { useReport } from './report-query';
import type { EventsPage, EventsSince } from './settings-types';

/** The last 24 hours, as report parameters: the window the sites page shows. */
export const LAST_24_HOURS = { past_minutes_start: 1440, past_minutes_end: 0 } as const;

export const useLiveUserCount = (site: string, intervalMs: number | false) => useReport('/api/sites/{site}/live-user-count', site, {}, { refetchInterval: intervalMs });

export const fetchLatestEvents = (site: string, pageSize: number) =>
  apiRequest<EventsPage>(`/api/sites/${encodeURIComponent(site)}/events${queryString({ ...LAST_24_HOURS, page_size: pageSize })}`);

export const fetchEventsSince = (site: string, since: string) =>
  apiRequest<EventsSince>(`/api/sites/${encodeURIComponent(site)}/events${queryString({ ...LAST_24_HOURS, since_timestamp: since })}`);

