// A timestamp the API returned (ISO 8601, or Rybbit's `YYYY-MM-DD HH:MM:SS` in UTC) in the reader's time zone
// and language, for tables of records.

const UTC_SQL_TIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d{1,3})?$/;

/** The instant a timestamp of the API names: the `YYYY-MM-DD HH:MM:SS` form is UTC (a browser would read it as local time). */
export function instantOf(text: string): Date {
  return new Date(UTC_SQL_TIME.test(text) ? `${text.replace(' ', 'T')}Z` : text);
}

/** Empty when there is none; the text itself when it is not a date. */
export function formatInstant(iso: string | null): string {
  if (iso === null) return '';
  const date = instantOf(iso);
  return Number.isNaN(date.getTime()) ? iso : new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'medium' }).format(date);
}
