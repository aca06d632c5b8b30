// The fields of one events row a goal looks at, and narrowing a stored or freshly built row to them.

export interface GoalEvent {
  readonly type: string;
  readonly event_name?: string | undefined;
  readonly pathname?: string | undefined;
  /** Stored lowercased. */
  readonly hostname?: string | undefined;
  /** The `props` column: JSON text ('' when none), or the parsed object. */
  readonly props?: string | Readonly<Record<string, unknown>> | null | undefined;
  /** The `url_parameters` column: query parameters, keys lowercased. */
  readonly url_parameters?: Readonly<Record<string, string>> | null | undefined;
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

function stringMap(value: unknown): Record<string, string> {
  const map = Object.create(null) as Record<string, string>;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return map;
  for (const [key, item] of Object.entries(value)) if (typeof item === 'string') map[key] = item;
  return map;
}

/** An events row (as built by ingestion or read from the store) as a GoalEvent; other columns are ignored. */
export function goalEventOf(row: Readonly<Record<string, unknown>>): GoalEvent {
  const props = row.props;
  return {
    type: text(row.type),
    event_name: text(row.event_name),
    pathname: text(row.pathname),
    hostname: text(row.hostname),
    props: typeof props === 'object' && props !== null && !Array.isArray(props) ? (props as Record<string, unknown>) : text(props),
    url_parameters: stringMap(row.url_parameters),
  };
}

/** The event's properties as an object; JSON that does not parse to an object reads as no properties. */
export function propsObject(props: GoalEvent['props']): Readonly<Record<string, unknown>> {
  if (typeof props === 'object' && props !== null) return props;
  if (!props) return {};
  try {
    const parsed = JSON.parse(props) as unknown;
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}
