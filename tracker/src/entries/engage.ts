// engage.js: engaged time and scroll depth per pageview (engagement events) and, when the site tracks them,
// file downloads; loaded on every tracked page.
import { watchDownloads } from '../downloads.js';
import { watchEngagement } from '../engagement.js';
import { moduleCore } from '../modules.js';
import type { Core } from '../types.js';

const core = moduleCore<Core>();
if (core) {
  watchEngagement(core);
  if (core.c.trackDownloads) watchDownloads(core);
}
