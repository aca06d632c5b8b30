// SPA navigation: pushState, replaceState, popstate and hash changes become (debounced) pageviews.
import { here } from './events.js';

/**
 * Calls `onPage` once navigation has settled for `debounce` ms, and only when the path or query changed since
 * `last` (where the core started, so a navigation made before this module loaded is still counted).
 */
export function watchNavigation(debounce: number, last: string, onPage: () => void): void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const changed = () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      if (last != here()) {
        last = here();
        onPage();
      }
    }, debounce);
  };
  for (const method of ['pushState', 'replaceState'] as const) {
    const original = history[method];
    history[method] = function (this: History, ...args: Parameters<History['pushState']>) {
      original.apply(this, args);
      changed();
    };
  }
  // A hash change also fires popstate, so this one listener covers hash routes too.
  addEventListener('popstate', changed);
  changed();
}
