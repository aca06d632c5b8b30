// The realtime feed's pure pieces: the API's UTC timestamps read and shown in the browser's zone, new events
// merged newest first, and the throttled announcement of how many arrived.
import type { FeedEvent } from '../../api/settings-types';
import { formatInstant } from '../format-instant';

/** How many events the page keeps (the API sends at most 500 per poll). */
export const FEED_LIMIT = 500;

/** The instant of an API timestamp `YYYY-MM-DD HH:MM:SS[.mmm]` (UTC); undefined for anything else. */
export function instantOf(timestamp: string): Date | undefined {
  if (!/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d{1,3})?$/.test(timestamp)) return undefined;
  const date = new Date(`${timestamp.replace(' ', 'T')}Z`);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

/** The timestamp as the visitor reads it: date and time in `timeZone` (the browser's when omitted). */
export function formatEventTime(timestamp: string, locale?: string, timeZone?: string): string {
  return instantOf(timestamp) ? formatInstant(timestamp, timeZone, locale) : timestamp;
}

/** Newer events (newest first) on top of the feed, capped at FEED_LIMIT. */
export function mergeFeed(newer: readonly FeedEvent[], feed: readonly FeedEvent[]): FeedEvent[] {
  return newer.length === 0 ? [...feed] : [...newer, ...feed].slice(0, FEED_LIMIT);
}

/** What the feed's event is: the custom event's name, else its type and path. */
export function describeEvent(event: FeedEvent): string {
  if (event.type === 'custom_event') return event.event_name || 'custom event';
  return event.type.replaceAll('_', ' ');
}

export interface Announcer { readonly pending: number; readonly lastAt: number | undefined }

/**
 * Adds `arrived` events to what is waiting to be said; says it (and starts over) when at least `gapMs` passed
 * since the last announcement, so a busy site does not flood a screen reader.
 */
export function announce(state: Announcer, arrived: number, now: number, gapMs: number): { state: Announcer; message?: string } {
  const pending = state.pending + arrived;
  if (pending === 0 || (state.lastAt !== undefined && now - state.lastAt < gapMs)) return { state: { ...state, pending } };
  return { state: { pending: 0, lastAt: now }, message: pending === 1 ? '1 new event' : `${pending} new events` };
}
