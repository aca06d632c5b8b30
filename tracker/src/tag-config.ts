// Reads the script tag: site id, namespace, API host, debounce, skip and mask globs, tag, and where modules live.

export interface TagConfig {
  /** Site id as written on the tag (numeric or public id), or the `siteId` parameter of the script URL. */
  site: string | null;
  /** Window property and data-attribute prefix; `loupe` unless data-namespace says otherwise. */
  ns: string;
  /** Base URL of the Loupe API (without /api): data-api-host, else the origin of the script's own src. */
  api: string;
  /** URL of the directory the script was loaded from (modules are fetched beside it). */
  dir: string;
  /** SPA pageview debounce in ms (500 unless data-debounce says otherwise). */
  debounce: number;
  /** data-skip-patterns and data-mask-patterns as written (JSON arrays of globs), read by patterns.js. */
  skip: string | null;
  mask: string | null;
  tag: string | null;
}

export function readTag(script: HTMLScriptElement): TagConfig {
  const attr = (name: string) => script.getAttribute('data-' + name);
  const src = new URL(script.src);
  return {
    site: attr('site-id') || src.searchParams.get('siteId'),
    ns: attr('namespace') || 'loupe',
    // A base URL without a trailing slash (`https://example.com/stats` sends to `https://example.com/stats/api/track`).
    api: attr('api-host') || src.origin,
    dir: new URL('.', src).href,
    debounce: +(attr('debounce') ?? 500) || 0,
    skip: attr('skip-patterns'),
    mask: attr('mask-patterns'),
    tag: attr('tag'),
  };
}
