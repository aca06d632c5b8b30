// Times read from the metadata store as ISO 8601 UTC text: SQLite hands them back as text, PostgreSQL as Dates.

export function isoTime(value: Date | string): string {
  return value instanceof Date ? value.toISOString() : new Date(value).toISOString();
}

/** The same, null for a time the row does not have. */
export function isoTimeOrNull(value: Date | string | null | undefined): string | null {
  return value === null || value === undefined ? null : isoTime(value);
}
