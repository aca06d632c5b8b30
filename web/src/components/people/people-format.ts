// Display forms of the sessions and users pages: the API's UTC times in the view's zone, durations, trait values.
import { formatInstant } from '../format-instant';

/** The ISO instant of an API time (`YYYY-MM-DD HH:MM:SS[.mmm]` in UTC), or undefined when it is not one. */
export function isoOfApiTime(text: string): string | undefined {
  if (!/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d{1,3})?$/.test(text)) return undefined;
  const instant = Date.parse(`${text.replace(' ', 'T')}Z`);
  return Number.isFinite(instant) ? new Date(instant).toISOString() : undefined;
}

/** An API time in `timeZone`, written as every date of the dashboard is (format-instant.ts); the text as it is when it is not a time. */
export function formatApiTime(text: string, timeZone: string, locale?: string): string {
  return isoOfApiTime(text) === undefined ? text : formatInstant(text, timeZone, locale);
}

/** Seconds as `42s`, `1.5s`, `3m 05s` or `2h 03m`. */
export function formatDuration(seconds: number): string {
  if (!Number.isFinite(seconds) || seconds < 0) return '–';
  if (seconds < 60) return `${Math.round(seconds * 10) / 10}s`;
  const whole = Math.round(seconds);
  const pad = (value: number) => String(value).padStart(2, '0');
  if (whole < 3600) return `${Math.floor(whole / 60)}m ${pad(whole % 60)}s`;
  return `${Math.floor(whole / 3600)}h ${pad(Math.floor((whole % 3600) / 60))}m`;
}

/** A trait value as text: strings as they are, anything else as its JSON. */
export const traitText = (value: unknown): string => (typeof value === 'string' ? value : JSON.stringify(value) ?? '');

/** The [key, value] pairs of a traits object (none for null or a non-object), in the API's order. */
export function traitEntries(traits: unknown): Array<[string, string]> {
  if (typeof traits !== 'object' || traits === null || Array.isArray(traits)) return [];
  return Object.entries(traits as Record<string, unknown>).map(([key, value]) => [key, traitText(value)]);
}
