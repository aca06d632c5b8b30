// A page's URL as the hostname, path and query string (without `?`) an imported event stores; '' parts for a
// value that is not an absolute URL.
export interface PageParts {
  readonly hostname: string;
  readonly pathname: string;
  readonly querystring: string;
}

export function pageOfUrl(location: string): PageParts | undefined {
  try {
    const url = new URL(location);
    return { hostname: url.hostname, pathname: url.pathname.slice(0, 2048), querystring: url.search.replace(/^\?/, '').slice(0, 2048) };
  } catch {
    return undefined;
  }
}

export const NO_PAGE: PageParts = { hostname: '', pathname: '', querystring: '' };
