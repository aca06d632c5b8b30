// engage.js: engaged time and scroll depth per pageview (engagement events), loaded on every tracked page.
import { watchEngagement } from '../engagement.js';
import { moduleCore } from '../modules.js';
import type { Core } from '../types.js';

const core = moduleCore<Core>();
if (core) watchEngagement(core);
