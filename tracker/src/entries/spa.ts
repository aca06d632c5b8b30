// spa.js: pageviews on SPA navigation (history API and hash routes), loaded when the site tracks SPA navigation.
import { moduleCore, moduleTag } from '../modules.js';
import { watchNavigation } from '../spa.js';
import type { Core } from '../types.js';

const core = moduleCore<Core>();
if (core) watchNavigation(+(moduleTag()?.getAttribute('data-debounce') || 0), core.l, () => core.t('pageview'));
