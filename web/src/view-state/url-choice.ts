// A page's choice from a closed list kept in one URL parameter (a tab, a metric, a percentile): read with a
// fallback for a missing or unknown value, written without the parameter when it is the fallback.

export function readChoice<T extends string>(search: URLSearchParams, name: string, allowed: readonly T[], fallback: T): T {
  const value = search.get(name);
  return allowed.find((entry) => entry === value) ?? fallback;
}

/** A copy of `search` with the choice set (removed when it equals the fallback); other parameters kept. */
export function writeChoice(search: URLSearchParams, name: string, value: string, fallback: string): URLSearchParams {
  const next = new URLSearchParams(search);
  if (value === fallback) next.delete(name);
  else next.set(name, value);
  return next;
}
