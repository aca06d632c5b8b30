// The SQL that renders a DateTime64(3, 'UTC') value as ISO 8601 UTC with milliseconds, the form of every report timestamp.

/** `2026-03-20T11:59:58.227Z` from an expression of type DateTime64(3, 'UTC') (a column or an aggregate chosen by code). */
export function isoTimeSql(expression: string): string {
  return `concat(replaceOne(toString(${expression}), ' ', 'T'), 'Z')`;
}
