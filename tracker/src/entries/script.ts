// The core tracking script (script.js): reads its tag, honours opt-out, fetches the site's toggles, then tracks.
import { installNoop, installStub } from '../api.js';
import { startTracking } from '../core.js';
import { loadModule } from '../modules.js';
import { optedOut, placeAllowed } from '../privacy.js';
import { readTag } from '../tag-config.js';
import type { SiteToggles } from '../types.js';

const script = document.currentScript as HTMLScriptElement | null;
if (script) {
  const tag = readTag(script);
  if (optedOut(tag.ns) || !tag.site) installNoop(tag.ns);
  else {
    installStub(tag.ns);
    // A cross-origin GET without credentials: no cookie is ever sent (the same-origin case is the site's own proxy).
    fetch(tag.api + '/api/site/tracking-config/' + tag.site)
      .then((response) => response.json() as Promise<SiteToggles & { siteId?: number }>)
      // An unknown site answers without a siteId: then nothing is tracked.
      .then((toggles) => {
        if (!toggles.siteId || !placeAllowed(toggles.domain)) return;
        const start = () => startTracking(tag, toggles);
        // Globs are applied by patterns.js: nothing is sent before it has loaded (and nothing if it cannot load).
        if (tag.skip || tag.mask) loadModule(tag.dir, 'patterns', tag.ns, { 'skip': tag.skip, 'mask': tag.mask }).onload = start;
        else start();
      })
      .catch(() => undefined);
  }
}
