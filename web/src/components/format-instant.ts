// A timestamp the API returned (ISO 8601) in the reader's time zone and language, for tables of records.

/** Empty when there is none; the text itself when it is not a date. */
export function formatInstant(iso: string | null): string {
  if (iso === null) return '';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'medium' }).format(date);
}
