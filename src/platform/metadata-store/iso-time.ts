// Times read from the metadata store as ISO 8601 UTC text: SQLite hands them back as text, PostgreSQL as Dates.

export function isoTime(value: Date | string): string {
  return value instanceof Date ? value.toISOString() : new Date(value).toISOString();
}

/** The same, null for a time the row does not have. */
export function isoTimeOrNull(value: Date | string | null | undefined): string | null {
  return value === null || value === undefined ? null : isoTime(value);
}

/**
 * A stored time as `YYYY-MM-DD HH:MM:SS` in UTC: the form Rybbit's API gives its records' times (its
 * PostgreSQL timestamps as text) and its web app reads with `DateTime.fromSQL(value, { zone: 'utc' })`.
 */
export function utcSqlTime(value: Date | string): string {
  return isoTime(value).slice(0, 19).replace('T', ' ');
}
