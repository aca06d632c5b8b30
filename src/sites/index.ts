// The sites feature's public entry: its wiring, the site repository and record, private links, and the site-wide
// operations other features call (deleting a site everywhere, the sites a principal sees, embed framing).
export { registerSites, type SitesModuleDeps } from './sites-module.js';
export { SiteRepository, toSiteRef } from './site.repository.js';
export type { Site } from './site.js';
export { PrivateLinks } from './private-links.js';
export { privateLinkProofKey } from './private-link-proof-key.js';
export { embedFrameAncestors } from './embed-frame-ancestors.js';
export { deleteSiteEverywhere } from './delete-site.js';
export { visibleSitesOf } from './visible-sites.js';
export { COUNTED_EVENT_TYPES } from './site-activity.query.js';
