// The rule for the session cookie, an ambient credential: a state-changing call it authenticates must come from BASE_URL's origin.
import type { IncomingHttpHeaders } from 'node:http';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * True when a call authenticated by the session cookie may proceed: a safe method, or an `Origin` header equal
 * to the instance's origin, or (no `Origin` at all) `Sec-Fetch-Site: same-origin`. Browsers send one of the two
 * on every state-changing fetch; another site's page cannot forge either.
 */
export function isAllowedCookieCall(method: string, headers: IncomingHttpHeaders, instanceOrigin: string): boolean {
  if (SAFE_METHODS.has(method.toUpperCase())) return true;
  const origin = headers.origin;
  if (origin !== undefined) return origin === instanceOrigin;
  return headers['sec-fetch-site'] === 'same-origin';
}
