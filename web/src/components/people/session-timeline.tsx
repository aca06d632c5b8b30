// SessionTimeline: a session's events in the API's order, each with its time and the time spent until the next one.
import type { SessionEvent } from '../../api/people-types';
import { CsvDownloadButton } from '../csv-download-button';
import type { CsvColumn } from '../csv';
import { formatApiTime, formatDuration, isoOfApiTime } from './people-format';

const TYPE_LABELS: Readonly<Record<string, string>> = {
  pageview: 'Pageview', custom_event: 'Event', error: 'Error', performance: 'Web vitals', outbound: 'Outbound link',
};

/** What an event is about: the page for a pageview, the name for an event or error. */
function subjectOf(event: SessionEvent): string {
  if (event.type === 'pageview' || event.type === 'performance') return event.pathname;
  return event.event_name || event.pathname;
}

const CSV_COLUMNS: ReadonlyArray<CsvColumn<SessionEvent>> = [
  { header: 'timestamp', value: (event) => event.timestamp },
  { header: 'type', value: (event) => event.type },
  { header: 'pathname', value: (event) => event.pathname },
  { header: 'page_title', value: (event) => event.page_title },
  { header: 'event_name', value: (event) => event.event_name },
  { header: 'time_spent', value: (event) => event.time_spent },
  { header: 'hostname', value: (event) => event.hostname },
  { header: 'referrer', value: (event) => event.referrer },
  { header: 'props', value: (event) => JSON.stringify(event.props) },
];

export function SessionTimeline({ events, timeZone, fileName }: { events: readonly SessionEvent[]; timeZone: string; fileName: string }) {
  return (
    <div className="flex flex-col gap-2">
      <div className="flex justify-end"><CsvDownloadButton fileName={fileName} columns={CSV_COLUMNS} rows={events} /></div>
      {events.length === 0 ? <p className="py-6 text-center text-sm text-slate-600 dark:text-slate-400">No event on this page.</p> : null}
      <ol aria-label="Events in time order" className="flex flex-col">
        {events.map((event, index) => (
          <li
            key={`${event.timestamp}-${index}`}
            data-testid="timeline-event"
            data-timestamp={event.timestamp}
            data-type={event.type}
            data-time-spent={event.time_spent ?? ''}
            className="grid grid-cols-[auto_1fr] gap-x-3 border-l-2 border-indigo-200 py-2 pl-3 dark:border-indigo-900"
          >
            <time dateTime={isoOfApiTime(event.timestamp)} className="text-xs tabular-nums text-slate-600 dark:text-slate-400">{formatApiTime(event.timestamp, timeZone)}</time>
            <span className="min-w-0 break-words">
              <span className="mr-2 rounded bg-slate-100 px-1.5 py-0.5 text-xs font-medium dark:bg-slate-800">{TYPE_LABELS[event.type] ?? event.type}</span>
              <span data-testid="timeline-subject" className="font-medium">{subjectOf(event)}</span>
              {event.page_title ? <span className="ml-2 text-sm text-slate-600 dark:text-slate-400">{event.page_title}</span> : null}
            </span>
            <span />
            <span data-testid="timeline-spent" className="text-xs text-slate-600 dark:text-slate-400">
              {event.time_spent === null ? 'Last event of the session' : `${formatDuration(event.time_spent)} until the next event`}
            </span>
          </li>
        ))}
      </ol>
    </div>
  );
}
