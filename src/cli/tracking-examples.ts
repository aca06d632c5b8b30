// The first tracking examples bootstrap prints: a curl for a server (it carries the secret key) and a
// script tag for a web page (public site id only, never a key).

export const SERVER_SIDE_NOTE = 'server-side only: never put this key in a web page';

/** The shell-quoted form of a value (single quotes; a quote inside is closed, escaped and reopened). */
export function shellQuoted(value: string): string {
  return `'${value.replaceAll("'", `'\\''`)}'`;
}

export function serverSideCurl(baseUrl: string, key: string, site: { readonly id: string; readonly domain: string }): string {
  const body = JSON.stringify({ site_id: site.id, type: 'pageview', hostname: site.domain, pathname: '/' });
  return ['curl -X POST', shellQuoted(`${baseUrl}/api/track`), "-H 'Content-Type: application/json'", `-H ${shellQuoted(`Authorization: Bearer ${key}`)}`, `-d ${shellQuoted(body)}`].join(' ');
}

export function scriptTag(baseUrl: string, siteId: string): string {
  const attribute = (value: string) => value.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;');
  return `<script defer src="${attribute(`${baseUrl}/api/script.js`)}" data-site-id="${attribute(siteId)}"></script>`;
}
