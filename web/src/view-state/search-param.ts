// Reading and writing one URL search parameter of a page's own view state (a copy of the search is changed).

/** A whole number from the URL when it is one of `allowed`, else `fallback`. */
export function choiceOf(search: URLSearchParams, name: string, allowed: readonly number[], fallback: number): number {
  const text = search.get(name);
  const value = text !== null && /^\d{1,4}$/.test(text) ? Number(text) : Number.NaN;
  return allowed.includes(value) ? value : fallback;
}

/** A copy of `search` with `name` set, or removed when `value` is undefined or the default. */
export function withParam(search: URLSearchParams, name: string, value: string | number | undefined, fallback?: string | number): URLSearchParams {
  const next = new URLSearchParams(search);
  if (value === undefined || value === '' || value === fallback) next.delete(name);
  else next.set(name, String(value));
  return next;
}
