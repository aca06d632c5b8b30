// The player's pure pieces: where the session's pageviews, custom events and errors sit on the recording's
// timeline, and the clock text of an offset.

export interface TimelineEvent {
  readonly timestamp: string;
  readonly type: string;
  readonly pathname: string;
  readonly event_name: string;
}

export interface TimelineMark {
  /** Milliseconds from the recording's start. */
  readonly offset: number;
  /** 0..100: the mark's place on the bar. */
  readonly percent: number;
  readonly kind: 'pageview' | 'event' | 'error';
  readonly label: string;
}

const KINDS: Readonly<Record<string, TimelineMark['kind']>> = { pageview: 'pageview', custom_event: 'event', error: 'error' };

/** 'YYYY-MM-DD HH:MM:SS.mmm' UTC (the API's times) as epoch milliseconds. */
export function apiTimeMs(text: string): number {
  return Date.parse(`${text.replace(' ', 'T')}Z`);
}

/** The marks of the session's events that fall inside the recording (start and length in ms). */
export function timelineMarks(events: readonly TimelineEvent[], start: number, length: number): TimelineMark[] {
  const marks: TimelineMark[] = [];
  for (const event of events) {
    const kind = KINDS[event.type];
    const offset = apiTimeMs(event.timestamp) - start;
    if (kind === undefined || !(offset >= 0) || offset > length) continue;
    const label = kind === 'pageview' ? `Page ${event.pathname}` : kind === 'error' ? `Error ${event.event_name}` : `Event ${event.event_name}`;
    marks.push({ offset, percent: length > 0 ? (offset / length) * 100 : 0, kind, label });
  }
  return marks;
}

/** 65_000 -> '1:05'; 3_725_000 -> '1:02:05'. */
export function clockText(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const pad = (value: number) => String(value).padStart(2, '0');
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  return hours > 0 ? `${hours}:${pad(minutes)}:${pad(total % 60)}` : `${minutes}:${pad(total % 60)}`;
}
