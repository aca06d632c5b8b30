// engage.js: engaged time and scroll depth per pageview (engagement events) and, when the site tracks them,
// file downloads; loaded on every tracked page. It also loads the replay recorder for the sites that record
// sessions: the core, which loads every other module, has no byte left of its 2,048.
import { watchDownloads } from '../downloads.js';
import { watchEngagement } from '../engagement.js';
import { loadModule, moduleCore, moduleTag } from '../modules.js';
import type { Core } from '../types.js';

const core = moduleCore<Core>();
const own = (moduleTag() as HTMLScriptElement | null)?.src || '';
if (core) {
  watchEngagement(core);
  if (core.c.trackDownloads) watchDownloads(core);
  // From the folder engage.js came from, as the core loads the others.
  if (core.c.sessionReplay) loadModule(own.slice(0, own.lastIndexOf('/') + 1), 'replay', core.n);
}
