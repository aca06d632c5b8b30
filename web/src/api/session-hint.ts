// Whether this browser was signed in when the dashboard last asked: the site dashboard's early questions
// (view-state/prefetch-site-dashboard.ts) leave before the session check only then, so a signed-out visitor of a
// private site is never sent answers it may not read (each refused one is an error in the browser's console).
const KEY = 'loupe.signed-in';

export function rememberSignedIn(signedIn: boolean): void {
  try {
    if (signedIn) localStorage.setItem(KEY, '1');
    else localStorage.removeItem(KEY);
  } catch {
    // Storage turned off: no hint, and the page simply asks after its session check.
  }
}

export function wasSignedIn(): boolean {
  try {
    return localStorage.getItem(KEY) === '1';
  } catch {
    return false;
  }
}
