// useEventFeed: the latest events of a site, then every few seconds those after the newest one (since_timestamp),
// merged newest first (mount it once per site: key it on the site); `announcement` says how many arrived, at most once per ANNOUNCE_GAP_MS.
import { useEffect, useRef, useState } from 'react';
import { fetchEventsSince, fetchLatestEvents } from '../../api/realtime-queries';
import type { FeedEvent } from '../../api/settings-types';
import { announce, mergeFeed, type Announcer } from './event-feed';

export const POLL_MS = 5_000;
const ANNOUNCE_GAP_MS = 30_000;
const FIRST_PAGE = 50;

export interface EventFeed {
  readonly events: readonly FeedEvent[];
  readonly loaded: boolean;
  readonly error: unknown;
  readonly announcement: string;
}

export function useEventFeed(site: string, paused: boolean): EventFeed {
  const [events, setEvents] = useState<readonly FeedEvent[]>([]);
  const [loaded, setLoaded] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [announcement, setAnnouncement] = useState('');
  const newest = useRef<string | undefined>(undefined);
  const announcer = useRef<Announcer>({ pending: 0, lastAt: undefined });

  useEffect(() => {
    let stopped = false;
    const poll = async (first: boolean) => {
      try {
        const since = newest.current;
        const { data } = since === undefined ? await fetchLatestEvents(site, FIRST_PAGE) : await fetchEventsSince(site, since);
        if (stopped) return;
        setError(null);
        if (data[0]) newest.current = data[0].timestamp;
        setEvents((feed) => (since === undefined ? data : mergeFeed(data, feed)));
        setLoaded(true);
        // The first page is what the page opens on, not news; later, an empty feed's first events are.
        const result = announce(announcer.current, first ? 0 : data.length, Date.now(), ANNOUNCE_GAP_MS);
        announcer.current = result.state;
        if (result.message) setAnnouncement(result.message);
      } catch (failure) {
        if (!stopped) setError(failure);
      }
    };
    if (paused) return () => { stopped = true; };
    void poll(newest.current === undefined);
    const timer = setInterval(() => void poll(false), POLL_MS);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [site, paused]);

  return { events, loaded, error, announcement };
}
