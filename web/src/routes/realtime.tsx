// /sites/:site/realtime: visitors active in the last 5 minutes (a count and a live map of their places) and a live
// feed of the latest events (polled),
// announced politely and at most twice a minute; updates can be paused.
import { lazy, Suspense, useState } from 'react';
import { useParams } from 'react-router';
import { useLiveUserCount } from '../api/realtime-queries';
import { useSiteRecord } from '../api/site-queries';
import type { FeedEvent } from '../api/settings-types';
import { Button } from '../components/button';
import { Card } from '../components/card';
import { CsvDownloadButton } from '../components/csv-download-button';
import { csvFileName } from '../components/csv';
import { ErrorMessage } from '../components/error-message';
import { describeEvent, formatEventTime, instantOf } from '../components/realtime/event-feed';
import { FEED_CSV_COLUMNS } from '../components/realtime/feed-csv';
import { POLL_MS, useEventFeed } from '../components/realtime/use-event-feed';
import { benchStateOfRows } from '../components/report-kit/bench-state';
import { usePeopleVisible } from '../components/public-access/people-visible';
import { SiteNav } from '../components/settings/site-nav';
import { countryName } from '../components/dimensions/country-names';
import { displayValue } from '../components/dimensions/dimension-display';

const LiveMap = lazy(() => import('../components/realtime/live-map'));

function FeedRow({ event }: { event: FeedEvent }) {
  const details = [event.country === '' ? '' : countryName(event.country), event.browser, event.device_type === '' ? '' : displayValue('device_type', event.device_type)].filter((part) => part !== '').join(' · ');
  return (
    <li data-testid="feed-event" className="flex flex-col gap-0.5 border-b border-slate-200 py-2 last:border-0 sm:flex-row sm:items-baseline sm:gap-3 dark:border-slate-800">
      <time dateTime={instantOf(event.timestamp)?.toISOString()} className="shrink-0 text-xs tabular-nums text-slate-600 dark:text-slate-400">{formatEventTime(event.timestamp)}</time>
      <span data-testid="feed-event-name" className="font-medium">{describeEvent(event)}</span>
      <span data-testid="feed-event-path" className="min-w-0 break-all text-sm">{event.pathname}</span>
      {details ? <span className="text-xs text-slate-600 sm:ml-auto dark:text-slate-400">{details}</span> : null}
    </li>
  );
}

function EventFeedCard({ site, paused }: { site: string; paused: boolean }) {
  const feed = useEventFeed(site, paused);
  return (
    <Card title="Latest events">
      {/* Only this short summary is live; the list itself is not, so a busy site does not flood a screen reader. */}
      <p role="status" aria-live="polite" className="sr-only">{feed.announcement}</p>
      <ErrorMessage error={feed.error} />
      {!feed.loaded && !feed.error ? <p className="text-sm">Loading events…</p> : null}
      {feed.loaded && feed.events.length === 0 ? <p className="text-sm">No event in the last 24 hours yet. New ones appear here as they arrive.</p> : null}
      {feed.events.length > 0 ? (
        <div className="mb-1 flex justify-end">
          <CsvDownloadButton fileName={csvFileName('latest events', 'last 24 hours')} table="latest events" columns={FEED_CSV_COLUMNS} rows={feed.events} />
        </div>
      ) : null}
      <div data-bench-piece="latest-events" data-bench-state={benchStateOfRows(feed.loaded, feed.events.length)} tabIndex={0} role="region" aria-label="Latest events, newest first" className="max-h-[32rem] overflow-y-auto rounded focus-visible:outline-2 focus-visible:outline-indigo-500">
        <ol className="flex flex-col">
          {feed.events.map((event, index) => <FeedRow key={`${event.timestamp}-${event.session_id}-${index}`} event={event} />)}
        </ol>
      </div>
    </Card>
  );
}

export function RealtimePage() {
  const { site = '' } = useParams();
  const record = useSiteRecord(site);
  const [paused, setPaused] = useState(false);
  const live = useLiveUserCount(site, paused ? false : POLL_MS);
  const people = usePeopleVisible(site);
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold">Realtime{record.data ? `: ${record.data.name}` : ''}</h1>
        <SiteNav site={site} />
      </div>
      <ErrorMessage error={record.error ?? live.error} />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="flex items-baseline gap-2" data-bench-piece="live-visitors" data-bench-state={live.isSuccess ? 'ready' : 'loading'}>
          <span data-testid="live-visitors" className="text-3xl font-semibold tabular-nums">{live.data?.count ?? '–'}</span>
          <span className="text-sm text-slate-600 dark:text-slate-400">visitors in the last 5 minutes</span>
        </p>
        <Button variant="secondary" onClick={() => setPaused((value) => !value)}>{paused ? 'Resume live updates' : 'Pause live updates'}</Button>
      </div>
      <Card title="Where they are">
        <Suspense fallback={<p className="text-sm">Loading the map…</p>}><LiveMap site={site} intervalMs={paused ? false : POLL_MS} /></Suspense>
      </Card>
      {people ? <EventFeedCard key={site} site={site} paused={paused} /> : <p className="text-sm text-slate-600 dark:text-slate-400">The live event list is shown to the site's members only.</p>}
    </div>
  );
}

export { RealtimePage as Component };
