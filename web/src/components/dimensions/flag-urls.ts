// Country flags as pictures (the flag-icons package, MIT, bundled): Debian's Chromium has no colour emoji font, so
// the regional-indicator emoji drew as two boxes. Each flag is a file of this instance's build, fetched only when a
// row shows it; the map below holds their URLs, not the pictures.
const FLAG_FILES = import.meta.glob<string>('../../../../node_modules/flag-icons/flags/4x3/*.svg', { query: '?no-inline', import: 'default', eager: true });

const FLAG_URLS: ReadonlyMap<string, string> = new Map(
  Object.entries(FLAG_FILES).map(([path, url]) => [(/([a-z]{2})\.svg$/.exec(path)?.[1] ?? '').toUpperCase(), url]),
);

/** The URL of a country's flag (an ISO 3166-1 alpha-2 code), or undefined when there is none. */
export const flagUrlOf = (code: string): string | undefined => FLAG_URLS.get(code.toUpperCase());
