// Reads an analytics timestamp as epoch milliseconds, whichever text form the API uses (ISO 8601 or `YYYY-MM-DD HH:MM:SS[.mmm]` UTC).

/** Epoch ms of `value`; a value without a zone designator is read as UTC. */
export function instantOf(value: unknown): number {
  const text = String(value);
  const iso = /[zZ]|[+-]\d\d:\d\d$/.test(text) ? text : `${text.replace(' ', 'T')}Z`;
  return Date.parse(iso);
}

/** The same object with the named timestamp fields replaced by their epoch ms, for exact comparisons. */
export function withInstants<T extends Record<string, unknown>>(row: T, fields: readonly string[]): T {
  const copy: Record<string, unknown> = { ...row };
  for (const field of fields) if (field in copy) copy[field] = instantOf(copy[field]);
  return copy as T;
}
