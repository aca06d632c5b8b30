// Removes credentials from text bound for the logs: URL query parameters, JSON fields, bearer tokens, URL
// passwords, Loupe's key shapes.

export const REDACTED = '[REDACTED]';

/**
 * A name is a credential's when, lower-cased and stripped of separators, it ends with one of these
 * (`api_key`, `X-API-Key`, `access_token`, `client_secret`, `better-auth.session_token`, `Set-Cookie`...).
 * Erring towards redaction costs a log reader little; the opposite costs a key.
 */
const CREDENTIAL_NAME_ENDINGS = [
  'key', 'token', 'secret', 'password', 'passwd', 'pwd', 'passphrase', 'authorization', 'auth', 'cookie',
  'session', 'signature', 'sig', 'credential', 'credentials', 'jwt', 'otp',
  // An invitation link's `invitationId` parameter carries the invitation's secret after its id.
  'invitationid',
];

/** Paths that carry a credential in a segment (better-auth's password-reset link), redacted after the prefix. */
const SECRET_PATH_PREFIXES = ['/api/auth/reset-password/'];

function normalizedName(name: string): string {
  let decoded = name;
  try {
    decoded = decodeURIComponent(name.replace(/\+/g, ' '));
  } catch {
    // A malformed escape: judge the name as written.
  }
  return decoded.toLowerCase().replace(/[^a-z0-9]/g, '');
}

export function isCredentialName(name: string): boolean {
  const normalized = normalizedName(name);
  return normalized.length > 0 && CREDENTIAL_NAME_ENDINGS.some((ending) => normalized.endsWith(ending));
}

function redactPath(path: string): string {
  for (const prefix of SECRET_PATH_PREFIXES) {
    if (path.startsWith(prefix) && path.length > prefix.length) return `${prefix}${REDACTED}`;
  }
  return path;
}

function redactQueryPair(pair: string): string {
  const equals = pair.indexOf('=');
  const name = equals === -1 ? pair : pair.slice(0, equals);
  return isCredentialName(name) ? `${name}=${REDACTED}` : pair;
}

/** A request URL (path and query) with every credential-named query parameter's value replaced. */
export function redactUrl(url: string): string {
  const question = url.indexOf('?');
  if (question === -1) return redactPath(url);
  const query = url.slice(question + 1).split('&').map(redactQueryPair).join('&');
  return `${redactPath(url.slice(0, question))}?${query}`;
}

// Every pattern below is linear: each repeated class is disjoint from what follows it, names are bounded,
// and the look-behinds make a name match start only where a name starts.
/** `"name":"value"` in a JSON line; the value may hold escapes. */
const JSON_STRING_FIELD = /"([\w%.-]{1,100})":"((?:[^"\\]|\\.)*)"/g;
/** `name=value` in a query string, a cookie header or a message. */
const NAME_EQUALS_VALUE = /(?<![\w%.-])([\w%.-]{1,100})=([^&\s"'<>;,\\]*)/g;
/** `Bearer <token>` anywhere. */
const BEARER = /\b(bearer)\s+[^\s"'<>;,\\]+/gi;
/** The password of a URL's user info (`postgres://loupe:<password>@db`, `redis://:<password>@cache`). */
const URL_PASSWORD = /(\/\/[^\s/@"':]{0,200}):[^\s/@"]{1,200}@/g;
/** Loupe's own secrets by shape: user keys (`lp_`), organization keys (`lpo_`), webhook secrets (`whsec_`). */
const KEY_SHAPE = /(?<![A-Za-z0-9])(lpo?_|whsec_)[A-Za-z0-9_-]{8,}/g;

/** Any text (a serialized log line, a message) with every credential it carries replaced by `[REDACTED]`. */
export function redactCredentials(text: string): string {
  return text
    .replace(JSON_STRING_FIELD, (field: string, name: string) => (isCredentialName(name) ? `"${name}":"${REDACTED}"` : field))
    .replace(NAME_EQUALS_VALUE, (pair: string, name: string) => (isCredentialName(name) ? `${name}=${REDACTED}` : pair))
    .replace(URL_PASSWORD, (_match: string, user: string) => `${user}:${REDACTED}@`)
    .replace(BEARER, (_match: string, word: string) => `${word} ${REDACTED}`)
    .replace(KEY_SHAPE, (_match: string, prefix: string) => `${prefix}${REDACTED}`);
}
