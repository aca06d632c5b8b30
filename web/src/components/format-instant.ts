// The one way the dashboard writes a date and time: a timestamp the API returned (ISO 8601, or Rybbit's
// `YYYY-MM-DD HH:MM:SS` in UTC) as a medium date and time in the reader's language, in the view's time zone
// (the browser's when none is given). Tables of records, the sessions and users pages, the live feed and the
// error occurrences all use it, so one instant reads the same everywhere.

const UTC_SQL_TIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d{1,3})?$/;

/** The instant a timestamp of the API names: the `YYYY-MM-DD HH:MM:SS` form is UTC (a browser would read it as local time). */
export function instantOf(text: string): Date {
  return new Date(UTC_SQL_TIME.test(text) ? `${text.replace(' ', 'T')}Z` : text);
}

/** Empty when there is none; the text itself when it is not a date. `locale` is for tests (the reader's by default). */
export function formatInstant(text: string | null, timeZone?: string, locale?: string): string {
  if (text === null) return '';
  const date = instantOf(text);
  if (Number.isNaN(date.getTime())) return text;
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'medium', ...(timeZone ? { timeZone } : {}) }).format(date);
}
