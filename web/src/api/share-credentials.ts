// The private link a reader opened in this tab: its site, key and (for a link with a password) the proof that the
// password was entered. Kept in sessionStorage (this tab only, gone when it closes), and in memory for a page that
// may not use storage (a frame on another site's page, where the browser blocks it); sent only with API calls for
// that site's routes, as the x-private-key and x-private-link-proof headers.

export interface ShareCredentials {
  /** The site as the link names it (numeric id or public id). */
  readonly site: string;
  readonly key: string;
  readonly proof: string | null;
}

const STORAGE_KEY = 'loupe.share-link';

/** This page's copy, for when storage is blocked. */
let inMemory: ShareCredentials | undefined;

function storage(): Storage | undefined {
  try {
    return globalThis.sessionStorage;
  } catch {
    return undefined;
  }
}

function isShareCredentials(value: unknown): value is ShareCredentials {
  if (typeof value !== 'object' || value === null) return false;
  const { site, key, proof } = value as Record<string, unknown>;
  return typeof site === 'string' && typeof key === 'string' && (proof === null || typeof proof === 'string');
}

function readStored(): ShareCredentials | undefined {
  let text: string | null | undefined;
  try {
    text = storage()?.getItem(STORAGE_KEY);
  } catch {
    return undefined;
  }
  if (!text) return undefined;
  try {
    const parsed: unknown = JSON.parse(text);
    return isShareCredentials(parsed) ? parsed : undefined;
  } catch {
    return undefined;
  }
}

export function readShareCredentials(): ShareCredentials | undefined {
  return readStored() ?? inMemory;
}

export function saveShareCredentials(credentials: ShareCredentials): void {
  inMemory = credentials;
  try {
    storage()?.setItem(STORAGE_KEY, JSON.stringify(credentials));
  } catch {
    // Storage refused (a frame on another site's page): the copy in memory serves this page.
  }
}

/** The credentials when they open `site` (named by either of its ids as the page's URL names it). */
export function shareCredentialsFor(site: string): ShareCredentials | undefined {
  const credentials = readShareCredentials();
  return credentials?.site === site ? credentials : undefined;
}

/** The headers an API call to `path` carries: the link's, only for a route of the link's own site. */
export function shareHeadersFor(path: string): Record<string, string> {
  const credentials = readShareCredentials();
  if (!credentials) return {};
  const base = `/api/sites/${encodeURIComponent(credentials.site)}`;
  const ownSite = path === base || path.startsWith(`${base}/`) || path.startsWith(`${base}?`);
  if (!ownSite) return {};
  return { 'x-private-key': credentials.key, ...(credentials.proof === null ? {} : { 'x-private-link-proof': credentials.proof }) };
}
