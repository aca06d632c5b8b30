// Splits an event's query string into the url_parameters map and the five UTM columns.

export type UrlParameters = Record<string, string>;

export interface UtmFields {
  readonly utm_source: string;
  readonly utm_medium: string;
  readonly utm_campaign: string;
  readonly utm_term: string;
  readonly utm_content: string;
}

/** Form-decodes one key or value; a malformed percent escape leaves the text as sent (with `+` as space). */
function decodeComponent(text: string): string {
  const spaced = text.includes('+') ? text.replaceAll('+', ' ') : text;
  if (!spaced.includes('%')) return spaced;
  try {
    return decodeURIComponent(spaced);
  } catch {
    return spaced;
  }
}

/**
 * Every parameter of a query string (a leading `?` is allowed), keys lowercased, first value kept
 * for repeated keys, parameters without a key skipped. The result has no prototype, so keys such
 * as `__proto__` are stored like any other.
 */
export function parseUrlParameters(querystring: string): UrlParameters {
  const params: UrlParameters = Object.create(null) as UrlParameters;
  const text = querystring.startsWith('?') ? querystring.slice(1) : querystring;
  if (text === '') return params;
  for (const pair of text.split('&')) {
    const eq = pair.indexOf('=');
    const rawKey = eq === -1 ? pair : pair.slice(0, eq);
    const key = decodeComponent(rawKey).toLowerCase();
    if (key === '' || Object.hasOwn(params, key)) continue;
    params[key] = eq === -1 ? '' : decodeComponent(pair.slice(eq + 1));
  }
  return params;
}

/** The UTM columns of an event, '' for each one absent. */
export function utmFields(params: Readonly<UrlParameters>): UtmFields {
  return {
    utm_source: params.utm_source ?? '',
    utm_medium: params.utm_medium ?? '',
    utm_campaign: params.utm_campaign ?? '',
    utm_term: params.utm_term ?? '',
    utm_content: params.utm_content ?? '',
  };
}
