// The sessions list's own narrowing (the API's identified_only, min_pageviews, min_events, min_duration), kept in the URL.

export const NARROWING_FIELDS = [
  { name: 'min_pageviews', label: 'At least pageviews' },
  { name: 'min_events', label: 'At least events' },
  { name: 'min_duration', label: 'At least seconds long' },
] as const;

export type NarrowingField = (typeof NARROWING_FIELDS)[number]['name'];

export interface SessionNarrowing {
  readonly identified_only?: 'true';
  readonly min_pageviews?: number;
  readonly min_events?: number;
  readonly min_duration?: number;
}

/** A whole number the API takes for a minimum (0..1,000,000,000), or undefined. */
export function minimumOf(text: string | null): number | undefined {
  if (text === null || !/^\d{1,10}$/.test(text)) return undefined;
  const value = Number(text);
  return value <= 1_000_000_000 ? value : undefined;
}

/** The narrowing the URL asks for; anything malformed is left out (the URL may be hand-edited). */
export function readNarrowing(search: URLSearchParams): SessionNarrowing {
  const narrowing: { -readonly [K in keyof SessionNarrowing]: SessionNarrowing[K] } = {};
  if (search.get('identified_only') === 'true') narrowing.identified_only = 'true';
  for (const { name } of NARROWING_FIELDS) {
    const value = minimumOf(search.get(name));
    if (value !== undefined) narrowing[name] = value;
  }
  return narrowing;
}

/** A copy of the URL's search with the narrowing replaced, back on the first page. */
export function writeNarrowing(search: URLSearchParams, narrowing: SessionNarrowing): URLSearchParams {
  const next = new URLSearchParams(search);
  for (const name of ['identified_only', ...NARROWING_FIELDS.map((field) => field.name)] as const) {
    const value = narrowing[name];
    if (value === undefined) next.delete(name);
    else next.set(name, String(value));
  }
  next.delete('page');
  return next;
}
