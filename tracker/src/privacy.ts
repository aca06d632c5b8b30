// When the script must stay silent: the visitor opted out, the page is a file, or a local page for a non-local site.

/** Opt-out through window.__LOUPE_OPTOUT__ / localStorage["disable-loupe"] or the namespace's equivalents. */
export function optedOut(ns: string): boolean {
  const w = window as unknown as Record<string, unknown>;
  try {
    if (localStorage['disable-loupe'] != null || localStorage['disable-' + ns] != null) return true;
  } catch {
    // Storage blocked: no opt-out recorded there.
  }
  return !!(w.__LOUPE_OPTOUT__ || w['__' + ns.toUpperCase() + '_OPTOUT__']);
}

const LOCAL_HOSTS = ['localhost', '127.0.0.1', '[::1]'];

/** False for file: pages, and for local pages unless the site itself is local. */
export function placeAllowed(siteDomain = ''): boolean {
  return location.protocol != 'file:' && (!LOCAL_HOSTS.includes(location.hostname) || LOCAL_HOSTS.includes(siteDomain));
}
