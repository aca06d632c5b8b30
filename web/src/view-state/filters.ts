// The site dashboard's filters: the API's `filters` JSON ({parameter, type, value}[]) read from and written to the URL.
export const FILTER_TYPES = [
  { type: 'equals', label: 'is' },
  { type: 'not_equals', label: 'is not' },
  { type: 'contains', label: 'contains' },
  { type: 'not_contains', label: 'does not contain' },
  { type: 'starts_with', label: 'starts with' },
  { type: 'ends_with', label: 'ends with' },
  { type: 'regex', label: 'matches regex' },
  { type: 'not_regex', label: 'does not match regex' },
  { type: 'is_null', label: 'is empty' },
  { type: 'is_not_null', label: 'is not empty' },
  { type: 'greater_than', label: '>' },
  { type: 'greater_than_or_equal', label: '≥' },
  { type: 'less_than', label: '<' },
  { type: 'less_than_or_equal', label: '≤' },
] as const;

export type FilterType = (typeof FILTER_TYPES)[number]['type'];

export interface Filter {
  readonly parameter: string;
  readonly type: FilterType;
  readonly value: readonly string[];
}

/** The dimensions a filter can name, with their labels (url_param:<name> is typed in the editor). */
export const FILTER_PARAMETERS: ReadonlyArray<{ parameter: string; label: string }> = [
  { parameter: 'pathname', label: 'Page' },
  { parameter: 'entry_page', label: 'Entry page' },
  { parameter: 'exit_page', label: 'Exit page' },
  { parameter: 'page_title', label: 'Page title' },
  { parameter: 'hostname', label: 'Hostname' },
  { parameter: 'querystring', label: 'Query string' },
  { parameter: 'channel', label: 'Channel' },
  { parameter: 'referrer', label: 'Referrer' },
  { parameter: 'utm_source', label: 'UTM source' },
  { parameter: 'utm_medium', label: 'UTM medium' },
  { parameter: 'utm_campaign', label: 'UTM campaign' },
  { parameter: 'utm_term', label: 'UTM term' },
  { parameter: 'utm_content', label: 'UTM content' },
  { parameter: 'country', label: 'Country' },
  { parameter: 'region', label: 'Region' },
  { parameter: 'city', label: 'City' },
  { parameter: 'browser', label: 'Browser' },
  { parameter: 'browser_version', label: 'Browser version' },
  { parameter: 'operating_system', label: 'Operating system' },
  { parameter: 'operating_system_version', label: 'OS version' },
  { parameter: 'device_type', label: 'Device type' },
  { parameter: 'dimensions', label: 'Screen size' },
  { parameter: 'language', label: 'Language' },
  { parameter: 'timezone', label: 'Time zone' },
  { parameter: 'event_name', label: 'Custom event' },
  { parameter: 'tag', label: 'Tag' },
  { parameter: 'user_id', label: 'User id' },
];

/** Parameters whose values are numbers, where greater/less than make sense. */
const NUMERIC_PARAMETERS: ReadonlySet<string> = new Set(['browser_version', 'operating_system_version']);
const COMPARISONS: ReadonlySet<string> = new Set(['greater_than', 'greater_than_or_equal', 'less_than', 'less_than_or_equal']);

export const isNumericParameter = (parameter: string) => NUMERIC_PARAMETERS.has(parameter) || parameter.startsWith('url_param:');
export const needsValue = (type: FilterType) => type !== 'is_null' && type !== 'is_not_null';

/** The filter types the editor offers for a parameter. */
export const typesFor = (parameter: string) => FILTER_TYPES.filter(({ type }) => !COMPARISONS.has(type) || isNumericParameter(parameter));

export const parameterLabel = (parameter: string) =>
  FILTER_PARAMETERS.find((entry) => entry.parameter === parameter)?.label ??
  (parameter.startsWith('url_param:') ? `URL parameter ${parameter.slice('url_param:'.length)}` : parameter);
export const typeLabel = (type: FilterType) => FILTER_TYPES.find((entry) => entry.type === type)?.label ?? type;

const isFilterType = (type: unknown): type is FilterType => FILTER_TYPES.some((entry) => entry.type === type);

/** The filters of the URL's `filters` value; anything malformed is left out (the URL may be hand-edited). */
export function parseFilters(text: string | null): Filter[] {
  if (!text) return [];
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return [];
  }
  if (!Array.isArray(raw)) return [];
  return raw.flatMap((item: unknown): Filter[] => {
    if (typeof item !== 'object' || item === null) return [];
    const { parameter, type, value } = item as Record<string, unknown>;
    if (typeof parameter !== 'string' || parameter === '' || !isFilterType(type)) return [];
    const values = Array.isArray(value) ? value.filter((entry): entry is string | number => typeof entry === 'string' || typeof entry === 'number').map(String) : [];
    if (needsValue(type) && values.length === 0) return [];
    return [{ parameter, type, value: values }];
  });
}

/** The `filters` value for the URL and the API, or undefined when there are none. */
export const serializeFilters = (filters: readonly Filter[]) => (filters.length === 0 ? undefined : JSON.stringify(filters));

/** Adds a filter unless the same one is there; an `equals` on a parameter replaces an earlier `equals` on it. */
export function addFilter(filters: readonly Filter[], filter: Filter): Filter[] {
  const key = JSON.stringify(filter);
  if (filters.some((existing) => JSON.stringify(existing) === key)) return [...filters];
  const kept = filter.type === 'equals' ? filters.filter((existing) => !(existing.parameter === filter.parameter && existing.type === 'equals')) : filters;
  return [...kept, filter];
}

export const removeFilter = (filters: readonly Filter[], index: number) => filters.filter((_, position) => position !== index);
