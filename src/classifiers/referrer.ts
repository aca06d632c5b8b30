// Referrer hygiene: the referrer's host, its display domain, and dropping self-referrals before storage.

/** Lowercased host without a trailing dot or a leading `www.`; '' when the referrer is not a URL with a host. */
export function referrerHost(referrer: string): string {
  if (referrer === '') return '';
  let hostname: string;
  try {
    hostname = new URL(referrer).hostname;
  } catch {
    return '';
  }
  return normalizeHost(hostname);
}

/** Lowercases a host name and drops a trailing dot and a leading `www.`. */
export function normalizeHost(host: string): string {
  let result = host.toLowerCase();
  if (result.endsWith('.')) result = result.slice(0, -1);
  return result.startsWith('www.') ? result.slice(4) : result;
}

/** The domain a referrer is reported under, e.g. 'news.ycombinator.com'; '' when invalid. */
export function referrerDomain(referrer: string): string {
  return referrerHost(referrer);
}

/**
 * The referrer to store with an event: '' when it is not a URL with a host, or when its host is the
 * event's own hostname (ignoring case and `www.`); otherwise the referrer unchanged.
 */
export function cleanReferrer(referrer: string, hostname: string): string {
  const host = referrerHost(referrer.trim());
  if (host === '' || host === normalizeHost(hostname)) return '';
  return referrer.trim();
}
